import { lazy, Suspense, useState } from 'react'
import { useToasts } from '#client/lib/toast.ts'

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })))

/**
 * The toast region and Radix's toast code (about 9 KB gzip) load with the first toast instead of
 * with every screen; once loaded the region stays, so later toasts show at once.
 */
export function ToasterOnFirstUse() {
  const hasToasts = useToasts().length > 0
  const [used, setUsed] = useState(hasToasts)
  if (hasToasts && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
