import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'

/** What came back on a raw connection: the status line's code (null when nothing did), headers, body, and how it ended. */
export interface RawReply {
  status: number | null
  headers: Record<string, string>
  body: string
  /** The socket's error code when the connection failed (ECONNRESET, EPIPE…). */
  error?: string
  /** The server closed the connection (rather than the reply being complete on a live one). */
  closed: boolean
}

function parse(buffer: Buffer): { reply: Omit<RawReply, 'error' | 'closed'>; complete: boolean } | null {
  const end = buffer.indexOf('\r\n\r\n')
  if (end === -1) return null
  const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = buffer.subarray(end + 4)
  const length = headers['content-length'] === undefined ? null : Number(headers['content-length'])
  const chunked = /chunked/i.test(headers['transfer-encoding'] ?? '')
  const complete = length !== null ? rest.length >= length : chunked ? rest.includes('0\r\n\r\n') : status === 101
  return { reply: { status: Number.isNaN(status) ? null : status, headers, body: rest.toString('utf8') }, complete }
}

/**
 * A plain TCP connection to the server for attacks that fetch or ws would tidy up: bytes go out
 * exactly as written, and the answer is read however much of it arrives.
 */
export function rawConnection(port: number) {
  const socket: Socket = connect({ port, host: '127.0.0.1' })
  const received: Buffer[] = []
  let error: string | undefined
  let closed = false
  const waiters = new Set<() => void>()
  const notify = () => {
    for (const waiter of waiters) waiter()
  }
  socket.on('data', (chunk: Buffer) => {
    received.push(chunk)
    notify()
  })
  socket.on('error', (cause: NodeJS.ErrnoException) => {
    error = cause.code ?? cause.message
  })
  socket.on('close', () => {
    closed = true
    notify()
  })
  const connected = new Promise<void>((resolve) => {
    if (!socket.connecting) resolve()
    socket.once('connect', resolve)
    socket.once('close', resolve)
  })

  const isAnswered = () => parse(Buffer.concat(received)) !== null
  const snapshot = (): RawReply => {
    const parsed = parse(Buffer.concat(received))
    return { status: null, headers: {}, body: '', ...parsed?.reply, error, closed }
  }

  return {
    socket,
    connected,
    get closed() {
      return closed
    },
    /** True once a response head has arrived. */
    get answered() {
      return isAnswered()
    },
    /** Resolves with the reply once it is complete, the connection closes, or `timeoutMs` passes. */
    reply(timeoutMs = 5_000): Promise<RawReply> {
      return new Promise((resolve) => {
        const check = () => {
          const parsed = parse(Buffer.concat(received))
          if (closed || parsed?.complete) finish()
        }
        const finish = () => {
          clearTimeout(timer)
          waiters.delete(check)
          resolve(snapshot())
        }
        const timer = setTimeout(finish, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    /** Resolves true once the server has closed the connection, false if it is still open after `timeoutMs`. */
    whenClosed(timeoutMs = 2_000): Promise<boolean> {
      return new Promise((resolve) => {
        const check = () => {
          if (!closed) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(true)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          resolve(closed)
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    /**
     * Writes the chunks with backpressure, stopping early once the server has answered or hung up
     * (as a browser stops sending a body the server refused).
     */
    async pump(chunks: Iterable<Buffer>) {
      for (const chunk of chunks) {
        if (closed || socket.destroyed || isAnswered()) return
        if (!socket.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              waiters.delete(onChange)
              socket.off('drain', done)
              resolve()
            }
            const onChange = () => {
              if (closed || isAnswered()) done()
            }
            socket.once('drain', done)
            waiters.add(onChange)
          })
        }
      }
    },
  }
}

export type RawConnection = ReturnType<typeof rawConnection>

/** The request line and headers of a WebSocket upgrade, as any client sends it. */
export function upgradeRequest(path: string, headers: Record<string, string | undefined> = {}) {
  const lines = [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    ...Object.entries(headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}: ${value}`),
  ]
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** A request head; the body (if any) is written separately so it can be cut short. */
export function requestHead(method: string, path: string, headers: Record<string, string | number | undefined> = {}) {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}: ${value}`),
  ]
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** One raw request with a complete body; resolves with the reply. */
export async function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | number | undefined> = {},
  body?: Buffer,
) {
  const connection = rawConnection(port)
  await connection.connected
  connection.socket.write(
    requestHead(method, path, { Connection: 'close', ...(body ? { 'Content-Length': body.length } : {}), ...headers }),
  )
  if (body) connection.socket.write(body)
  const reply = await connection.reply()
  connection.socket.destroy()
  return reply
}
