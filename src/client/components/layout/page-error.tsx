import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { isModuleNotFoundError } from '@tanstack/router-core'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'

const styles = {
  root: css({ maxW: '2xl', mx: 'auto', px: 'gutter', py: 'section', textAlign: 'center' }),
  title: css({ textStyle: 'h2', color: 'brand.fg' }),
  text: css({ textStyle: 'lead', color: 'fg.muted', mt: '3', mb: '8' }),
}

/**
 * A screen that could not be shown. When its code failed to arrive (the line dropped), only a reload
 * asks for it again: the browser remembers a module that failed to load for as long as the page lives.
 * The router reloads once by itself on such a failure; this is what a member sees when that fails too.
 */
export function PageError({ error }: ErrorComponentProps) {
  const router = useRouter()
  // The router's own test (Chromium, Firefox and Safari word it each their way), the one it reloads on.
  const codeMissing = isModuleNotFoundError(error)
  return (
    // In the member's shell, which already holds the page's <main>.
    <div className={styles.root}>
      <h1 className={styles.title}>{codeMissing ? 'This page did not finish loading' : 'Something went wrong'}</h1>
      <p className={styles.text}>
        {codeMissing ? 'The connection dropped while it loaded. Check your connection, then reload the page.' : 'Please try again.'}
      </p>
      {codeMissing ? (
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      ) : (
        // Loads the screen's data again and clears this error once it has it.
        <Button onClick={() => router.invalidate()}>Try again</Button>
      )}
    </div>
  )
}
