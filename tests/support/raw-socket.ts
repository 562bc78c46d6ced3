import WebSocket from 'ws'

/**
 * A WebSocket driven frame by frame, as a hostile script would: it sends text or bytes as they are,
 * keeps every frame the server sends back, and remembers how the server closed it.
 */
export class RawSocket {
  readonly received: unknown[] = []
  closeCode: number | null = null
  private waiters: (() => void)[] = []

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString()
      let frame: unknown = text
      try {
        frame = JSON.parse(text)
      } catch {
        // Kept as text.
      }
      this.received.push(frame)
      this.wake()
    })
    ws.on('close', (code) => {
      this.closeCode = code
      this.wake()
    })
    ws.on('error', () => {})
  }

  static open(url: string, headers: { cookie?: string; origin: string }): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: headers.cookie ? { cookie: headers.cookie } : {}, origin: headers.origin })
      ws.once('open', () => resolve(new RawSocket(ws)))
      ws.once('error', reject)
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)))
    })
  }

  get isOpen() {
    return this.ws.readyState === WebSocket.OPEN
  }

  /** Sends a frame, then waits for the first frame back that `matches`: undefined once the socket closes or `timeoutMs` passes. */
  async exchange(frame: string | Uint8Array, matches: (reply: unknown) => boolean, timeoutMs: number): Promise<unknown> {
    const from = this.received.length
    if (this.isOpen) this.ws.send(frame)
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.received.slice(from).find(matches)
      if (found !== undefined || this.closeCode !== null || Date.now() >= deadline) return found
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now())
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  close(): Promise<void> {
    if (this.closeCode !== null) return Promise.resolve()
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve())
      this.ws.close()
    })
  }

  private wake() {
    const waiters = this.waiters
    this.waiters = []
    for (const wake of waiters) wake()
  }
}
