import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Builds the client when dist/client is missing or older than any client source file. */
const output = 'dist/client/index.html'

function newestSourceTime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs)
  }
  return newest
}

const sources = ['src/client', 'src/shared', 'panda.config.ts', 'vite.config.ts']
const newestSource = Math.max(...sources.map((path) => (statSync(path).isDirectory() ? newestSourceTime(path) : statSync(path).mtimeMs)))
if (!existsSync(output) || statSync(output).mtimeMs < newestSource) {
  console.log('Building the client…')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
}
