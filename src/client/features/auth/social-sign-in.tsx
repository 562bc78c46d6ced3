import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'

const styles = {
  divider: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    my: '6',
    color: 'fg.subtle',
    textStyle: 'small',
    _before: { content: '""', flex: '1', h: '1px', bg: 'border.default' },
    _after: { content: '""', flex: '1', h: '1px', bg: 'border.default' },
  }),
  buttons: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' }),
  mark: css({ fontWeight: 'bold', fontSize: 'md', lineHeight: '1' }),
}

/** Browser navigations, not fetches: the server redirects to the provider. */
export function SocialSignIn() {
  return (
    <>
      <div className={styles.divider}>Or continue with</div>
      <div className={styles.buttons}>
        <Button asChild variant="outline">
          <a href="/api/auth/google">
            <span className={styles.mark} aria-hidden="true">
              G
            </span>{' '}
            Google
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href="/api/auth/facebook">
            <span className={styles.mark} aria-hidden="true">
              f
            </span>{' '}
            Facebook
          </a>
        </Button>
      </div>
    </>
  )
}
