import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, useLayoutEffect } from 'react'
import { queryClient } from '#client/lib/trpc.ts'
import { router } from './router'

/**
 * The whole app, the same tree in the browser (main.tsx) and when the landing page is drawn at
 * build time (prerender.tsx), so that the browser can take the drawn page over as it is.
 */
export function App({ onFirstCommit }: { onFirstCommit?: () => void }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <FirstCommit onCommit={onFirstCommit} />
      </QueryClientProvider>
    </StrictMode>
  )
}

function FirstCommit({ onCommit }: { onCommit?: () => void }) {
  useLayoutEffect(() => onCommit?.(), [onCommit])
  return null
}
