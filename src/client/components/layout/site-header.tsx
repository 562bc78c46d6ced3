import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Logo } from './logo'

const styles = {
  bar: css({
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    bg: 'bg.surface/90',
    backdropFilter: 'blur(8px)',
    borderBottomWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  inner: css({
    maxW: '7xl',
    mx: 'auto',
    px: 'gutter',
    h: '16',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: { base: '2', sm: '4' },
  }),
  actions: css({ display: 'flex', alignItems: 'center', gap: '2' }),
  // On phones the arrow alone leaves room for the logo and the visitor's two buttons.
  backLabel: css({ hideBelow: 'sm' }),
  intro: css({ maxW: '7xl', mx: 'auto', px: 'gutter', pt: '8', pb: '2' }),
  title: css({ textStyle: 'h1', color: 'fg.default' }),
  description: css({ textStyle: 'lead', color: 'fg.muted', mt: '2', maxW: '3xl' }),
}

export interface SiteHeaderProps {
  /** Where Back goes; no Back button when omitted. */
  backTo?: string
  title?: string
  description?: ReactNode
  actions?: ReactNode
}

/** The spec's shared header: optional Back (default target /), optional title and description, and the logo. */
export function SiteHeader({ backTo, title, description, actions }: SiteHeaderProps) {
  const navigate = useNavigate()
  return (
    <>
      <header className={styles.bar}>
        <div className={styles.inner}>
          <div className={styles.actions}>
            {backTo !== undefined && (
              <Button variant="ghost" size="sm" aria-label="Back" onClick={() => navigate({ to: backTo || '/' })}>
                <ArrowLeft size={16} aria-hidden="true" />
                <span className={styles.backLabel}>Back</span>
              </Button>
            )}
            <Logo />
          </div>
          <div className={styles.actions}>{actions}</div>
        </div>
      </header>
      {(title || description) && (
        <div className={styles.intro}>
          {title && <h1 className={styles.title}>{title}</h1>}
          {description && <p className={styles.description}>{description}</p>}
        </div>
      )}
    </>
  )
}

export function VisitorActions() {
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/login">Sign in</Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/register">Join free</Link>
      </Button>
    </>
  )
}
