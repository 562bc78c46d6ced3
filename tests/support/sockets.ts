import { createTRPCClient, createWSClient, wsLink } from '@trpc/client'
import superjson from 'superjson'
import WebSocket from 'ws'
import type { AppRouter } from '#server/routers/_app.ts'

export interface SocketHeaders {
  cookie?: string
  origin?: string
}

/** A `ws` WebSocket carrying a cookie and an Origin, in the shape tRPC's client constructs. */
function socketWith(headers: SocketHeaders) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: headers.cookie ? { cookie: headers.cookie } : {}, origin: headers.origin })
    }
  } as unknown as typeof globalThis.WebSocket
}

/** A tRPC client over the product's WebSocket, as the browser opens it. */
export function trpcOverSocket(base: string, headers: SocketHeaders) {
  const client = createWSClient({ url: `${base.replace(/^http/, 'ws')}/trpc`, WebSocket: socketWith(headers), retryDelayMs: () => 50 })
  return { api: createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] }), close: () => client.close() }
}

/** The status a WebSocket upgrade to `path` gets: 101 when it opens (then closed at once), else the refusal's. */
export function upgradeStatus(base: string, path: string, headers: SocketHeaders): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, {
      headers: headers.cookie ? { cookie: headers.cookie } : {},
      origin: headers.origin,
    })
    ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    ws.once('open', () => {
      ws.close()
      resolve(101)
    })
    ws.once('error', reject)
  })
}

export type SpecFrame = { type: string; [key: string]: unknown }

/** The spec's `/ws/messaging` socket, opened with these headers; frames are collected as they come. */
export async function specSocket(base: string, headers: SocketHeaders) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/messaging`, {
    headers: headers.cookie ? { cookie: headers.cookie } : {},
    origin: headers.origin,
  })
  const frames: SpecFrame[] = []
  ws.on('message', (data) => frames.push(JSON.parse(data.toString())))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  /** The first frame of `type` that matches, waiting up to two seconds for it. */
  const frame = async (type: string, match: (f: Record<string, unknown>) => boolean = () => true) => {
    const deadline = Date.now() + 2000
    while (Date.now() < deadline) {
      const found = frames.find((f) => f.type === type && match(f))
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`no ${type} frame within two seconds; got ${JSON.stringify(frames)}`)
  }
  return { ws, frames, frame, send: (value: object) => ws.send(JSON.stringify(value)) }
}
