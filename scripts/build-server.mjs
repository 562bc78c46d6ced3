// Compiles the server to plain ESM for `node`: dist/server/index.mjs (the app) and dist/server/jobs.mjs
// (the job runner on its own). Packages stay in node_modules (native ones must); our own modules,
// `#server/*` and the other import aliases included, are bundled.
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
    plugins: [sourceLocations(outdir)],
  })
  return Object.fromEntries(Object.keys(entryPoints).map((name) => [name, resolve(outdir, `${name}.mjs`)]))
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now()
  const { index } = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined)
  console.log(`Server built: ${relative(process.cwd(), index)} (${Math.round(performance.now() - started)} ms)`)
}
