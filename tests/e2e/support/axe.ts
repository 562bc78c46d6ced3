import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

/** axe-core's serious and critical findings on the page as it stands; the caller's context must bypass the CSP. */
export async function seriousAccessibilityViolations(page: Page) {
  // A fade-in still running makes text read as low-contrast; finite animations are let finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  await page.addScriptTag({ path: fileURLToPath(import.meta.resolve('axe-core/axe.min.js')) })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe
    const { violations } = await axe.run(document)
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }))
  })
}
