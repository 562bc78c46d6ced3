import type { LinkProps } from '@tanstack/react-router'
import { useSyncExternalStore } from 'react'
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './ui-timings'

type ToastVariant = 'default' | 'destructive' | 'success'

/** A link shown under the description, e.g. to /pricing when a free-tier limit is reached. */
interface ToastAction {
  label: string
  // Checked against the router registered in router.tsx, so toasts need not import the route tree.
  to: NonNullable<LinkProps['to']>
  /** Search params for `to`, e.g. the tab of a page. */
  search?: Record<string, string>
}

export interface ToastOptions {
  title: string
  description?: string
  variant?: ToastVariant
  action?: ToastAction
}

export interface ToastItem extends ToastOptions {
  id: string
  open: boolean
}

let toasts: ToastItem[] = []
let nextId = 0
const listeners = new Set<() => void>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()

function setToasts(next: ToastItem[]) {
  for (const [id, timer] of removeTimers) {
    if (!next.some((t) => t.id === id)) {
      clearTimeout(timer)
      removeTimers.delete(id)
    }
  }
  toasts = next
  for (const listener of listeners) listener()
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  // The same words while they are still shown (two messages that failed together) are one toast, not a stack.
  const same = toasts.find(
    (shown) =>
      shown.open && shown.title === options.title && shown.description === options.description && shown.variant === options.variant,
  )
  if (same) return { id: same.id, dismiss: () => dismissToast(same.id) }
  nextId += 1
  const id = String(nextId)
  const shown = toasts.filter((t) => t.open)
  setToasts([{ ...options, id, open: true }, ...toasts])
  // Newest first; past the limit the oldest gives way as if dismissed, with its exit animation.
  for (const old of shown.slice(TOAST_LIMIT - 1)) dismissToast(old.id)
  return { id, dismiss: () => dismissToast(id) }
}

// Closing first and removing later lets Radix play the exit animation.
export function dismissToast(id: string) {
  if (!toasts.some((t) => t.id === id && t.open)) return
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)))
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id)
      setToasts(toasts.filter((t) => t.id !== id))
    }, TOAST_REMOVE_DELAY_MS),
  )
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function getSnapshot() {
  return toasts
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
