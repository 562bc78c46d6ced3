import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { applyWSSHandler } from '@trpc/server/adapters/ws'
import { WebSocketServer, type WebSocket } from 'ws'
import { endedSessions, readCookie, SESSION_COOKIE, sessionIdFor } from '#server/auth/sessions.ts'
import { appRouter } from '#server/routers/_app.ts'
import { isCrossSite } from '#server/http/security.ts'
import { createContext, type ContextDeps } from '#server/trpc/context.ts'
import { createMessagingSocket, KEEP_ALIVE_MS } from './messaging-socket.ts'
import { refuseUpgrade } from './refuse-upgrade.ts'

/** A frame larger than this closes the socket. */
export const MAX_FRAME_BYTES = 64 * 1024

/** Routes WebSocket upgrades by path; a cross-site Origin is refused before the handshake. */
export function createUpgradeHandler(deps: ContextDeps) {
  const trpcSockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const trpcHandler = applyWSSHandler({
    wss: trpcSockets,
    router: appRouter,
    createContext: ({ req }) => createContext(deps, req),
    keepAlive: { enabled: true, pingMs: KEEP_ALIVE_MS, pongWaitMs: 10_000 },
  })

  const messagingSockets = createMessagingSocket(deps, MAX_FRAME_BYTES)

  // Signing out (or a session rotated away at sign-in) closes the sockets that session opened.
  const socketsBySession = new Map<string, Set<WebSocket>>()
  const closeSessionSockets = (sessionId: string) => {
    for (const ws of socketsBySession.get(sessionId) ?? []) ws.close(1008, 'Signed out')
  }
  endedSessions.on('ended', closeSessionSockets)

  const trackSession = (ws: WebSocket, req: IncomingMessage) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE)
    if (!token) return
    const sessionId = sessionIdFor(token)
    const open = socketsBySession.get(sessionId) ?? new Set()
    socketsBySession.set(sessionId, open.add(ws))
    ws.once('close', () => {
      open.delete(ws)
      if (open.size === 0) socketsBySession.delete(sessionId)
    })
  }

  const handleUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (isCrossSite(req, deps.config)) return refuseUpgrade(socket, 403, 'Forbidden')
    if (path === '/trpc') {
      return trpcSockets.handleUpgrade(req, socket, head, (ws) => {
        trackSession(ws, req)
        trpcSockets.emit('connection', ws, req)
      })
    }
    if (path === '/ws/messaging') {
      return void messagingSockets.handleUpgrade(req, socket, head, (ws) => trackSession(ws, req))
    }
    refuseUpgrade(socket, 404, 'Not Found')
  }

  /** Asks every client to reconnect (1012: service restart) so a rolling deploy loses nobody. */
  const close = () => {
    endedSessions.off('ended', closeSessionSockets)
    trpcHandler.broadcastReconnectNotification()
    for (const server of [trpcSockets, messagingSockets.server]) {
      for (const client of server.clients) client.close(1012, 'Server restarting')
      server.close()
    }
  }

  return { handleUpgrade, close }
}
