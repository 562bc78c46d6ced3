import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
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
  }
}

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
    precompress(),
  ],
  resolve: {
    alias: { 'styled-system': fromRoot('styled-system') },
  },
  build: { outDir: '../../dist/client', emptyOutDir: true, manifest: true },
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
