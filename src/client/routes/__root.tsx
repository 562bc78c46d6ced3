import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router'
import { ToasterOnFirstUse } from '#client/components/ui/toaster-on-first-use.tsx'
import { SITE_TITLE } from '#client/lib/page-head.ts'
import type { RouterContext } from '#client/router-context.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Each screen's route names itself in its `head`; this is the title of any that does not.
  head: () => ({ meta: [{ title: SITE_TITLE }] }),
  component: () => (
    <>
      <HeadContent />
      <Outlet />
      <ToasterOnFirstUse />
    </>
  ),
})
