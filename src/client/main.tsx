import { createRoot, hydrateRoot } from 'react-dom/client'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { App } from './app'
import { router } from './router'
import './styles.css'

const container = document.getElementById('root')!

if (container.dataset.prerendered === undefined) {
  createRoot(container).render(<App />)
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
