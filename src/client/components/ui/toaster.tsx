import { Link } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { css, cx } from 'styled-system/css'
import { button, toast as toastRecipe } from 'styled-system/recipes'
import { dismissToast, useToasts } from '#client/lib/toast.ts'
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '#client/lib/ui-timings.ts'

// Phones: a full-width strip at the top, clear of the thumb; md and up: bottom-right. Toasts stack
// with the newest nearest the edge they come from, so one never hides another.
const viewportStyle = css({
  position: 'fixed',
  zIndex: 'toast',
  top: '0',
  insetInline: '0',
  display: 'flex',
  flexDirection: { base: 'column', md: 'column-reverse' },
  gap: '2',
  w: 'full',
  p: '4',
  m: '0',
  listStyle: 'none',
  md: { top: 'auto', bottom: '0', insetInlineStart: 'auto', maxW: 'toastViewport', p: '6' },
})

const closeIconStyle = css({ w: '4', h: '4' })
const actionStyle = css({ gridColumn: '1', justifySelf: 'start', mt: '1.5' })

export function Toaster() {
  const toasts = useToasts()
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant, action, open }) => {
        const classes = toastRecipe({ variant })
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={(next) => {
              if (!next) dismissToast(id)
            }}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            className={classes.root}
          >
            <ToastPrimitive.Title className={classes.title}>{title}</ToastPrimitive.Title>
            {description && <ToastPrimitive.Description className={classes.description}>{description}</ToastPrimitive.Description>}
            {action && (
              <ToastPrimitive.Action altText={action.label} asChild>
                <Link to={action.to} search={action.search} className={cx(button({ variant: 'outline', size: 'sm' }), actionStyle)}>
                  {action.label}
                </Link>
              </ToastPrimitive.Action>
            )}
            <ToastPrimitive.Close className={classes.close} aria-label="Close">
              <X className={closeIconStyle} />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        )
      })}
      <ToastPrimitive.Viewport className={viewportStyle} />
    </ToastPrimitive.Provider>
  )
}
