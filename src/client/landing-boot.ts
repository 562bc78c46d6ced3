/**
 * The one script landing.html carries (docs/decisions/032, 033). The page arrives drawn and works
 * as a document: its links lead on, its anchors scroll. The app's code (about 175 KB gzip) is asked
 * for when the visitor first reaches for the page (a pointer moving or pressing, a touch, a key,
 * a focus, a scroll), so a visit that only reads the first screen downloads none of it. A press on
 * a button before the app has taken the page over is held, and made again once it has: every
 * button does what it says, a moment later.
 *
 * Serialized into the build by vite.config.ts (`Function.prototype.toString`), so it must stay
 * self-contained: no imports, no references outside its own body.
 */
export function bootLanding(entry: string, preloads: string[]) {
  const root = document.getElementById('root')
  if (!root) return
  const intents = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll']
  let held: HTMLElement | null = null
  let loading = false
  let failures = 0
  const listen = () => {
    for (const type of intents) addEventListener(type, load, { capture: true, passive: true })
  }

  const load = () => {
    if (loading) return
    loading = true
    for (const type of intents) removeEventListener(type, load, true)
    for (const href of preloads) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.append(link)
    }
    // A download that failed (the line dropped) is tried again on the visitor's next reach, under a
    // new address: the page remembers a module that failed to arrive and would not ask for it again.
    import(failures === 0 ? entry : `${entry}?retry=${failures}`).catch(() => {
      failures++
      loading = false
      listen()
    })
  }
  const hold = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null
    if (!control || !root.contains(control)) return
    // Not submitted natively, not lost: made again by the app once it has the page.
    event.preventDefault()
    event.stopImmediatePropagation()
    held = control
    load()
  }
  const takenOver = new MutationObserver(() => {
    if (root.dataset.prerendered !== undefined) return
    takenOver.disconnect()
    removeEventListener('click', hold, true)
    if (held?.isConnected) held.click()
  })

  listen()
  addEventListener('click', hold, true)
  takenOver.observe(root, { attributes: true, attributeFilter: ['data-prerendered'] })
}
