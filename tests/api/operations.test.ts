import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { type RunningApp, startApp } from '#server/app.ts'
import { setLogLevel } from '#server/log.ts'
import { call, registerMember } from '#tests/support/http.ts'
import { startRedis } from '#tests/support/redis.ts'
import { testConfig } from '#tests/support/test-config.ts'

const METRICS_TOKEN = 'scrape-token-0123456789abcdef'

/** The JSON lines the app wrote to stdout while `during` ran. */
async function logLinesDuring(during: () => Promise<void>): Promise<string[]> {
  // Lines are written once per turn of the event loop: those of earlier requests still waiting go first.
  await new Promise((resolve) => setImmediate(resolve))
  const logged = vi.spyOn(console, 'log').mockImplementation(() => {})
  try {
    await during()
    // The line is written when the response closes, a moment after the client has read it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Lines written in the same turn come in one call.
    return logged.mock.calls.flatMap(([text]) => String(text).split('\n'))
  } finally {
    logged.mockRestore()
  }
}

const requestLines = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request')

function openSocket(url: string, path: string, cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}${path}`, { headers: { cookie } })
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

describe('the request log', () => {
  let app: RunningApp
  beforeAll(async () => {
    app = await startApp(testConfig({ LOG_LEVEL: 'info' }))
  })
  afterAll(() => app.close())

  it('writes one line per request with its method, path, status, duration and the id it echoes', async () => {
    let echoed: string | null = null
    const lines = await logLinesDuring(async () => {
      const reply = await call(app.url, 'GET', '/api/health?probe=1', { headers: { 'X-Request-Id': 'lb-7f3a.42:1' } })
      expect(reply.status).toBe(200)
      echoed = reply.headers.get('x-request-id')
    })
    expect(echoed).toBe('lb-7f3a.42:1')
    const [line, ...others] = requestLines(lines)
    expect(others).toEqual([])
    expect(line).toMatchObject({
      level: 'info',
      requestId: 'lb-7f3a.42:1',
      method: 'GET',
      path: '/api/health',
      route: '/api/health',
      status: 200,
    })
    expect(line!.ms).toEqual(expect.any(Number))
    expect(JSON.stringify(line)).not.toContain('probe')
  })

  it('makes up its own id when the caller sends none or one that is not plain and short', async () => {
    const ids: (string | null)[] = []
    const lines = await logLinesDuring(async () => {
      for (const given of [undefined, 'two words', 'x'.repeat(129), '{"forged":"line"}']) {
        const reply = await call(app.url, 'GET', '/api/health', { headers: given === undefined ? {} : { 'X-Request-Id': given } })
        ids.push(reply.headers.get('x-request-id'))
      }
    })
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(4)
    expect(requestLines(lines).map((line) => line.requestId)).toEqual(ids)
  })

  it('never logs a cookie, an email address in a path, or a token the route carries', async () => {
    const member = await registerMember(app.url)
    const sessionToken = member.cookie.split('=')[1]!
    const lines = await logLinesDuring(async () => {
      await call(app.url, 'GET', '/api/auth/user', { cookie: member.cookie, headers: { authorization: 'Bearer letmein-secret' } })
      await call(app.url, 'GET', `/api/profiles/${encodeURIComponent(member.email)}`, { cookie: member.cookie })
      await call(app.url, 'GET', `/api/profiles/${member.email}`, { cookie: member.cookie })
      await call(app.url, 'GET', '/api/vouch/one-time-pastor-token')
    })
    const text = lines.join('\n')
    const [user, encoded, plain, vouch] = requestLines(lines)
    expect(user).toMatchObject({ route: '/api/auth/user', status: 200 })
    expect(encoded).toMatchObject({ route: '/api/profiles/:userId', path: '/api/profiles/[email]' })
    expect(plain).toMatchObject({ route: '/api/profiles/:userId', path: '/api/profiles/[email]' })
    expect(vouch).toMatchObject({ path: '/api/vouch/:token', route: '/api/vouch/:token' })
    for (const secret of [sessionToken, 'letmein-secret', member.email, encodeURIComponent(member.email), 'one-time-pastor-token'])
      expect(text).not.toContain(secret)
  })

  it('logs a failure with its request id, and without the address in its path', async () => {
    const broken = await startApp(testConfig({ LOG_LEVEL: 'info', JOBS_IN_PROCESS: '0' }))
    const member = await registerMember(broken.url)
    broken.database.close()
    const failures = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const reply = await call(broken.url, 'GET', `/api/profiles/${member.email}`, {
        cookie: member.cookie,
        headers: { 'X-Request-Id': 'failing-1' },
      })
      expect(reply.status).toBe(500)
      expect(reply.headers.get('x-request-id')).toBe('failing-1')
      const logged = failures.mock.calls.map(([line]) => String(line))
      expect(logged).toHaveLength(1)
      expect(JSON.parse(logged[0]!)).toMatchObject({
        level: 'error',
        requestId: 'failing-1',
        msg: 'request failed',
        err: { message: expect.any(String) },
      })
      expect(logged[0]).not.toContain(member.email)
    } finally {
      failures.mockRestore()
      await broken.close()
    }
  })

  it('writes no request lines under LOG_LEVEL=warn, and still logs a failure', async () => {
    const quiet = await startApp(testConfig({ LOG_LEVEL: 'warn', JOBS_IN_PROCESS: '0' }))
    const member = await registerMember(quiet.url)
    const failures = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const lines = await logLinesDuring(async () => {
        expect((await call(quiet.url, 'GET', '/api/health')).status).toBe(200)
        quiet.database.close()
        expect((await call(quiet.url, 'GET', '/api/auth/user', { cookie: member.cookie })).status).toBe(500)
      })
      expect(lines).toEqual([])
      expect(failures.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual(['request failed'])
    } finally {
      failures.mockRestore()
      await quiet.close()
      // The level is the process's own: the other tests here read info lines.
      setLogLevel('info')
    }
  })

  it('writes lines gathered in the last turn before the process exits', async () => {
    const script = "import { logger } from '#server/log.ts'; logger.info('first'); logger.info('last words'); process.exit(3)"
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    const [code] = await once(child, 'exit')
    expect(code).toBe(3)
    expect(
      output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg),
    ).toEqual(['first', 'last words'])
  })
})

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = await startApp(testConfig())
    try {
      const reply = await call(app.url, 'GET', '/metrics')
      expect(reply.status).toBe(404)
      expect(reply.body).toEqual({ message: expect.any(String) })
    } finally {
      await app.close()
    }
  })

  it('answers only the bearer of the token, with latency by route and the sockets open by path', async () => {
    const app = await startApp(testConfig({ METRICS_TOKEN }))
    try {
      for (const authorization of [
        undefined,
        'Bearer wrong-token-0123456789abcdef',
        `Basic ${METRICS_TOKEN}`,
        `Bearer ${METRICS_TOKEN}x`,
      ]) {
        const refused = await call(app.url, 'GET', '/metrics', { headers: authorization ? { authorization } : {} })
        expect(refused.status).toBe(401)
        expect(refused.body).toEqual({ message: 'The metrics token is missing or wrong.' })
        expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/)
      }

      const member = await registerMember(app.url)
      await call(app.url, 'GET', `/api/profiles/${member.user.id}`, { cookie: member.cookie })
      await call(app.url, 'GET', '/trpc/system.health')
      const sockets = [
        await openSocket(app.url, '/ws/messaging', member.cookie),
        await openSocket(app.url, '/ws/messaging', member.cookie),
        await openSocket(app.url, '/trpc', member.cookie),
      ]

      const reply = await call(app.url, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(reply.status).toBe(200)
      expect(reply.headers.get('content-type')).toContain('text/plain')
      const text = reply.text
      expect(text).toMatch(/covenant_http_request_duration_seconds_count\{route="\/api\/profiles\/:userId",method="GET",status="\d+"\} 1/)
      expect(text).toMatch(/covenant_http_request_duration_seconds_count\{route="\/trpc\/system.health",method="GET",status="200"\} 1/)
      expect(text).toMatch(/covenant_http_request_duration_seconds_count\{route="\/api\/register",method="POST",status="200"\} \d+/)
      expect(text).not.toContain(member.user.id)
      expect(text).toContain('covenant_open_sockets{path="/ws/messaging"} 2')
      expect(text).toContain('covenant_open_sockets{path="/trpc"} 1')
      expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/)
      expect(text).toMatch(/covenant_job_queue_depth\{state="due"\} \d+/)
      expect(text).toContain('covenant_bus_publish_failures_total 0')

      const closed = sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve)))
      for (const socket of sockets) socket.close()
      await Promise.all(closed)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const after = await call(app.url, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(after.text).toContain('covenant_open_sockets{path="/ws/messaging"} 0')
      expect(after.text).toContain('covenant_open_sockets{path="/trpc"} 0')
    } finally {
      await app.close()
    }
  })
})

/**
 * Asks for readiness until the answer is no longer `status`: the job runner looks at its queue only
 * every 2 s when idle, so its state changes at its next look, not at once.
 */
async function readinessOnceNot(url: string, status: number) {
  let reply = await call(url, 'GET', '/api/health/ready')
  for (let i = 0; i < 200 && reply.status === status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    reply = await call(url, 'GET', '/api/health/ready')
  }
  return reply
}

describe('GET /api/health/ready', () => {
  it('is ready when the database answers and the job runner polls, with no Redis configured', async () => {
    const app = await startApp(testConfig())
    try {
      const reply = await call(app.url, 'GET', '/api/health/ready')
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured', jobs: 'ok' } })
    } finally {
      await app.close()
    }
  })

  it('says which check failed: the database gone', async () => {
    const app = await startApp(testConfig({ JOBS_IN_PROCESS: '0' }))
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      app.database.close()
      const reply = await call(app.url, 'GET', '/api/health/ready')
      expect(reply.status).toBe(503)
      expect(reply.body).toEqual({ status: 'unavailable', checks: { database: 'failed', redis: 'not configured', jobs: 'external' } })
      expect(warned).toHaveBeenCalledTimes(1)
    } finally {
      warned.mockRestore()
      await app.close()
    }
  })

  it('says which check failed: the job runner cannot read its queue, while liveness still answers', async () => {
    const app = await startApp(testConfig())
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect((await call(app.url, 'GET', '/api/health/ready')).body.checks.jobs).toBe('ok')
      // The queue's table goes from under the runner: `select 1` still answers, the runner's poll does not.
      await app.database.db.run(sql`alter table jobs rename to jobs_unreadable`)

      const reply = await readinessOnceNot(app.url, 200)
      expect(reply.status).toBe(503)
      expect(reply.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'not configured', jobs: 'failed' } })
      const live = await call(app.url, 'GET', '/api/health')
      expect(live.status).toBe(200)
      expect(live.body).toEqual({ status: 'ok' })
      expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).msg)).toEqual(['job runner cannot reach the database; retrying'])
      expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([expect.objectContaining({ check: 'jobs' })])

      // The table is back: at its next look the runner reads the queue again, and the process is sent traffic again.
      await app.database.db.run(sql`alter table jobs_unreadable rename to jobs`)
      const recovered = await readinessOnceNot(app.url, 503)
      expect(recovered.status).toBe(200)
      expect(recovered.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not configured', jobs: 'ok' } })
    } finally {
      errors.mockRestore()
      warned.mockRestore()
      await app.close()
    }
  })

  describe('with Redis', () => {
    let redis: ChildProcess
    let app: RunningApp

    beforeAll(async () => {
      const started = await startRedis()
      redis = started.server
      app = await startApp(testConfig({ REDIS_URL: started.url, JOBS_IN_PROCESS: '0', METRICS_TOKEN }))
    })
    afterAll(async () => {
      await app?.close()
      redis?.kill()
    })

    it('is ready while Redis answers, and unavailable naming Redis once it is gone; publishes lost meanwhile are counted', async () => {
      const ready = await call(app.url, 'GET', '/api/health/ready')
      expect(ready.status).toBe(200)
      expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', jobs: 'external' } })

      const member = await registerMember(app.url)
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
      const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const gone = new Promise((resolve) => redis.once('exit', resolve))
      redis.kill('SIGKILL')
      await gone

      let reply = await call(app.url, 'GET', '/api/health/ready')
      for (let i = 0; i < 50 && reply.status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        reply = await call(app.url, 'GET', '/api/health/ready')
      }
      expect(reply.status).toBe(503)
      expect(reply.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'failed', jobs: 'external' } })
      // The outage is said once per connection, not once per reconnection attempt.
      const redisFailures = errors.mock.calls.map(([line]) => JSON.parse(String(line)).msg)
      expect(redisFailures.length).toBeLessThanOrEqual(2)
      expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([expect.objectContaining({ check: 'redis' })])

      // A member arriving publishes their presence: with Redis gone, that publish is lost and counted.
      const socket = await openSocket(app.url, '/ws/messaging', member.cookie)
      let metrics = ''
      for (let i = 0; i < 50 && !metrics.includes('covenant_bus_publish_failures_total 1'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        metrics = (await call(app.url, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text
      }
      expect(metrics).toContain('covenant_bus_publish_failures_total 1')
      socket.close()
      warned.mockRestore()
    })
  })
})
