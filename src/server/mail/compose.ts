import type { ReactElement } from 'react'

/** What every template may use besides its own props. */
export interface MailContext {
  /** The base of every link: `PUBLIC_URL`, or the app's own address. */
  publicUrl: string
  /** The page that turns this kind of email off, for the emails a member may stop; none for account emails. */
  unsubscribeUrl?: string
}

/** A composed email before rendering: the links are listed so the outbox can print them. */
interface MailContent {
  subject: string
  element: ReactElement
  links: string[]
}

export type MailTemplate<P> = (props: P, context: MailContext) => MailContent

/** A link into the site that carries a token and nothing else. */
export function tokenLink(context: MailContext, path: string, token: string): string {
  return `${siteLink(context, path)}?token=${encodeURIComponent(token)}`
}

/** A page of the site; only plain paths of our own, so a payload cannot point a link elsewhere. */
export function siteLink(context: MailContext, path: string): string {
  if (!/^\/[A-Za-z0-9/_-]*$/.test(path) || path.startsWith('//')) throw new Error(`Not a path of the site: ${path}`)
  return `${context.publicUrl.replace(/\/+$/, '')}${path}`
}
