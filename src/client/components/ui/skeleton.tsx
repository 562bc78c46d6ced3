import { cva, cx } from 'styled-system/css'

const skeleton = cva({
  base: {
    display: 'block',
    flexShrink: 0,
    borderRadius: 'md',
    bgColor: 'bg.emphasized',
    bgImage: 'linear-gradient(90deg, token(colors.bg.emphasized) 25%, token(colors.bg.muted) 50%, token(colors.bg.emphasized) 75%)',
    bgSize: '200% 100%',
    animation: 'shimmer',
  },
  variants: {
    circle: { true: { borderRadius: 'full' } },
  },
})

export interface SkeletonProps {
  /** Size it with a className, e.g. css({ h: '4', w: '2/3' }). */
  className?: string
  circle?: boolean
}

// Decorative: the region that is loading should carry aria-busy and an accessible label.
export function Skeleton({ className, circle = false }: SkeletonProps) {
  return <span aria-hidden="true" className={cx(skeleton({ circle }), className)} />
}

/** Keys for a row of placeholders: they have no identity of their own, only a place. */
export function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, place) => `placeholder-${place}`)
}
