import { createServer, type Server } from 'node:http'
import { TRPCClientError } from '@trpc/client'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#db/schema/index.ts'
import { startApp, type RunningApp } from '#server/app.ts'
import { restRoutes, type RestRoute } from '#server/rest/routes.ts'
import { appRouter } from '#server/routers/_app.ts'
import type { Caller } from '#server/trpc/procedure-paths.ts'
import {
  fuzzedInput,
  hostileEnvelope,
  inputSchemaOf,
  jsonText,
  NASTY_STRINGS,
  rememberExamples,
  type JsonSchema,
  type Pools,
  clientSendable,
  trpcEnvelope,
  validish,
} from '#tests/support/fuzz-inputs.ts'
import { PASSWORD, uniqueEmail } from '#tests/support/http.ts'
import { HTML_AS_JPEG, jpegWithGps, pngClaiming } from '#tests/support/images.ts'
import { trpcOverSocket } from '#tests/support/sockets.ts'
import { testConfig } from '#tests/support/test-config.ts'

/**
 * Whatever a visitor, a member or a moderator sends to any procedure (over tRPC) or any REST row,
 * the answer is a 2xx or a 4xx: never a 5xx, never a dropped connection, and the server keeps serving.
 * Inputs come from each procedure's own zod schema: valid-ish values, then hostile changes to them.
 */

/** Cases per procedure and per row; FUZZ_RUNS=200 makes a longer hunt. */
const RUNS_WITH_INPUT = Number(process.env.FUZZ_RUNS ?? 14)
const RUNS_WITHOUT_INPUT = Math.ceil(RUNS_WITH_INPUT / 4)
/** A reply slower than this is a hang, not an answer. */
const REPLY_TIMEOUT_MS = 10_000

interface Procedure {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs?: unknown[] }
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>).sort(([a], [b]) => a.localeCompare(b))
const procedureAt = new Map(procedures)

/** Calls that end or replace the caller's session: each case gets a member of its own. */
const ENDS_SESSION = new Set(['auth.logout', 'account.remove'])
/** Calls that may rotate or pause the caller's session: the fixed members are checked (and restored) after each case. */
const TOUCHES_SESSION = new Set(['auth.login', 'auth.register', 'account.pause', 'account.resume'])

interface Identity {
  name: 'visitor' | 'member' | 'moderator' | 'fresh member'
  email?: string
  cookie?: string
}

let app: RunningApp
const visitor: Identity = { name: 'visitor' }
const member: Identity = { name: 'member' }
const moderator: Identity = { name: 'moderator' }
const pools: Pools = { ids: [], emails: [], password: PASSWORD, examples: new Map() }

interface Answer {
  status: number
  text: string
}

async function send(method: string, path: string, options: { body?: string | Uint8Array | FormData; type?: string; cookie?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (options.cookie) headers.cookie = options.cookie
  if (options.type !== undefined) headers['content-type'] = options.type
  const response = await fetch(new URL(path, app.url), {
    method,
    headers,
    body: options.body instanceof Uint8Array ? new Uint8Array(options.body) : options.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
  })
  // A subscription's event stream stays open: its status is the answer.
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    await response.body?.cancel()
    return { status: response.status, text: '' }
  }
  const text = await response.text()
  if (response.status < 300) harvestIds(text)
  return { status: response.status, text }
}

/** A JSON body for a setup call; its fields become examples of accepted values. */
function json(value: unknown) {
  rememberExamples(pools, value)
  return { body: JSON.stringify(value), type: 'application/json' }
}

/** Ids the server hands out, so fuzzed inputs name real members, events, conversations and records. */
function harvestIds(text: string) {
  if (pools.ids.length >= 300 || !text.startsWith('{') && !text.startsWith('[')) return
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return
  }
  const walk = (value: unknown, key: string, depth: number) => {
    if (depth > 8) return
    if (typeof value === 'string' && /(^id$|Id$)/.test(key) && value.length <= 64 && !pools.ids.includes(value)) pools.ids.push(value)
    else if (Array.isArray(value)) value.slice(0, 50).forEach((item) => walk(item, key, depth + 1))
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, k, depth + 1)
  }
  walk(parsed, '', 0)
}

function cookieFrom(response: Response): string {
  const line = response.headers.getSetCookie().find((value) => value.startsWith('covenant_session='))
  if (!line) throw new Error(`no session cookie (${response.status})`)
  return line.split(';')[0]!
}

async function postJson(path: string, body: unknown, cookie?: string) {
  rememberExamples(pools, body)
  return fetch(new URL(path, app.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
}

/** A registered member with the profile Discover needs, as an identity. */
async function newMember(name: Identity['name'], gender: 'man' | 'woman'): Promise<Identity> {
  const email = uniqueEmail('fuzz')
  const registered = await postJson('/api/register', { email, password: PASSWORD, firstName: 'Ruth', lastName: 'Moab' })
  if (registered.status !== 200) throw new Error(`registration failed: ${registered.status} ${await registered.text()}`)
  const cookie = cookieFrom(registered)
  harvestIds(await registered.text())
  const profile = { gender, birthDate: '1990-05-20', city: 'Nashville', state: 'TN', country: 'US', denomination: 'baptist', isSabbathKeeper: true }
  const updated = await send('PATCH', '/api/profile', { cookie, ...json(profile) })
  if (updated.status !== 200) throw new Error(`profile update failed: ${updated.status} ${updated.text}`)
  pools.emails.push(email)
  return { name, email, cookie }
}

/** After a call that may have signed a fixed identity out or paused it: sign back in and resume. */
async function restore(identity: Identity) {
  if (!identity.email) return
  const me = await send('GET', '/api/auth/user', { cookie: identity.cookie })
  if (me.status !== 200) {
    const login = await postJson('/api/login', { email: identity.email, password: PASSWORD })
    if (login.status !== 200) throw new Error(`could not sign ${identity.name} back in: ${login.status} ${await login.text()}`)
    identity.cookie = cookieFrom(login)
  }
  const resumed = await send('POST', '/api/account/resume', { cookie: identity.cookie })
  if (resumed.status !== 200) throw new Error(`could not resume ${identity.name}: ${resumed.status} ${resumed.text}`)
}

async function identitiesFor(procedure: string): Promise<Identity[]> {
  if (ENDS_SESSION.has(procedure)) return [visitor, await newMember('fresh member', 'woman')]
  return [visitor, member, moderator]
}

async function afterCase(procedure: string) {
  if (TOUCHES_SESSION.has(procedure)) for (const identity of [member, moderator]) await restore(identity)
}

/** A 2xx or a 4xx; anything else fails the case with what was sent and what came back. */
function expectAnswered(answer: Answer, identity: Identity, request: string) {
  const ok = (answer.status >= 200 && answer.status < 300) || (answer.status >= 400 && answer.status < 500)
  if (!ok) throw new Error(`${identity.name}: ${request.slice(0, 600)}\n  -> ${answer.status} ${answer.text.slice(0, 600)}`)
}

/** Procedures a signed-in caller got a 2xx from: proof the fuzzer gets past validation, not only bounced off it. */
const reached = new Set<string>()

async function attempt(identity: Identity, request: string, run: () => Promise<Answer>, procedure: string) {
  let answer: Answer
  try {
    answer = await run()
  } catch (error) {
    throw new Error(`${identity.name}: ${request.slice(0, 600)}\n  -> no answer: ${String((error as Error).cause ?? error)}`)
  }
  expectAnswered(answer, identity, request)
  if (identity.cookie && answer.status < 300) reached.add(procedure)
}

/** What the fake model answers: an object that satisfies both the counseling and the analysis schemas. */
const MODEL_ANSWER = {
  advice: 'Pray together and talk with your pastor.',
  scriptures: ['1 Corinthians 13:4 — Love is patient, love is kind'],
  actionItems: ['Pray together this week'],
  strengths: ['You share a faith'],
  growthAreas: ['Listening'],
}

/** An OpenAI-compatible endpoint on localhost, so the AI procedures run to the end instead of stopping at "not configured" (503). */
function startFakeModel(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: 'fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(MODEL_ANSWER) }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      )
    })
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

let model: Server

beforeAll(async () => {
  const unlimited = '1000000'
  model = await startFakeModel()
  const modelAddress = model.address() as { port: number }
  app = await startApp(
    testConfig({
      AI_BASE_URL: `http://127.0.0.1:${modelAddress.port}/v1`,
      AI_MODEL: 'fake',
      AI_API_KEY: 'fake',
      BROWSE_REQUESTS_PER_MINUTE: unlimited,
      REGISTRATIONS_PER_IP_PER_HOUR: unlimited,
      MESSAGES_PER_MINUTE: unlimited,
      LOGIN_ATTEMPTS_PER_IP: unlimited,
      LOGIN_FAILURES_PER_ACCOUNT: unlimited,
      REPORTS_PER_DAY: unlimited,
      AI_REQUESTS_PER_HOUR: unlimited,
      // Room for the fuzzer's largest bodies, so they reach the procedures instead of stopping at 413.
      BODY_LIMIT_BYTES: String(4 * 1024 * 1024),
    }),
  )
  Object.assign(member, await newMember('member', 'woman'))
  Object.assign(moderator, await newMember('moderator', 'man'))
  const partner = await newMember('member', 'man')
  const [memberId, moderatorId] = await Promise.all(
    [member, moderator].map(async (identity) => JSON.parse((await send('GET', '/api/auth/user', { cookie: identity.cookie })).text).id as string),
  )
  // The member pays for the top plan (premium paths run to the end); the moderator stays free (they refuse).
  await app.database.db.update(users).set({ plan: 'elite' }).where(eq(users.id, memberId!))
  await app.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderatorId!))

  // Records of every kind, so ids in fuzzed inputs point at something real.
  const partnerId = JSON.parse((await send('GET', '/api/auth/user', { cookie: partner.cookie })).text).id as string
  await send('POST', '/api/likes', { cookie: member.cookie, ...json({ receiverId: partnerId }) })
  await send('POST', '/api/likes', { cookie: partner.cookie, ...json({ receiverId: memberId }) })
  await send('GET', '/api/matches', { cookie: member.cookie })
  await send('POST', '/api/messages', { cookie: member.cookie, ...json({ receiverId: partnerId, content: 'Shalom' }) })
  await send('GET', '/api/conversations', { cookie: member.cookie })
  const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10)
  const event = {
    title: 'Hymn Sing',
    eventType: 'potluck',
    churchName: 'Grace Chapel',
    location: 'Fellowship Hall',
    city: 'Nashville',
    state: 'TN',
    startDateTime: `${day}T17:00`,
    endDateTime: `${day}T19:00`,
    timeZone: 'America/Chicago',
    maxAttendees: 20,
  }
  await send('POST', '/api/events', { cookie: member.cookie, ...json(event) })
  await send('GET', '/api/sabbath/events', { cookie: member.cookie })
  await send('GET', '/api/sabbath/resources', { cookie: member.cookie })
  const photo = new FormData()
  photo.append('image', new Blob([new Uint8Array(await jpegWithGps())], { type: 'image/jpeg' }), 'me.jpg')
  await send('POST', '/api/profile/photos', { cookie: member.cookie, body: photo })
  const faith = new FormData()
  const faithFields = { churchName: 'Berean', pastorName: 'Elder Sam', pastorEmail: 'elder@berean.org', membershipYears: '10' }
  rememberExamples(pools, faithFields)
  for (const [name, value] of Object.entries(faithFields)) faith.append(name, value)
  faith.append('document', new Blob([PDF], { type: 'application/pdf' }), 'letter.pdf')
  await send('POST', '/api/verification/faith', { cookie: member.cookie, body: faith })
  await send('GET', '/api/verification/reviews', { cookie: moderator.cookie })
  await send('POST', '/api/interview/start', { cookie: member.cookie, ...json({ aiPersona: 'female', communicationMode: 'chat' }) })
  await send('GET', '/api/achievements/available', { cookie: member.cookie })
  await send('GET', '/api/notifications', { cookie: partner.cookie })
  expect(pools.ids.length).toBeGreaterThan(8)
}, 60_000)

afterAll(async () => {
  await app?.close()
  await new Promise((resolve) => model?.close(resolve))
})

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'))

function runsFor(schema: JsonSchema | null) {
  return schema ? RUNS_WITH_INPUT : RUNS_WITHOUT_INPUT
}

/** How a tRPC call goes on the wire: as our client sends it, batched, with the wrong method, or in a broken envelope. */
type Wire = 'plain' | 'batch' | 'wrong method' | 'hostile envelope' | 'text/plain' | 'no content type'

function trpcRequest(path: string, type: Procedure['_def']['type'], envelope: string, wire: Wire, hostile: string) {
  const query = (text: string, batch = false) => `/trpc/${batch ? `${path},${path}` : path}?${batch ? 'batch=1&' : ''}input=${encodeURIComponent(text)}`
  const pair = `{"0":${envelope},"1":${envelope}}`
  if (type !== 'mutation') {
    if (wire === 'batch') return { method: 'GET', url: query(pair, true) }
    if (wire === 'wrong method') return { method: 'POST', url: `/trpc/${path}`, body: envelope, type: 'application/json' }
    return { method: 'GET', url: query(wire === 'hostile envelope' ? hostile : envelope) }
  }
  if (wire === 'batch') return { method: 'POST', url: `/trpc/${path},${path}?batch=1`, body: pair, type: 'application/json' }
  if (wire === 'wrong method') return { method: 'GET', url: query(envelope) }
  if (wire === 'text/plain') return { method: 'POST', url: `/trpc/${path}`, body: envelope, type: 'text/plain' }
  if (wire === 'no content type') return { method: 'POST', url: `/trpc/${path}`, body: envelope }
  return { method: 'POST', url: `/trpc/${path}`, body: wire === 'hostile envelope' ? hostile : envelope, type: 'application/json' }
}

const wire: fc.Arbitrary<Wire> = fc.oneof(
  { arbitrary: fc.constant<Wire>('plain'), weight: 12 },
  { arbitrary: fc.constantFrom<Wire>('batch', 'wrong method', 'hostile envelope', 'text/plain', 'no content type'), weight: 3 },
)

describe('tRPC over HTTP: every procedure', () => {
  it.each(procedures)('%s answers fuzzed input with 2xx or 4xx', async (path, procedure) => {
    const schema = inputSchemaOf(procedure)
    const cases = fc
      .record({ input: fuzzedInput(schema, pools), wire, hostile: fc.string() })
      .chain((c) => hostileEnvelope(trpcEnvelope(c.input)).map((hostile) => ({ ...c, hostile })))
    await fc.assert(
      fc.asyncProperty(cases, async ({ input, wire, hostile }) => {
        const envelope = trpcEnvelope(input)
        const request = trpcRequest(path, procedure._def.type, envelope, wire, hostile)
        const label = `${request.method} ${request.url.slice(0, 300)} ${request.body?.slice(0, 300) ?? ''}`
        for (const identity of await identitiesFor(path)) {
          const body = wire === 'no content type' && request.body !== undefined ? new TextEncoder().encode(request.body) : request.body
          await attempt(identity, label, () => send(request.method, request.url, { body, type: request.type, cookie: identity.cookie }), path)
        }
        await afterCase(path)
      }),
      { numRuns: runsFor(schema) },
    )
  })
})

/** Which procedure a REST row calls: its reply is run against a caller that only records the path. */
async function procedureOf(route: RestRoute): Promise<string> {
  class Called {
    constructor(readonly path: string) {}
  }
  const recorder = (keys: string[]): unknown =>
    new Proxy(() => {}, {
      get: (_target, key) => recorder([...keys, String(key)]),
      apply: () => {
        throw new Called(keys.join('.'))
      },
    })
  const params = new Proxy({}, { get: () => 'x' }) as Record<string, string>
  try {
    await route.reply(recorder([]) as Caller, { params, query: new URLSearchParams(), body: { fields: {}, file: undefined } })
  } catch (error) {
    if (error instanceof Called) return error.path
    throw error
  }
  throw new Error(`${route.method} ${route.path} called no procedure`)
}

const BROKEN_ESCAPES = ['%ZZ', '%', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF', '%00', '%2e%2e', '%2F', 'a%2Fb', '%252F', '.', ';', '%20', '~', '%u0041']

const looseEncode = (value: string) => encodeURIComponent(value.toWellFormed())

/** Every enum value a schema names (a program, a status), for path segments and query values. */
function enumValues(schema: JsonSchema | null, out: string[] = []): string[] {
  if (!schema) return out
  for (const value of schema.enum ?? []) if (typeof value === 'string') out.push(value)
  for (const child of [...Object.values(schema.properties ?? {}), ...(schema.anyOf ?? []), ...(schema.items ? [schema.items] : [])]) enumValues(child, out)
  return out
}

function segment(schema: JsonSchema | null): fc.Arbitrary<string> {
  const enums = enumValues(schema)
  return fc.oneof(
    { arbitrary: fc.nat().map((i) => looseEncode(pools.ids[i % pools.ids.length] ?? 'x')), weight: 4 },
    ...(enums.length > 0 ? [{ arbitrary: fc.constantFrom(...enums), weight: 2 }] : []),
    { arbitrary: fc.constantFrom(...BROKEN_ESCAPES), weight: 3 },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS).map(looseEncode), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(looseEncode), weight: 1 },
    { arbitrary: fc.integer({ min: 1_000, max: 12_000 }).map((n) => 'a'.repeat(n)), weight: 1 },
  )
}

function queryString(schema: JsonSchema | null): fc.Arbitrary<string> {
  const known = Object.keys(schema?.properties ?? {})
  const key = fc.oneof(
    ...(known.length > 0 ? [fc.constantFrom(...known)] : []),
    fc.constantFrom('before', 'limit', '__proto__', 'constructor', 'toString', '', 'a[b]', 'type', 'category'),
  )
  const fromSchema = schema
    ? validish(schema, pools).map((value) => (value && typeof value === 'object' ? Object.values(value).map((v) => String(v)) : [String(value)]))
    : fc.constant([])
  const value = fc.oneof(
    fromSchema.map((values) => looseEncode(values[0] ?? '')),
    fc.constantFrom(...NASTY_STRINGS).map(looseEncode),
    fc.constantFrom(...BROKEN_ESCAPES),
  )
  return fc.array(fc.tuple(key, value), { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${looseEncode(k)}=${v}`).join('&'))
}

interface UploadForm {
  fields: Partial<Record<string, string>>
  files: { content: string | Uint8Array; field: string; name: string; type: string }[]
  extra: boolean
}

/** A request body as sent (bytes or text, or a multipart form built at send time) and how a failure shows it. */
interface RestBody {
  body?: string | Uint8Array
  form?: UploadForm
  type?: string
  shown: string
}

const RAW_BODIES: [string, Uint8Array | string][] = [
  ['not json', 'not json'],
  ['truncated', '{"receiverId": "x", "content'],
  ['empty', ''],
  ['null', 'null'],
  ['array', '[]'],
  ['string', '"text"'],
  ['huge exponent', '1e999'],
  ['BOM first', '\ufeff{}'],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d])],
  ['deep arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
  ['deep objects', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`],
  ['duplicate keys', '{"content":"a","content":{"$ne":null}}'],
  ['prototype key', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}'],
]

function jsonBody(schema: JsonSchema | null): fc.Arbitrary<RestBody> {
  const type = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 10 },
    {
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'APPLICATION/JSON',
        'application/jsonx',
        '',
      ),
      weight: 2,
    },
  )
  return fc.oneof(
    {
      arbitrary: fc.tuple(fuzzedInput(schema, pools), type).map(([value, type]) => {
        const text = jsonText(value) ?? ''
        return { body: text, type, shown: text }
      }),
      weight: 8,
    },
    { arbitrary: fc.constantFrom(...RAW_BODIES).map(([name, body]) => ({ body, type: 'application/json', shown: name })), weight: 2 },
  )
}

const FILES: [string, () => Promise<Uint8Array>][] = [
  ['a JPEG', async () => new Uint8Array(await jpegWithGps())],
  ['half a JPEG', async () => new Uint8Array(await jpegWithGps()).slice(0, 300)],
  ['a PDF', async () => PDF],
  ['a PNG claiming 50k x 50k', async () => new Uint8Array(pngClaiming(50_000, 50_000))],
  ['HTML named .jpg', async () => new Uint8Array(HTML_AS_JPEG)],
  ['empty', async () => new Uint8Array()],
]

function formBody(schema: JsonSchema | null): fc.Arbitrary<RestBody> {
  const fieldNames = Object.keys(schema?.properties ?? {}).filter((name) => name !== 'document' && name !== 'image')
  const fieldValue = (name: string) =>
    fc.oneof(
      validish(schema?.properties?.[name] ?? {}, pools, name).map((value) => String(value)),
      fc.constantFrom(...NASTY_STRINGS).map((value) => value.slice(0, 8_000)),
    )
  const file = fc.record({
    content: fc.oneof(fc.constantFrom(...FILES.map(([name]) => name)), fc.uint8Array({ maxLength: 2048 })),
    field: fc.constantFrom('document', 'image', 'photo', 'file'),
    name: fc.oneof(fc.constantFrom('letter.pdf', 'me.jpg', 'x', '../../etc/passwd', 'a'.repeat(2_000)), fc.string({ unit: 'binary', maxLength: 20 })),
    type: fc.constantFrom('application/pdf', 'image/jpeg', 'image/png', 'text/html', 'application/octet-stream', ''),
  })
  const form: fc.Arbitrary<UploadForm> = fc.record({
    fields: fc.record(Object.fromEntries(fieldNames.map((name) => [name, fieldValue(name)])), { requiredKeys: [] }),
    files: fc.array(file, { maxLength: 2 }),
    extra: fc.boolean(),
  })
  return fc.oneof(
    { arbitrary: form.map((form): RestBody => ({ form, shown: `form ${JSON.stringify(form).slice(0, 400)}` })), weight: 6 },
    {
      arbitrary: fc.constantFrom<RestBody>(
        { body: '{"tier":"tier1"}', type: 'application/json', shown: 'JSON instead of a form' },
        { body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated', type: 'multipart/form-data; boundary=x', shown: 'unterminated multipart' },
        { body: 'a=b', type: 'multipart/form-data', shown: 'multipart without a boundary' },
        { body: '--x--\r\n', type: 'multipart/form-data; boundary=x', shown: 'empty multipart' },
      ),
      weight: 1,
    },
  )
}

async function buildForm(form: UploadForm) {
  const data = new FormData()
  for (const [name, value] of Object.entries(form.fields)) if (value !== undefined) data.append(name, value)
  if (form.extra) data.append('__proto__', '{"isAdmin":true}')
  for (const file of form.files) {
    const bytes = typeof file.content === 'string' ? await FILES.find(([name]) => name === file.content)![1]() : file.content
    data.append(file.field, new Blob([new Uint8Array(bytes)], { type: file.type }), file.name)
  }
  return data
}

const rows = await Promise.all(restRoutes.map(async (route) => ({ route, procedure: await procedureOf(route) })))

describe('REST over HTTP: every row', () => {
  it.each(rows.map(({ route, procedure }) => [`${route.method} ${route.path}`, route, procedure] as const))(
    '%s answers fuzzed params, query and body with 2xx or 4xx',
    async (_name, route, procedure) => {
      const schema = inputSchemaOf(procedureAt.get(procedure)!)
      const paramCount = (route.path.match(/:\w+/g) ?? []).length
      const body: fc.Arbitrary<RestBody> =
        route.method === 'GET' ? fc.constant({ shown: '' }) : route.body === 'json' ? jsonBody(schema) : formBody(schema)
      const cases = fc.record({
        params: fc.array(segment(schema), { minLength: paramCount, maxLength: paramCount }),
        query: fc.oneof({ arbitrary: fc.constant(''), weight: 1 }, { arbitrary: queryString(schema), weight: 2 }),
        body,
      })
      const fuzzed = paramCount > 0 || route.method !== 'GET' || Object.keys(schema?.properties ?? {}).length > 0
      await fc.assert(
        fc.asyncProperty(cases, async ({ params, query, body }) => {
          let i = 0
          const url = `${route.path.replace(/:\w+/g, () => params[i++]!)}${query ? `?${query}` : ''}`
          const label = `${route.method} ${url.slice(0, 400)} ${body.shown.slice(0, 400)}`
          for (const identity of await identitiesFor(procedure)) {
            const payload = body.form ? await buildForm(body.form) : body.body
            await attempt(
              identity,
              label,
              () => send(route.method, url, { body: payload, type: body.form ? undefined : body.type, cookie: identity.cookie }),
              procedure,
            )
          }
          await afterCase(procedure)
        }),
        { numRuns: fuzzed ? RUNS_WITH_INPUT : RUNS_WITHOUT_INPUT },
      )
    },
  )
})

describe('tRPC over the socket: subscriptions', () => {
  it('messaging.events answers fuzzed input with data or a 4xx error, never an internal one', async () => {
    const schema = inputSchemaOf(procedureAt.get('messaging.events')!)
    const sockets = [visitor, member].map((identity) => ({ identity, socket: trpcOverSocket(app.url, { cookie: identity.cookie, origin: app.url }) }))
    try {
      await fc.assert(
        fc.asyncProperty(fuzzedInput(schema, pools), async (input) => {
          for (const { identity, socket } of sockets) {
            const outcome = await new Promise<unknown>((resolve) => {
              const subscription = socket.api.messaging.events.subscribe(clientSendable(input) as never, {
                onStarted: () => finish('started'),
                onData: () => finish('data'),
                onError: (error) => finish(error),
              })
              const timer = setTimeout(() => finish('quiet'), 1_000)
              function finish(result: unknown) {
                clearTimeout(timer)
                subscription.unsubscribe()
                resolve(result)
              }
            })
            if (outcome instanceof TRPCClientError) {
              const data = outcome.data as { code?: string; httpStatus?: number } | undefined
              if (data?.code === 'INTERNAL_SERVER_ERROR' || (data?.httpStatus ?? 0) >= 500) {
                throw new Error(`${identity.name}: ${jsonText(input)?.slice(0, 600)}\n  -> ${data?.code} ${outcome.message}`)
              }
            }
          }
        }),
        { numRuns: RUNS_WITH_INPUT },
      )
    } finally {
      for (const { socket } of sockets) socket.close()
    }
  })
})

describe('after the fuzzing', () => {
  it('got past validation into most procedures', () => {
    const missed = procedures.map(([path]) => path).filter((path) => !reached.has(path))
    console.log(`fuzz: a signed-in caller got a 2xx from ${reached.size} of ${procedures.length} procedures; never from: ${missed.join(', ')}`)
    expect(reached.size).toBeGreaterThanOrEqual(procedures.length / 2)
  })

  it('the server still answers its health check and a signed-in member', async () => {
    expect((await send('GET', '/api/health')).status).toBe(200)
    const login = await postJson('/api/login', { email: member.email, password: PASSWORD })
    expect(login.status).toBe(200)
    const cookie = cookieFrom(login)
    const profile = await send('GET', '/api/profile', { cookie })
    expect(profile.status).toBe(200)
    const me = await send('GET', '/trpc/auth.me', { cookie })
    expect(JSON.parse(me.text).result.data.json.email).toBe(member.email)
  })
})
