/** The browser tab's title before any screen names itself, and the landing page's. */
export const SITE_TITLE = 'Covenant: Christian dating with purpose'

/** A route's `head`: the screen's name first, so a row of tabs still tells them apart. */
export function pageHead(screen: string) {
  return { meta: [{ title: `${screen} · Covenant` }] }
}
