import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'
import { chunkClosure, SCREEN_CHUNKS } from './client-chunks.ts'

/**
 * How much JavaScript and CSS (gzip) a first visit downloads before each screen can show, read from a
 * built client's Vite manifest: the entry with its static imports, then the chunks the router loads
 * for the screen's route (and their static imports). Usage: `npx tsx scripts/client-size.ts [dist/client]`.
 */
const dir = process.argv[2] ?? 'dist/client'
const manifest: Manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'))

/** What each screen loads by itself on a first visit, beyond the entry, and the JavaScript it may weigh (KB gzip). */
const screens = [
  { name: 'Landing (/ signed out)', chunks: SCREEN_CHUNKS.landing, budget: 120 },
  { name: 'Discover (/ signed in)', chunks: SCREEN_CHUNKS.discover, budget: 200 },
]

const gzipped = (file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

let overBudget = false
for (const screen of screens) {
  const files = [...chunkClosure(manifest, ['index.html', ...screen.chunks])]
  const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0)
  const css = files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipped(f), 0)
  const within = js <= screen.budget * 1024
  overBudget ||= !within
  console.log(
    `${screen.name}: ${files.length} files, JS ${kb(js)} + CSS ${kb(css)} gzip (budget ${screen.budget} KB JS: ${within ? 'within' : 'OVER'})`,
  )
}
const entry = [...chunkClosure(manifest, ['index.html'])].filter((f) => f.endsWith('.js'))
const entryJs = entry.reduce((sum, f) => sum + gzipped(f), 0)
console.log(`Entry and its modulepreloads (every screen): ${entry.length} files, JS ${kb(entryJs)} gzip`)
if (overBudget) process.exitCode = 1
