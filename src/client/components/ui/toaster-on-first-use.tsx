import { lazy, Suspense } from 'react'
import { useNeededOnce } from '#client/lib/load-on-first-use.ts'
import { useToasts } from '#client/lib/toast.ts'

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })))

/**
 * The toast region and Radix's toast code (about 9 KB gzip) load with the first toast instead of
 * with every screen; once loaded the region stays, so later toasts show at once.
 */
export function ToasterOnFirstUse() {
  if (!useNeededOnce(useToasts().length > 0)) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
