import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { SiteHeader } from './site-header'

const styles = {
  main: css({ maxW: '2xl', mx: 'auto', px: 'gutter', py: 'section', textAlign: 'center' }),
  title: css({ textStyle: 'h1', color: 'brand.fg' }),
  text: css({ textStyle: 'lead', color: 'fg.muted', mt: '3', mb: '8' }),
}

export function NotFound() {
  return (
    <>
      <SiteHeader />
      <main className={styles.main}>
        <h1 className={styles.title}>404 Page Not Found</h1>
        <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
        <Button asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
      </main>
    </>
  )
}
