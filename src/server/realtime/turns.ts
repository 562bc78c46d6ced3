/**
 * Steps queued under one key run one after another, in the order they were queued; steps under
 * different keys run freely. A step that fails does not stop the ones queued after it. Answers the
 * function that queues a step.
 */
export function turnsByKey(): (key: string, step: () => Promise<void>) => void {
  const pending = new Map<string, Promise<void>>()
  return (key, step) => {
    const next = (pending.get(key) ?? Promise.resolve()).then(step).catch(() => {})
    pending.set(key, next)
    void next.then(() => pending.get(key) === next && pending.delete(key))
  }
}
