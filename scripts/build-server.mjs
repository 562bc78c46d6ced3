// Compiles the server to plain ESM for `node`: dist/server/index.mjs (the app) and dist/server/jobs.mjs
// (the job runner on its own). Packages stay in node_modules (native ones must), but for tRPC's
// server, compiled from its source; our own modules, `#server/*` and the other import aliases
// included, are bundled.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Modules find files beside their source (db/migrations, src/server/content) through
 * `import.meta.url`. In the bundle that would be the bundle's own URL, so each module's
 * `import.meta.url` becomes its source file's URL, worked out at run time from the bundle's
 * place: the compiled server works wherever the checkout sits, as long as those files are there.
 */
function sourceLocations(outdir) {
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx)$/ }, async ({ path }) => {
        if (path.includes('/node_modules/')) return undefined
        const source = await readFile(path, 'utf8')
        if (!source.includes('import.meta.url')) return undefined
        const fromBundle = relative(outdir, path).split('\\').join('/')
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
        }
      })
    },
  }
}

/**
 * tRPC compiled from the TypeScript it ships, for our Node target, instead of loaded from its build.
 * That build is made for older runtimes: every object spread in it (tRPC copies a call's options at
 * each step of a procedure) goes through a helper that copies the properties one at a time: several
 * percent of the CPU of a light call such as the current member's read (docs/decisions/045). Every
 * import of `@trpc/server` resolves here, so the bundle holds one copy of it.
 */
function trpcFromSource() {
  const sources = resolve(root, 'node_modules/@trpc/server/src')
  return {
    name: 'trpc-from-source',
    setup(build) {
      build.onResolve({ filter: /^@trpc\/server(\/|$)/ }, ({ path }) => {
        const entry = path.slice('@trpc/server'.length) || '/index'
        const file = [`${sources}${entry}.ts`, `${sources}${entry}/index.ts`].find((candidate) => existsSync(candidate))
        if (!file) return { errors: [{ text: `${path} has no TypeScript source in ${sources}` }] }
        return { path: file }
      })
    },
  }
}

const serverEntries = { index: 'src/server/index.ts', jobs: 'scripts/jobs.ts' }

/**
 * Builds into `outdir` (default dist/server) and returns the entry files' paths. `entryPoints`
 * (name to source) builds other programs the same way; `npm run bench` compiles its servers so.
 */
export async function buildServer(outdir = resolve(root, 'dist/server'), entryPoints = serverEntries) {
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    // .mjs: ESM wherever the output is put, even outside this package.
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceLocations(outdir), trpcFromSource()],
  })
  return Object.fromEntries(Object.keys(entryPoints).map((name) => [name, resolve(outdir, `${name}.mjs`)]))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  const { index } = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined)
  console.log(`Server built: ${relative(process.cwd(), index)} (${Math.round(performance.now() - started)} ms)`)
}
