import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type { ComponentProps, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

const styles = {
  overlay: css({
    position: 'fixed',
    inset: '0',
    zIndex: 'overlay',
    bg: 'bg.overlay',
    '&[data-state=open]': { animation: 'overlayIn' },
    '&[data-state=closed]': { animation: 'overlayOut' },
  }),
  // inset + auto margins centre the panel, which leaves transform free for the animation.
  content: css({
    position: 'fixed',
    inset: '0',
    zIndex: 'modal',
    m: 'auto',
    display: 'flex',
    flexDirection: 'column',
    w: 'calc(100% - token(spacing.8))',
    h: 'fit-content',
    maxH: 'dialogMaxHeight',
    bg: 'bg.surface',
    color: 'fg.default',
    borderRadius: 'card',
    boxShadow: 'xl',
    outline: 'none',
    '&[data-state=open]': { animation: 'dialogIn' },
    '&[data-state=closed]': { animation: 'dialogOut' },
  }),
  // Reading dialogs (a whole story, a set of studies) get a wider measure than forms and confirmations.
  md: css({ maxW: 'lg' }),
  lg: css({ maxW: '2xl' }),
  header: css({ display: 'flex', flexDirection: 'column', gap: '1.5', ps: '6', pe: '14', pt: '6', pb: '4' }),
  title: css({ textStyle: 'h3' }),
  description: css({ textStyle: 'small', color: 'fg.muted' }),
  body: css({
    flex: '1',
    minH: '0',
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    px: '6',
    pb: '6',
    focusVisibleRing: 'inside',
    borderBottomRadius: 'card',
  }),
  footer: css({
    display: 'flex',
    flexDirection: { base: 'column-reverse', sm: 'row' },
    justifyContent: 'flex-end',
    gap: '3',
    px: '6',
    py: '4',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  close: css({
    position: 'absolute',
    top: '4',
    insetInlineEnd: '4',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '9',
    h: '9',
    borderRadius: 'full',
    color: 'fg.muted',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted', color: 'fg.default' },
  }),
  closeIcon: css({ w: '5', h: '5' }),
}

export interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode
  description?: ReactNode
  /** Actions pinned under the scrolling body. */
  footer?: ReactNode
  size?: 'md' | 'lg'
  /**
   * For read-only dialogs (a story, a list of studies): the scrolling body takes keyboard focus, so the
   * arrow keys scroll it; form dialogs leave this off so focus lands on their first field.
   */
  focusableBody?: boolean
}

// Radix warns about a missing description unless aria-describedby is explicitly undefined.
const noDescription = { 'aria-describedby': undefined }

export function DialogContent({
  title,
  description,
  footer,
  size = 'md',
  focusableBody = false,
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={styles.overlay} />
      <DialogPrimitive.Content className={cx(styles.content, styles[size], className)} {...(description ? {} : noDescription)} {...props}>
        <header className={styles.header}>
          <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
          {description && <DialogPrimitive.Description className={styles.description}>{description}</DialogPrimitive.Description>}
        </header>
        <div className={styles.body} tabIndex={focusableBody ? 0 : undefined}>
          {children}
        </div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
        <DialogPrimitive.Close className={styles.close} aria-label="Close">
          <X className={styles.closeIcon} />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}
