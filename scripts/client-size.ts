import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * How much JavaScript and CSS (gzip) a first visit downloads before each screen can show, read from a
 * built client's Vite manifest: the entry with its static imports, then the chunks the router loads
 * for the screen's route (and their static imports). Usage: `npx tsx scripts/client-size.ts [dist/client]`.
 */
type Chunk = { file: string; imports?: string[]; css?: string[] }

const dir = process.argv[2] ?? 'dist/client'
const manifest: Record<string, Chunk> = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'))

/** What each screen loads by itself on a first visit, beyond the entry, and the JavaScript it may weigh (KB gzip). */
const screens = [
  { name: 'Landing (/ signed out)', chunks: ['routes/index.tsx?tsr-split=component', 'features/landing/landing-page.tsx'], budget: 120 },
  {
    name: 'Discover (/ signed in)',
    chunks: ['routes/index.tsx?tsr-split=component', 'features/discover/discover-screen.tsx'],
    budget: 200,
  },
]

function closure(keys: string[], files = new Set<string>()) {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not a chunk of this build: update the screens in ${import.meta.filename}`)
    if (files.has(chunk.file)) continue
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    closure(chunk.imports ?? [], files)
  }
  return files
}

const gzipped = (file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

let overBudget = false
for (const screen of screens) {
  const files = [...closure(['index.html', ...screen.chunks])]
  const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0)
  const css = files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipped(f), 0)
  const within = js <= screen.budget * 1024
  overBudget ||= !within
  console.log(
    `${screen.name}: ${files.length} files, JS ${kb(js)} + CSS ${kb(css)} gzip (budget ${screen.budget} KB JS: ${within ? 'within' : 'OVER'})`,
  )
}
const entry = [...closure(['index.html'])].filter((f) => f.endsWith('.js'))
const entryJs = entry.reduce((sum, f) => sum + gzipped(f), 0)
console.log(`Entry and its modulepreloads (every screen): ${entry.length} files, JS ${kb(entryJs)} gzip`)
if (overBudget) process.exitCode = 1
