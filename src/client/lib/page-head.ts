/** The browser tab's title before any screen names itself, and the landing page's. */
export const SITE_TITLE = 'Covenant: Christian dating with purpose'

/** A route's `head`: the screen's name first, so a row of tabs still tells them apart. */
export function pageHead(screen: string) {
  return { meta: [{ title: `${screen} · Covenant` }] }
}

/** The tab's name for a page that does not exist, or that the member may not see. */
export const NOT_FOUND_SCREEN = 'Page not found'
