import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { trpc } from '#client/lib/trpc.ts'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { TooltipProvider } from '#client/components/ui/tooltip.tsx'

export interface RouterContext {
  queryClient: QueryClient
  trpc: typeof trpc
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <TooltipProvider>
      <Outlet />
      <Toaster />
    </TooltipProvider>
  ),
})
