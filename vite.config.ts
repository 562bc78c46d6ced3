import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))
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
  ],
  resolve: {
    alias: { 'styled-system': fromRoot('styled-system') },
  },
  build: { outDir: '../../dist/client', emptyOutDir: true },
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
