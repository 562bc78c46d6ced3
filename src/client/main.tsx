import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { App } from './app'
import { router } from './router'
import './styles.css'

const container = document.getElementById('root')!

if (container.dataset.prerendered === undefined) {
  // The first screen is drawn once its loader is done, as a transition: React then draws it in slices
  // between the browser's own work, where a router update is always drawn in one piece (its store is
  // read with useSyncExternalStore), a long task on a phone. Should loading take longer than the
  // router waits before showing its pending screen, the app is drawn then, as it always was.
  const root = createRoot(container)
  const draw = () => startTransition(() => root.render(<App />))
  Promise.race([router.load(), new Promise((resolve) => setTimeout(resolve, router.options.defaultPendingMs))]).then(draw, draw)
} else {
  // landing.html, the landing page drawn at build time: the server sends it only to a request without
  // a session, so nobody is signed in. Once the page's code is in, React takes the drawn page over
  // (hydration); until then its links work as plain links and its buttons wait (styles.css).
  queryClient.setQueryData(trpc.auth.me.queryKey(), null)
  // A visitor who has scrolled before the app arrived keeps their place: the router's first render
  // leaves the scroll alone, and every later one restores or resets it as usual.
  let firstRender = true
  router.update({
    ...router.options,
    scrollRestoration: () => {
      const restore = !firstRender
      firstRender = false
      return restore
    },
  })
  const takeOver = () =>
    hydrateRoot(
      container,
      <App
        onFirstCommit={() => {
          delete container.dataset.prerendered
        }}
      />,
    )
  router.load().then(takeOver, takeOver)
}
