import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

export const REDIS_SERVER = '/usr/bin/redis-server'

/** A port nobody listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** The arguments of a throwaway Redis on loopback that keeps nothing on disk. */
export function redisArguments(port: number): string[] {
  if (!existsSync(REDIS_SERVER)) throw new Error(`Redis not found at ${REDIS_SERVER}: install it with \`apt-get install -y redis-server\`.`)
  return ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']
}

/** Debian's Redis on a free loopback port, once it accepts connections. */
export async function startRedis(): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort()
  const server = spawn(REDIS_SERVER, redisArguments(port), { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Ready to accept connections') && resolve())
  })
  return { url: `redis://127.0.0.1:${port}`, server }
}
