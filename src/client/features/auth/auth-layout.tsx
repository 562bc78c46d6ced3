import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
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
  title: css({ textStyle: 'h2', color: 'fg.default', textAlign: 'center' }),
  subtitle: css({ textStyle: 'body', color: 'fg.muted', textAlign: 'center', mt: '2', mb: '6' }),
  verse: css({ textStyle: 'small', fontStyle: 'italic', color: 'fg.muted', textAlign: 'center', mt: '6' }),
}

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <SiteHeader />
      <main className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
          {children}
        </div>
        <p className={styles.verse}>“Two are better than one.” Ecclesiastes 4:9</p>
      </main>
    </div>
  )
}
