import { css, cva, cx } from 'styled-system/css'

const spinner = cva({
  base: { display: 'inline-block', flexShrink: 0, animation: 'spin', color: 'currentColor' },
  variants: {
    size: { sm: { w: '4', h: '4' }, md: { w: '5', h: '5' }, lg: { w: '8', h: '8' } },
  },
  defaultVariants: { size: 'md' },
})

const visuallyHidden = css({ srOnly: true })

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg'
  /** When set, the spinner announces itself as a status; without it, it is decorative. */
  label?: string
  className?: string
}

export function Spinner({ size, label, className }: SpinnerProps) {
  const icon = (
    <svg className={cx(spinner({ size }), className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
  if (!label) return icon
  return (
    <span role="status" className={css({ display: 'inline-flex' })}>
      {icon}
      <span className={visuallyHidden}>{label}</span>
    </span>
  )
}
