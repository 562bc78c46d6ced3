// Before `npm start`: builds the client and the server when their output is missing or older than
// their sources, so `npm install && npm start` just works. Where the build tools are absent
// (`npm ci --omit=dev`), the build made beforehand by `npm run build` is served as it is.
// `ensure-build.mjs server` sees to the server alone (`npm run jobs` needs no client), `ensure-build.mjs client`
// to the client alone (Lighthouse in `npm run bench`).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const outputTime = (path) => (existsSync(path) ? statSync(path).mtimeMs : null)

const parts = [
  {
    name: 'client',
    output: 'dist/client/index.html',
    sources: ['src/client', 'src/shared', 'panda.config.ts', 'vite.config.ts'],
    tool: 'node_modules/vite/package.json',
    build: () => execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' }),
  },
  {
    name: 'server',
    output: 'dist/server/index.mjs',
    sources: ['src/server', 'src/shared', 'db', 'scripts/jobs.ts', 'scripts/build-server.mjs', 'package.json'],
    tool: 'node_modules/esbuild/package.json',
    build: async () => (await import('./build-server.mjs')).buildServer(),
  },
]

const wanted = process.argv.slice(2)
for (const part of parts) {
  if (wanted.length && !wanted.includes(part.name)) continue
  const built = outputTime(part.output)
  if (built !== null && built >= Math.max(...part.sources.map(newest))) continue
  if (!existsSync(part.tool)) {
    if (built !== null) {
      console.warn(`The ${part.name} build is older than its sources, and the build tools are not installed: serving it as it is.`)
      continue
    }
    console.error(`No ${part.name} build in dist/. Run \`npm run build\` where the dev dependencies are installed, then start again.`)
    process.exit(1)
  }
  console.log(`Building the ${part.name}…`)
  await part.build()
}
