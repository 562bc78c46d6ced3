import { type ServerResponse, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { logger } from '#server/log.ts'
import { answerHeaderLines } from './security.ts'

/**
 * An answer written straight to a socket, with the same headers and JSON body as any other refusal;
 * the connection closes behind it. For requests that never become a `ServerResponse`: a refused
 * upgrade, a request the HTTP parser refused.
 */
export function answerOnSocket(socket: Duplex, status: number, message: string) {
  if (socket.destroyed || socket.writableEnded) return
  const body = JSON.stringify({ message })
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...answerHeaderLines(),
  ]
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
}

/** How long a refused connection is still read from and its bytes dropped. */
const LINGER_MS = 2_000

/** What the parser's refusals are answered with; anything else is a 400. */
const PARSER_REFUSALS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The address or the headers of this request are too long.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The request is too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
}

/**
 * The server's `clientError`: a request Node's parser refused (headers past 16 KiB, broken framing,
 * too slow). Node's own answer destroys the socket at once, so a client still sending its body
 * (a form with a photo) has its write reset and never reads the refusal. Here the answer is sent,
 * the writing side closed, and the connection read and dropped for a moment longer, as a web
 * server's lingering close does. A response already under way on the connection cannot be
 * interrupted by another, so that connection is only cut.
 */
export function refuseUnparsedRequest(error: NodeJS.ErrnoException, socket: Duplex) {
  // The parser reports again for every later chunk of a connection it has refused.
  if (socket.writableEnded) return
  // `_httpMessage` is the response in flight on this connection, as Node's default handler checks it.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy()
    return
  }
  const [status, message] = PARSER_REFUSALS[error.code ?? ''] ?? [400, 'Bad request']
  logger.info({ code: error.code, status }, 'request refused before it was read')
  answerOnSocket(socket, status, message)
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}
