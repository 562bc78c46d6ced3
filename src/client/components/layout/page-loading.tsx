import { css } from 'styled-system/css'
import { Spinner } from '#client/components/ui/spinner.tsx'

const styles = {
  root: css({ minH: '60vh', display: 'grid', placeItems: 'center', color: 'brand.fg' }),
}

export function PageLoading() {
  return (
    <div className={styles.root} role="status" aria-live="polite">
      <Spinner size="lg" />
      <span className={css({ srOnly: true })}>Loading…</span>
    </div>
  )
}
