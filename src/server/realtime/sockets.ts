import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { type WebSocket, WebSocketServer } from 'ws'
import { sessionIdFor } from '#server/auth/sessions.ts'
import { answerOnSocket } from '#server/http/raw-answer.ts'
import { requestPath } from '#server/http/request-info.ts'
import { isCrossSite } from '#server/http/security.ts'
import { logger } from '#server/log.ts'
import { openSockets } from '#server/metrics.ts'
import { appRouter } from '#server/routers/_app.ts'
import { type Context, type ContextDeps, createContext } from '#server/trpc/context.ts'
import { serveMessagingSocket } from './messaging-socket.ts'
import { gateMessagingFrames, gateTrpcFrames, MAX_FRAME_BYTES, MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_MEMBER } from './socket-limits.ts'

/** A socket that does not answer a ping within this long is dropped. */
const KEEP_ALIVE_MS = 30_000

type SocketPath = '/trpc' | '/ws/messaging'

/**
 * The one door for WebSocket upgrades on both paths. The connection gets its error handler before
 * anything else happens (a client that resets mid-handshake ends only its own connection); then the
 * Origin, the session and the per-member or per-address socket count are checked, and only then is
 * the handshake completed. Sign-outs arrive on the bus, so a session ended on any app process
 * closes the sockets it opened here.
 */
export function createUpgradeHandler(deps: ContextDeps) {
  const trpcServer = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const messagingServer = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const contexts = new WeakMap<IncomingMessage, Context>()
  const trpcHandler = applyWSSHandler({
    wss: trpcServer,
    router: appRouter,
    createContext: ({ req }) => contexts.get(req)!,
    keepAlive: { enabled: true, pingMs: KEEP_ALIVE_MS, pongWaitMs: 10_000 },
    onError({ error, type }) {
      // 'unknown' is the socket itself failing (a broken or oversized frame): ws has closed it already.
      if (error.code === 'INTERNAL_SERVER_ERROR' && type !== 'unknown') logger.error({ err: error.cause ?? error }, 'socket call failed')
    },
  })

  const open = new Map<string, Set<WebSocket>>()
  const bySession = new Map<string, Set<WebSocket>>()
  const track = (index: Map<string, Set<WebSocket>>, key: string, ws: WebSocket) => {
    const set = index.get(key) ?? new Set()
    index.set(key, set.add(ws))
    ws.once('close', () => {
      set.delete(ws)
      if (set.size === 0) index.delete(key)
    })
  }
  const stopListening = deps.realtime.bus.listen((event) => {
    if (event.type !== 'sessions-ended') return
    for (const sessionId of event.sessionIds) for (const ws of bySession.get(sessionId) ?? []) ws.close(1008, 'Signed out')
  })

  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer, path: SocketPath) {
    const ctx = await createContext(deps, req, undefined, { openSubscriptions: 0 })
    if (socket.destroyed) return
    if (path === '/ws/messaging' && !ctx.user) return answerOnSocket(socket, 401, 'Please sign in to continue.')
    const owner = `${path} ${ctx.user ? `member:${ctx.user.id}` : `address:${ctx.clientIp}`}`
    const cap = ctx.user ? MAX_SOCKETS_PER_MEMBER : MAX_SOCKETS_PER_ADDRESS
    if ((open.get(owner)?.size ?? 0) >= cap) return answerOnSocket(socket, 429, 'Too many open connections.')
    const server = path === '/trpc' ? trpcServer : messagingServer
    server.handleUpgrade(req, socket, head, (ws) => {
      track(open, owner, ws)
      if (ctx.sessionToken && ctx.user) track(bySession, sessionIdFor(ctx.sessionToken), ws)
      // A broken frame: ws has already closed the socket (1002 / 1009); nothing else to do.
      ws.on('error', () => {})
      openSockets.inc({ path })
      ws.once('close', () => openSockets.dec({ path }))
      if (path === '/trpc') {
        gateTrpcFrames(ws)
        contexts.set(req, ctx)
        trpcServer.emit('connection', ws, req)
      } else {
        gateMessagingFrames(ws)
        keepAlive(ws)
        serveMessagingSocket(ws, { ...ctx, user: ctx.user! })
      }
    })
  }

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const path = requestPath(req)
    if (path !== '/trpc' && path !== '/ws/messaging') return answerOnSocket(socket, 404, 'Not found')
    if (isCrossSite(req, deps.config)) return answerOnSocket(socket, 403, 'Cross-site requests are not allowed.')
    admit(req, socket, head, path).catch((error: unknown) => {
      logger.error({ err: error, path }, 'upgrade failed')
      answerOnSocket(socket, 503, 'Covenant is busy right now. Please try again in a moment.')
    })
  }

  /** Asks every client to reconnect (1012: service restart) so a rolling deploy loses nobody. */
  const close = () => {
    stopListening()
    trpcHandler.broadcastReconnectNotification()
    for (const server of [trpcServer, messagingServer]) {
      for (const client of server.clients) client.close(1012, 'Server restarting')
      server.close()
    }
  }

  return { handleUpgrade, close }
}

/** A socket that misses a pong is dropped, so vanished clients do not linger. */
function keepAlive(ws: WebSocket) {
  let alive = true
  ws.on('pong', () => (alive = true))
  const timer = setInterval(() => {
    if (!alive) return ws.terminate()
    alive = false
    ws.ping()
  }, KEEP_ALIVE_MS)
  ws.once('close', () => clearInterval(timer))
}
