import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Toaster } from '#client/components/ui/toaster.tsx'
import type { RouterContext } from '#client/router-context.ts'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
})
