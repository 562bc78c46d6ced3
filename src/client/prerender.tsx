import { createMemoryHistory } from '@tanstack/react-router'
import { prerender } from 'react-dom/static'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { App } from './app'
import { router } from './router'

/**
 * The landing page as a visitor first sees it, drawn at build time (vite.config.ts writes it into
 * landing.html), so a visitor's browser paints it before any script has run; main.tsx takes it over.
 */
export async function renderLandingPage() {
  queryClient.setQueryData(trpc.auth.me.queryKey(), null)
  router.update({
    ...router.options,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    // Drawn as the browser draws it (the router's server mode adds and leaves out wrappers), and
    // without the inline script that restores scrolling on a server-rendered page: the page's
    // policy refuses inline scripts, and the app restores scrolling itself.
    isServer: false,
    origin: 'http://localhost',
    scrollRestoration: false,
  })
  await router.load()
  // Waits for every part of the page, so that none is left as a placeholder for the browser to draw afresh.
  const { prelude } = await prerender(<App />, { progressiveChunkSize: Number.POSITIVE_INFINITY })
  return new Response(prelude).text()
}
