import type { Duplex } from 'node:stream'

/** Answers a WebSocket upgrade with a plain HTTP refusal and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}
