import { type ComponentProps, cloneElement, type ReactElement, type ReactNode, type Ref } from 'react'
import { type LoadedOnFirstUse, useStandIn } from '#client/lib/load-on-first-use.ts'

type Trigger = ReactElement<ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> }>

/**
 * A dialog's trigger shown at once, with the dialog itself (Radix Dialog, focus trapping, scroll
 * locking: about 20 KB gzip with its content) loaded when the trigger is first pointed at, focused
 * or pressed. `children` renders the loaded dialog around the trigger it is given, opening it at
 * once if the trigger was pressed before the code arrived.
 */
export function DialogOnFirstUse<T>({
  module,
  trigger,
  children,
}: {
  module: LoadedOnFirstUse<T>
  trigger: Trigger
  children: (loaded: T, trigger: Trigger, defaultOpen: boolean) => ReactNode
}) {
  const standIn = useStandIn(module)
  if (standIn.loaded) return children(standIn.loaded, cloneElement(trigger, { ref: standIn.ref }), standIn.openOnLoad)
  return cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    ...standIn.standInProps,
    onClick: standIn.open,
  })
}
