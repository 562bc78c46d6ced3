import { randomBytes } from 'node:crypto'
import { type IncomingMessage, request } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningApp, startApp } from '#server/app.ts'
import { testConfig } from '#tests/support/test-config.ts'

/**
 * A visitor's upload is refused (401) on its headers, before its body is read. The client is still
 * writing that body when the refusal is ready: a small one is read and dropped first so the client
 * reads the answer, while a huge or endless one is not waited for and the connection closes.
 */

const BOUNDARY = '----covenantEarlyRefusal4fQx9'
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`
const SIGN_IN = { message: 'Please sign in to continue.' }
/** How long the server may take to answer a refusal it does not wait for. */
const PROMPT_MS = 2_000

let app: RunningApp
let port: number
beforeAll(async () => {
  app = await startApp(testConfig())
  port = Number(new URL(app.url).port)
})
afterAll(() => app?.close())

function photoForm(bytes: number) {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    randomBytes(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
}

interface Answer {
  status: number
  connection: string | undefined
  body: unknown
  at: number
}

/**
 * A POST whose headers go out first; `write` then sends (some of) the body. Resolves with the answer,
 * or rejects with the client's error (a failed write, a reset) if it could not read one.
 */
function upload(path: string, declaredLength: number, write: (req: ReturnType<typeof request>) => Promise<void>) {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { 'Content-Type': MULTIPART, 'Content-Length': declaredLength },
  })
  const answered = new Promise<Answer>((resolve, reject) => {
    req.on('error', reject)
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('error', reject)
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          at: performance.now(),
        }),
      )
    })
  })
  req.flushHeaders()
  return { req, answered, written: write(req) }
}

describe("a visitor's upload refused before its body is read", () => {
  it('reads a small body to its end, then answers 401 with JSON on a connection that stays open', async () => {
    const form = photoForm(600 * 1024)
    let bodySentAt = Number.POSITIVE_INFINITY
    const { req, answered } = upload('/api/profile/photos', form.length, async (req) => {
      // The refusal is ready long before the body follows the headers.
      await sleep(150)
      bodySentAt = performance.now()
      req.end(form)
    })
    const answer = await answered
    expect(answer).toMatchObject({ status: 401, body: SIGN_IN })
    expect(answer.at).toBeGreaterThan(bodySentAt)
    expect(answer.connection).not.toBe('close')
    req.destroy()
  })

  it('answers a declared huge body at once without reading it, and closes the connection', async () => {
    const asked = performance.now()
    const { req, answered } = upload('/api/verification/faith', 50 * 1024 * 1024, async (req) => {
      req.write(randomBytes(64 * 1024))
    })
    const answer = await answered
    expect(answer.at - asked).toBeLessThan(PROMPT_MS)
    expect(answer).toMatchObject({ status: 401, body: SIGN_IN, connection: 'close' })
    req.destroy()
  })

  it('does not wait long for a small body that never comes: the answer follows within seconds, and the connection closes', async () => {
    const asked = performance.now()
    const { req, answered } = upload('/api/profile/photos', 4096, async (req) => {
      req.write(Buffer.from(`--${BOUNDARY}\r\n`))
    })
    const answer = await answered
    expect(answer.at - asked).toBeLessThan(8_000)
    expect(answer).toMatchObject({ status: 401, body: SIGN_IN, connection: 'close' })
    req.destroy()
  })
})
