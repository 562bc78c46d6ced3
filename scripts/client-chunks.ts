import type { Manifest } from 'vite'

/** The manifest entries the router loads for a screen on a first visit, beyond the entry (index.html). */
export const SCREEN_CHUNKS = {
  landing: ['routes/index.tsx?tsr-split=component', 'features/landing/landing-page.tsx'],
  discover: ['routes/index.tsx?tsr-split=component', 'features/discover/discover-screen.tsx'],
} as const

/**
 * The files of the given entries of a built client's Vite manifest and of everything they import
 * statically, their stylesheets included, in load order (the first entry's own file first).
 */
export function chunkClosure(manifest: Manifest, keys: readonly string[], files = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not a chunk of this build: update SCREEN_CHUNKS in scripts/client-chunks.ts`)
    if (files.has(chunk.file)) continue
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    chunkClosure(manifest, chunk.imports ?? [], files)
  }
  return files
}
