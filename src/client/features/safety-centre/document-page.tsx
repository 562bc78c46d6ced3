import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { SiteFooter } from '#client/components/layout/site-footer.tsx'
import { SiteHeader, VisitorActions } from '#client/components/layout/site-header.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { MemberShell } from '#client/features/shell/member-shell.tsx'

const styles = {
  visitorMain: css({ maxW: '7xl', mx: 'auto', px: 'gutter', py: { base: '6', md: '10' } }),
  article: css({ maxW: '3xl', mx: 'auto' }),
  header: css({ mb: { base: '6', md: '8' } }),
  title: css({ textStyle: 'h1', color: 'fg.default' }),
  lead: css({ textStyle: 'lead', color: 'fg.muted', mt: '3' }),
  updated: css({ textStyle: 'small', color: 'fg.muted', mt: '3' }),
  contents: css({
    mb: { base: '8', md: '10' },
    p: { base: '4', md: '5' },
    borderRadius: 'card',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  contentsTitle: css({ textStyle: 'overline', color: 'fg.muted', mb: '2' }),
  contentsList: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
    columnGap: '6',
    rowGap: '1.5',
    textStyle: 'small',
  }),
  contentsLink: css({ color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '2px', focusVisibleRing: 'outside' }),
  section: css({
    scrollMarginTop: '20',
    '& + &': { mt: { base: '8', md: '10' }, pt: { base: '8', md: '10' }, borderTopWidth: 'thin', borderColor: 'border.subtle' },
  }),
  sectionTitle: css({ textStyle: 'h2', color: 'fg.default', mb: '4' }),
  prose: css({
    textStyle: 'body',
    color: 'fg.default',
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    '& h3': { textStyle: 'h4', mt: '2' },
    '& ul': { display: 'flex', flexDirection: 'column', gap: '2', pl: '5', listStyleType: 'disc' },
    '& li::marker': { color: 'brand.fg' },
    '& strong': { fontWeight: 'semibold' },
    '& a': { color: 'brand.fg', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '2px', overflowWrap: 'anywhere' },
  }),
}

export interface DocumentSection {
  id: string
  title: string
  body: ReactNode
}

interface DocumentPageProps {
  title: string
  lead: ReactNode
  /** The date the text was last changed, for the terms and the privacy policy. */
  updated?: string
  /** Above the contents: what must not wait for the reader to scroll (an emergency number). */
  callout?: ReactNode
  sections: DocumentSection[]
}

/**
 * A page of reading that visitors and members both open (the safety centre, the terms, the privacy
 * policy): inside the member shell for a member, under the visitor's header otherwise.
 */
export function DocumentPage(props: DocumentPageProps) {
  const { user } = useCurrentUser()
  if (user)
    return (
      <MemberShell>
        <DocumentArticle {...props} />
      </MemberShell>
    )
  return (
    <>
      <SiteHeader backTo="/" actions={<VisitorActions />} />
      <main className={styles.visitorMain}>
        <DocumentArticle {...props} />
      </main>
      <SiteFooter />
    </>
  )
}

function DocumentArticle({ title, lead, updated, callout, sections }: DocumentPageProps) {
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {updated && <p className={styles.updated}>Last updated {updated}</p>}
      </header>
      {callout}
      <nav aria-labelledby="document-contents" className={styles.contents}>
        <h2 id="document-contents" className={styles.contentsTitle}>
          On this page
        </h2>
        <ul className={styles.contentsList}>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={styles.contentsLink}>
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className={styles.section}>
          <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
            {section.title}
          </h2>
          <div className={styles.prose}>{section.body}</div>
        </section>
      ))}
    </article>
  )
}
