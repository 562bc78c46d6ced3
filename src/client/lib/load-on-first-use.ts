import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react'

export interface LoadedOnFirstUse<T> {
  load(): Promise<T>
  use(): T | undefined
}

/**
 * Whether `needed` has been true at any render so far: a part whose code loads on first need (the
 * toasts' region, the match dialog) is mounted from then on and stays, so it shows at once next time.
 */
export function useNeededOnce(needed: boolean) {
  const [needs, setNeeds] = useState(needed)
  if (needed && !needs) setNeeds(true)
  return needs || needed
}

/**
 * A module that loads the first time something asks for it (a hover, a focus, a press) instead of
 * with the screen; `use()` re-renders every caller once it has arrived.
 */
export function loadOnFirstUse<T>(importModule: () => Promise<T>): LoadedOnFirstUse<T> {
  let loaded: T | undefined
  let loading: Promise<T> | undefined
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const current = () => loaded
  return {
    load() {
      loading ??= importModule().then(
        (module) => {
          loaded = module
          for (const listener of listeners) listener()
          return module
        },
        (error: unknown) => {
          // A failed download (a deploy replaced the chunk, the network dropped) is tried again on the next use.
          loading = undefined
          throw error
        },
      )
      return loading
    },
    use: () => useSyncExternalStore(subscribe, current, current),
  }
}

/**
 * A button drawn in place of a control whose code loads on first use (`loadOnFirstUse`). Pointing
 * at it, focusing it or touching it starts the download; `open()` (a press) makes the real control
 * open as it mounts. The real control replaces the stand-in once loaded, but never during a touch
 * (that would lose the tap), and takes the focus if the stand-in had it.
 */
export function useStandIn<T>(module: LoadedOnFirstUse<T>) {
  const loaded = module.use()
  const [openOnLoad, setOpenOnLoad] = useState(false)
  const [pressing, setPressing] = useState(false)
  const focused = useRef(false)
  const ref = useRef<HTMLButtonElement>(null)
  const ready = pressing ? undefined : loaded

  useEffect(() => {
    if (ready && focused.current && !openOnLoad) ref.current?.focus({ preventScroll: true })
  }, [ready, openOnLoad])

  const load = () => void module.load().catch(() => undefined)
  return {
    /** The module, once it may replace the stand-in. */
    loaded: ready,
    openOnLoad,
    /** For the real control's trigger, so it can take the focus. */
    ref,
    open() {
      setOpenOnLoad(true)
      setPressing(false)
      load()
    },
    standInProps: {
      onPointerEnter: load,
      onFocus() {
        focused.current = true
        load()
      },
      onBlur() {
        focused.current = false
      },
      onPointerDown(event: PointerEvent<HTMLButtonElement>) {
        if (event.pointerType === 'mouse') return
        setPressing(true)
        load()
      },
      onPointerCancel: () => setPressing(false),
    },
  }
}
