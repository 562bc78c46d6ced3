import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { css, cva, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { SiteHeader } from '#client/components/layout/site-header.tsx'

const styles = {
  page: css({ minH: '100dvh', bg: 'bg.canvas' }),
  main: css({ maxW: 'md', mx: 'auto', px: 'gutter', py: { base: '8', md: '14' } }),
  card: cx(
    card({ elevation: 'md' }).root,
    css({
      p: { base: '6', md: '8' },
    }),
  ),
  title: css({ textStyle: 'h2', color: 'fg.default', textAlign: 'center', _focus: { outline: 'none' } }),
  subtitle: css({ textStyle: 'body', color: 'fg.muted', textAlign: 'center', mt: '2', mb: '6' }),
  verse: css({ textStyle: 'small', fontStyle: 'italic', color: 'fg.muted', textAlign: 'center', mt: '6' }),
}

const emblem = cva({
  base: { display: 'flex', alignItems: 'center', justifyContent: 'center', w: '14', h: '14', mx: 'auto', mb: '4', borderRadius: 'full' },
  variants: {
    tone: {
      brand: { bg: 'brand.subtle', color: 'brand.fg' },
      success: { bg: 'success.subtle', color: 'success.fg' },
      danger: { bg: 'danger.subtle', color: 'danger.fg' },
    },
  },
  defaultVariants: { tone: 'brand' },
})

interface AuthLayoutProps {
  title: string
  subtitle: ReactNode
  /** A state rather than a form (an email sent, a link confirmed or refused) shows its icon above the title. */
  icon?: LucideIcon
  tone?: 'brand' | 'success' | 'danger'
  children?: ReactNode
}

export function AuthLayout({ title, subtitle, icon: Icon, tone, children }: AuthLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  // A form that gives way to a state (the email is sent, the link is refused) takes the focus it held to the news.
  useEffect(() => {
    if (Icon) heading.current?.focus()
  }, [Icon])
  return (
    <div className={styles.page}>
      <SiteHeader />
      <main className={styles.main}>
        <div className={styles.card}>
          {Icon && (
            <div className={emblem({ tone })}>
              <Icon size={28} aria-hidden="true" />
            </div>
          )}
          <h1 ref={heading} tabIndex={-1} className={styles.title}>
            {title}
          </h1>
          <p className={styles.subtitle}>{subtitle}</p>
          {children}
        </div>
        <p className={styles.verse}>“Two are better than one.” Ecclesiastes 4:9</p>
      </main>
    </div>
  )
}
