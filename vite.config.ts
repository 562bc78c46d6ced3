import { createHash } from 'node:crypto'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { createTRPCUntypedClient, httpBatchLink } from '@trpc/client'
import type { AnyTRPCRouter } from '@trpc/server'
import react from '@vitejs/plugin-react'
import { transform } from 'esbuild'
import { build, defineConfig, type Manifest, type Plugin } from 'vite'
import { bootLanding } from '#client/landing-boot.ts'
import { HTTP_BATCH_OPTIONS, MEMBER_HOME_READS } from '#client/lib/trpc-http.ts'
import { chunkClosure, SCREEN_CHUNKS } from '#scripts/client-chunks.ts'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * Brotli and gzip copies beside every text file worth compressing, made once at build time at the
 * highest levels, so the server sends them as they are (static-files.ts) and never compresses per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/
  const brotli = promisify(brotliCompress)
  const gzipped = promisify(gzip)
  let outDir = ''
  return {
    name: 'covenant:precompress',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // After landing.html is written, so that it is compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // Vite's own manifest (.vite/) is read by tooling, never served.
        const files = (await readdir(outDir, { recursive: true })).filter((file) => compressible.test(file) && !file.startsWith('.'))
        await Promise.all(
          files.map(async (file) => {
            const path = join(outDir, file)
            const source = await readFile(path)
            if (source.length < 1024) return
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              gzipped(source, { level: 9 }),
            ])
            if (br.length < source.length) await writeFile(`${path}.br`, br)
            if (gz.length < source.length) await writeFile(`${path}.gz`, gz)
          }),
        )
      },
    },
  }
}

/** What a page written from the built index.html is made from. */
interface BuiltAppPage {
  outDir: string
  manifest: Manifest
  /** index.html as the build wrote it. */
  page: string
}

/**
 * A page the build writes from index.html once the client is built (the two pages for `/`):
 * `write` is given the output folder, Vite's manifest and index.html.
 */
function pageFromAppPage(name: string, write: (built: BuiltAppPage) => Promise<void>): Plugin {
  let outDir = ''
  return {
    name,
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const manifest: Manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'))
        await write({ outDir, manifest, page: await readFile(join(outDir, 'index.html'), 'utf8') })
      },
    },
  }
}

/**
 * landing.html: index.html with the landing page drawn into it at build time by
 * src/client/prerender.tsx (built for Node first), its styles inside it, and in place of the app's
 * scripts the one that asks for them when the visitor reaches for the page (src/client/landing-boot.ts).
 * The server sends it to a visitor at `/` (decisions 032, 033).
 */
const prerenderLanding = () =>
  pageFromAppPage('covenant:prerender-landing', async ({ outDir, manifest, page }) => {
    const rendered = await drawLandingPage()
    // React puts what belongs in the head first: the hero picture's preload goes there, the title is index.html's own.
    const hoisted = /^(?:<link [^>]*\/>|<title>[^<]*<\/title>)*/.exec(rendered)?.[0] ?? ''
    const [entry, ...imports] = [...chunkClosure(manifest, ['index.html', ...SCREEN_CHUNKS.landing])]
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/${file}`)
    const boot = (await transform(`(${bootLanding})(${JSON.stringify(entry)}, ${JSON.stringify(imports)})`, { minify: true })).code
    const bootFile = `assets/landing-boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`
    await writeFile(join(outDir, bootFile), boot)
    // The hero picture is asked for first, and the boot script in place of the entry and its preloads.
    let landing = page
      .replace(
        /<script type="module"[^>]*><\/script>/,
        `${hoisted.match(/<link [^>]*\/>/g)?.join('') ?? ''}<script defer src="/${bootFile}"></script>`,
      )
      .replaceAll(/\s*<link rel="modulepreload"[^>]*>/g, '')
    // The styles inside the page, so that it paints with its own bytes.
    for (const [tag, file] of page.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g))
      landing = landing.replace(tag, `<style>${await readFile(join(outDir, file!), 'utf8')}</style>`)
    // Until the app takes the page over (main.tsx), styles.css keeps presses off its buttons and fields.
    landing = landing.replace('<div id="root"></div>', `<div id="root" data-prerendered>${rendered.slice(hoisted.length)}</div>`)
    if (!landing.includes('data-prerendered'))
      throw new Error('index.html has no empty <div id="root"></div> to draw the landing page into')
    await writeFile(join(outDir, 'landing.html'), landing)
  })

/**
 * discover.html: index.html that also has the browser fetch Discover's code and the member's first
 * reads with the app's own code, where otherwise it would learn of them only once the app had run.
 * The server sends it to a member at `/` (static-files.ts); every other app address gets index.html.
 */
const preloadMemberHome = () =>
  pageFromAppPage('covenant:member-home-page', async ({ outDir, manifest, page }) => {
    const reads = (await batchAddress(MEMBER_HOME_READS)).replaceAll('&', '&amp;')
    const links = [
      `<link rel="preload" as="fetch" crossorigin href="${reads}">`,
      ...[...chunkClosure(manifest, SCREEN_CHUNKS.discover)]
        .filter((file) => !page.includes(`/${file}"`))
        .map((file) =>
          file.endsWith('.css')
            ? `<link rel="stylesheet" crossorigin href="/${file}">`
            : `<link rel="modulepreload" crossorigin href="/${file}">`,
        ),
    ]
    if (!page.includes('</head>')) throw new Error("index.html has no </head> to name Discover's code and reads in")
    await writeFile(
      join(outDir, 'discover.html'),
      page.replace(/\s*<\/head>/, `${links.map((link) => `\n    ${link}`).join('')}\n  </head>`),
    )
  })

/**
 * The address of the batch the browser's tRPC client sends for these queries (without input), as
 * that client's own link makes it: the preloaded answer is used only if the address is the same.
 */
async function batchAddress(paths: readonly string[]): Promise<string> {
  let address: string | undefined
  const client = createTRPCUntypedClient<AnyTRPCRouter>({
    links: [
      httpBatchLink({
        ...HTTP_BATCH_OPTIONS,
        fetch: async (url) => {
          address = String(url)
          throw new Error('Only the address was wanted')
        },
      }),
    ],
  })
  await Promise.allSettled(paths.map((path) => client.query(path)))
  if (!address) throw new Error(`tRPC's link sent no request for ${paths.join(', ')}`)
  return address
}

/** The landing page's markup, rendered in Node by src/client/prerender.tsx built for it. */
async function drawLandingPage(): Promise<string> {
  const ssrDir = fromRoot('node_modules/.cache/covenant-prerender')
  await build({
    configFile: fromRoot('vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      // One file that keeps its export (renderLandingPage), not the browser build's chunking.
      rolldownOptions: { preserveEntrySignatures: 'exports-only', output: { codeSplitting: false } },
    },
    // The router inside the bundle, in the build that leaves server or browser to its `isServer`
    // option (prerender.tsx asks for the browser's): the page is drawn as the browser will draw it
    // when it takes the page over (hydrateRoot in main.tsx).
    ssr: { noExternal: [/^@tanstack\/(react-)?router/], resolve: { conditions: ['development', 'module', 'node'] } },
  })
  // tRPC's socket client wants a WebSocket class when it is made (it opens nothing until a
  // subscription); Node 20 has none of its own.
  globalThis.WebSocket ??= (await import('ws')).WebSocket as unknown as typeof WebSocket
  try {
    const { renderLandingPage } = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)
    return await renderLandingPage()
  } finally {
    await rm(ssrDir, { recursive: true, force: true })
  }
}

/** Source bytes (before minifying) under which a chunk shared by several screens is inlined into each. */
const SHARED_CHUNK_INLINED_BELOW = 16 * 1024

const serverPort = Number(process.env.PORT ?? 3000)
const server = `http://localhost:${serverPort}`

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fromRoot('src/client/routes'),
      generatedRouteTree: fromRoot('src/client/route-tree.gen.ts'),
    }),
    react(),
    prerenderLanding(),
    preloadMemberHome(),
    precompress(),
  ],
  resolve: {
    alias: { 'styled-system': fromRoot('styled-system') },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // Required by the inlining below; the app's chunks export nothing anyone else imports.
      preserveEntrySignatures: false,
      output: {
        // Left to itself, the bundler makes a chunk of every module two screens share: Discover
        // loaded 66 files, most under 1 KB, and a phone's browser waits a round trip for each few
        // (six at a time over HTTP/1.1). Shared chunks under this size are copied into the chunks
        // that import them instead (decision 034).
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: SHARED_CHUNK_INLINED_BELOW } },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: server, ws: true },
      '/api': server,
      '/uploads': server,
      '/ws': { target: server, ws: true },
    },
  },
})
