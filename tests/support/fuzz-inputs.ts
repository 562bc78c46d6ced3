import fc from 'fast-check'
import superjson from 'superjson'
import { z } from 'zod'

/** The subset of JSON Schema that `z.toJSONSchema` writes for our inputs. */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
}

/** A procedure's input as JSON Schema (what a client may send), or null when it takes none. */
export function inputSchemaOf(procedure: { _def: { inputs?: unknown[] } }): JsonSchema | null {
  const [input] = procedure._def.inputs ?? []
  if (!input) return null
  return z.toJSONSchema(input as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

/** Values that exist in this database (member, event, conversation ids...), filled in once the server runs. */
export interface Pools {
  ids: string[]
  emails: string[]
  password: string
  /** Field values the server accepted before, by field name (a birth date, an event's start, a time zone). */
  examples: Map<string, unknown[]>
  /** Ids of real records by the field that names them (eventId, photoId, conversationId...). */
  idsByField: Map<string, string[]>
}

/** Remembers every field of an accepted input as an example for fields of that name. */
export function rememberExamples(pools: Pools, input: unknown) {
  if (!isPlainObject(input)) return
  for (const [key, value] of Object.entries(input)) {
    const known = pools.examples.get(key) ?? []
    if (!known.some((item) => JSON.stringify(item) === JSON.stringify(value))) known.push(value)
    pools.examples.set(key, known)
    rememberExamples(pools, value)
  }
}

/**
 * A value JSON cannot carry but superjson can (NaN, Infinity, undefined, dates, big integers,
 * maps, sets): `real` for the superjson encoder, `json` for a plain JSON body, where it degrades.
 */
class Exotic {
  constructor(
    readonly real: unknown,
    readonly json: unknown,
  ) {}
}

const HUGE = 100_000
/** Fixed hostile strings: size, emptiness, number look-alikes, unicode an attacker reaches for, injections. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t  ',
  'x'.repeat(HUGE),
  '\ud800'.repeat(HUGE / 10),
  '😀'.repeat(HUGE / 2),
  `a${'\u0301'.repeat(5000)}`,
  'Ruth\ud800',
  '\udfffRuth',
  'Ru\u0000th',
  '\u0000',
  'Ruth\u202eevil',
  '\u2066isolate\u2069',
  '\ufeffBOM',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0',
  '0x10',
  '9007199254740993',
  '1.5',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'toString',
  "' OR 1=1--",
  '"; DROP TABLE users;--',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '%ZZ',
  '\\',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '1900-01-01T00:00',
  '2999-01-01T25:61',
  'Not/A_Zone',
  'Etc/GMT+99',
  'a'.repeat(64),
  'a'.repeat(65),
  'a'.repeat(257),
  'ruth@example.com',
  `${'a'.repeat(250)}@example.com`,
]

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
)

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 0.1, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 32, 2 ** 53 + 2, -(2 ** 63), Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

const exotic: fc.Arbitrary<Exotic> = fc.constantFrom(
  new Exotic(Number.NaN, null),
  new Exotic(Number.POSITIVE_INFINITY, null),
  new Exotic(Number.NEGATIVE_INFINITY, null),
  new Exotic(undefined, null),
  new Exotic(new Date(Number.NaN), 'Invalid Date'),
  new Exotic(new Date(8.64e15), '+275760-09-13T00:00:00.000Z'),
  new Exotic(2n ** 70n, '1180591620717411303424'),
  new Exotic(new Map([['a', 1]]), [['a', 1]]),
  new Exotic(new Set(['a', 'a']), ['a']),
  new Exotic(/.*/g, '/.*/g'),
)

/** `{"__proto__": ...}` as an own key, the way JSON.parse makes it, not a prototype change. */
function withOwnKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object }
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true })
  return copy
}

/** The value with one more own field when it is a plain object; any other value as it is. */
export function withField(value: unknown, key: string, field: unknown): unknown {
  return isPlainObject(value) ? withOwnKey(value, key, field) : value
}

function deeplyNested(depth: number, asArray: boolean): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value }
  return value
}

const wrongShape: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    {},
    [1, 'a', null],
    { a: { b: {} } },
    Array.from({ length: 10_000 }, () => 'a'),
  ),
  fc.constant(null).map(() => JSON.parse('{"__proto__":{"isAdmin":true,"role":"moderator","plan":"elite"}}')),
  fc.record({ depth: fc.integer({ min: 100, max: 800 }), asArray: fc.boolean() }).map(({ depth, asArray }) => deeplyNested(depth, asArray)),
)

/** Anything an attacker might put where a field is expected. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 5 },
  { arbitrary: nastyNumber, weight: 2 },
  { arbitrary: exotic, weight: 2 },
  { arbitrary: wrongShape, weight: 2 },
)

const idLike = (name: string) => /(^id$|Id$|Ids$|^ids$)/.test(name)

function fromPool(values: () => string[], fallback: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat().map((i) => {
      const pool = values()
      return pool.length > 0 ? pool[i % pool.length]! : 'missing'
    }),
    fallback,
  )
}

/** Zones Intl accepts that a browser would rarely send: legacy names, odd casing, quarter-hour offsets. */
const ODD_TIME_ZONES = [
  'EST',
  'etc/gmt+12',
  'ETC/GMT-14',
  'utc',
  'GMT0',
  'US/Pacific-New',
  'SystemV/AST4',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Antarctica/Troll',
]

const pad = (n: number) => String(n).padStart(2, '0')
const DAY_MS = 86_400_000
/** A calendar day from 1900 to 2100, often today or near it (leap days, year ends and the next few days included). */
const aDay: fc.Arbitrary<string> = fc
  .oneof(
    fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) }),
    fc.integer({ min: -3, max: 30 }).map((days) => Date.now() + days * DAY_MS),
    fc.constantFrom(Date.UTC(2000, 1, 29), Date.UTC(2028, 1, 29), Date.UTC(2099, 11, 31), Date.UTC(1900, 0, 1)),
  )
  .map((at) => new Date(at).toISOString().slice(0, 10))

/** Strings a field's name asks for: real ids, emails and passwords, zones, feed positions, dates. */
function hintedString(name: string, pools: Pools, plain: fc.Arbitrary<string>): fc.Arbitrary<string> | null {
  const known = pools.idsByField.get(name) ?? []
  if (known.length > 0)
    return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: fromPool(() => pools.ids, plain), weight: 1 })
  if (/EventId$/.test(name)) {
    // A feed position as the live feed hands them out, `<time in ms>_<message id>`, and near misses of it.
    const at = fc.oneof(
      fc.integer({ min: 0, max: Date.now() + DAY_MS }).map(String),
      fc.constantFrom('1e308', 'NaN', '-0', '', '0x10', '-1'),
    )
    return fc
      .tuple(
        at,
        fromPool(() => pools.ids, plain),
      )
      .map(([time, id]) => `${time}_${id}`)
  }
  if (idLike(name)) return fromPool(() => pools.ids, plain)
  if (/email/i.test(name)) return fromPool(() => pools.emails, fc.emailAddress())
  if (/password/i.test(name)) return fc.oneof(fc.constant(pools.password), plain)
  if (/time ?zone/i.test(name)) return fc.oneof(fc.constantFrom(...Intl.supportedValuesOf('timeZone')), fc.constantFrom(...ODD_TIME_ZONES))
  if (/DateTime$/.test(name))
    return fc
      .tuple(aDay, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([day, h, m]) => `${day}T${pad(h)}:${pad(m)}`)
  if (/Date$/.test(name)) return aDay
  return null
}

function stringFor(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40))
  const plain = fc.string({ minLength: min, maxLength: max })
  const options = [{ arbitrary: plain, weight: 1 }]
  const hinted = hintedString(name, pools, plain)
  if (hinted) options.push({ arbitrary: hinted, weight: 4 })
  if (schema.pattern) {
    try {
      options.push({ arbitrary: fc.stringMatching(new RegExp(schema.pattern)), weight: 2 })
    } catch {
      // A pattern fast-check cannot generate from: the other strings still apply.
    }
  }
  return fc.oneof(...options)
}

/** Values shaped like the schema asks (its enums, patterns, bounds and required keys), with real ids where ids go. */
export function validish(schema: JsonSchema, pools: Pools, name = '', depth = 0, onlyExamples = false): fc.Arbitrary<unknown> {
  const examples = pools.examples.get(name) ?? []
  if (examples.length === 0) return generate(schema, pools, name, depth, onlyExamples)
  if (onlyExamples) return fc.constantFrom(...examples)
  return fc.oneof(
    { arbitrary: fc.constantFrom(...examples), weight: 3 },
    { arbitrary: generate(schema, pools, name, depth, false), weight: 1 },
  )
}

/**
 * Values the server has accepted before wherever there are some, generated ones elsewhere: inputs
 * that pass validation often enough to reach the services behind it.
 */
function likelyValid(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  return validish(schema, pools, '', 0, true)
}

function generate(schema: JsonSchema, pools: Pools, name: string, depth: number, onlyExamples: boolean): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf
  if (options) return fc.oneof(...options.map((option) => validish(option, pools, name, depth, onlyExamples)))
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (types.length > 1) return fc.oneof(...types.map((type) => validish({ ...schema, type }, pools, name, depth, onlyExamples)))
  switch (types[0]) {
    case 'string':
      return stringFor(schema, name, pools)
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e6), max: Math.min(schema.maximum ?? 1000, 1e6) })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const items = schema.items ? validish(schema.items, pools, name, depth + 1, onlyExamples) : fc.string()
      return fc.array(items, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5)),
      })
    }
    case 'object': {
      const properties = schema.properties ?? {}
      if (depth > 4 || Object.keys(properties).length === 0) return fc.constant({})
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validish(value, pools, key, depth + 1, onlyExamples)]),
      )
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) })
    }
    default:
      // z.custom and other shapes JSON Schema cannot say: a small value of any kind.
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }))
  }
}

type Mutation = (value: unknown) => unknown
type Path = (string | number)[]

function pathsIn(value: unknown, prefix: Path = [], out: Path[] = [], budget = { left: 200 }): Path[] {
  if (budget.left-- <= 0) return out
  out.push(prefix)
  if (value instanceof Exotic || typeof value !== 'object' || value === null) return out
  const entries = Array.isArray(value) ? value.slice(0, 20).map((item, i) => [i, item] as const) : Object.entries(value)
  for (const [key, item] of entries) pathsIn(item, [...prefix, key], out, budget)
  return out
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value)
}

function setAt(value: unknown, path: Path, replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value)
  const [head, ...rest] = path
  if (Array.isArray(value)) {
    const copy = [...value]
    copy[head as number] = setAt(copy[head as number], rest, replacement)
    return copy
  }
  const object = value as Record<string, unknown>
  return withOwnKey(object, String(head), setAt(object[String(head)], rest, replacement))
}

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'plan',
  'isAdmin',
  'isVerified',
  'userId',
  'id',
  'status',
  '',
  'a.b',
  '$where',
]

function mutation(schema: JsonSchema | null): fc.Arbitrary<Mutation> {
  const required = schema?.required ?? []
  const known = Object.keys(schema?.properties ?? {})
  const kinds: fc.Arbitrary<Mutation>[] = [
    // A nasty value somewhere in the tree (a field, an array item, or the whole input).
    fc.tuple(fc.nat(), nastyValue).map(
      ([pick, nasty]): Mutation =>
        (value) => {
          const paths = pathsIn(value)
          return setAt(value, paths[pick % paths.length]!, () => nasty)
        },
    ),
    // A known field set to a nasty value, present or not before.
    fc.tuple(fc.constantFrom(...(known.length > 0 ? known : ['value'])), nastyValue).map(
      ([key, nasty]): Mutation =>
        (value) =>
          isPlainObject(value) ? withOwnKey(value, key, nasty) : { [key]: nasty },
    ),
    // A string in the tree bent rather than replaced: cut short, grown, its digits blown up, doubled, reversed.
    fc
      .tuple(
        fc.nat(),
        fc.constantFrom<(text: string) => string>(
          (text) => text.slice(0, Math.floor(text.length / 2)),
          (text) => `${text}\u0000`,
          (text) => `${text}${'\u0301'.repeat(500)}`,
          (text) => text.replace(/\d/g, '9'.repeat(20)),
          (text) => text.replace(/\d/g, '0'),
          (text) => text.repeat(40),
          (text) => [...text].reverse().join(''),
          (text) => ` ${text} `,
          (text) => text.toUpperCase(),
        ),
      )
      .map(
        ([pick, bend]): Mutation =>
          (value) => {
            const strings = pathsIn(value).filter((path) => typeof getAt(value, path) === 'string')
            return strings.length === 0 ? value : setAt(value, strings[pick % strings.length]!, (old) => bend(old as string))
          },
      ),
    // Extra fields, prototype keys among them.
    fc.tuple(fc.constantFrom(...EXTRA_KEYS), fc.oneof(nastyValue, fc.constant({ isAdmin: true, role: 'moderator', plan: 'elite' }))).map(
      ([key, extra]): Mutation =>
        (value) =>
          withOwnKey(isPlainObject(value) ? value : {}, key, extra),
    ),
    // The input as an array, or buried deep.
    fc.constantFrom<Mutation>(
      (value) => [value],
      (value) => [value, value],
      (value) => ({ json: value }),
      (value) => ({ a: value, deep: deeplyNested(600, true) }),
    ),
  ]
  if (required.length > 0) {
    // A required field missing.
    kinds.push(
      fc.constantFrom(...required).map(
        (key): Mutation =>
          (value) => {
            if (!isPlainObject(value)) return value
            const { [key]: _dropped, ...rest } = value
            return rest
          },
      ),
    )
  }
  return fc.oneof(...kinds)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Exotic)
}

/** Valid-ish inputs, and the same inputs with one to three hostile changes. */
export function fuzzedInput(schema: JsonSchema | null, pools: Pools): fc.Arbitrary<unknown> {
  const base = schema ? fc.oneof(likelyValid(schema, pools), validish(schema, pools)) : fc.constant(undefined)
  const broken = fc
    .tuple(base, fc.array(mutation(schema), { minLength: 1, maxLength: 3 }))
    .map(([value, changes]) => changes.reduce((acc, change) => change(acc), value))
  return fc.oneof({ arbitrary: base, weight: 3 }, { arbitrary: broken, weight: 5 }, { arbitrary: nastyValue, weight: 1 })
}

/** The value as a plain JSON text, `__proto__` own keys kept and exotic values degraded as JSON would. */
export function jsonText(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) => (item instanceof Exotic ? item.json : item))
}

/** The value with its exotic parts made real, for superjson. */
function superjsonValue(value: unknown): unknown {
  if (value instanceof Exotic) return value.real
  if (Array.isArray(value)) return value.map(superjsonValue)
  if (isPlainObject(value)) {
    let copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) copy = withOwnKey(copy, key, superjsonValue(item))
    return copy
  }
  return value
}

/** Our client's tRPC envelope for the value: superjson for what JSON cannot say. */
export function trpcEnvelope(value: unknown): string {
  const plain = `{"json":${jsonText(value) ?? 'null'}}`
  let encoded: ReturnType<typeof superjson.serialize>
  try {
    encoded = superjson.serialize(superjsonValue(value) as never)
  } catch {
    // superjson refuses to encode "__proto__", "constructor" and "prototype" keys: an attacker's raw JSON does not.
    return plain
  }
  // superjson rebuilds objects by assignment and would drop an own "__proto__" key: keep the JSON text
  // of the tree as it was unless superjson adds type information.
  const { json, meta } = encoded
  return meta !== undefined && Object.keys(meta).length > 0 ? `{"json":${JSON.stringify(json)},"meta":${JSON.stringify(meta)}}` : plain
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** The value as our own tRPC client can send it: superjson's encoder refuses prototype keys. */
export function clientSendable(value: unknown): unknown {
  if (value instanceof Exotic) return value.real
  if (Array.isArray(value)) return value.map(clientSendable)
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !PROTOTYPE_KEYS.has(key))
        .map(([key, item]) => [key, clientSendable(item)]),
    )
  return value
}

/** Envelopes our client never sends: broken or hostile superjson metadata, no envelope, not JSON. */
export const hostileEnvelope = (inner: string): fc.Arbitrary<string> =>
  fc.constantFrom(
    inner.replace(/^\{"json":/, '{"nojson":'),
    `{"json":{"a":"1"},"meta":{"values":{"__proto__.polluted":["number"]}}}`,
    `{"json":{"a":"1"},"meta":{"values":{"constructor.prototype.polluted":["undefined"]}}}`,
    `{"json":{"a":"1"},"meta":{"values":{"a":["class","Nope"]}}}`,
    `{"json":{"a":"1"},"meta":{"values":{"a":["custom","Nope"]}}}`,
    `{"json":{"a":"1"},"meta":{"values":{"a":["symbol","Nope"]}}}`,
    `{"json":{"a":"1"},"meta":{"values":["map"]}}`,
    `{"json":"x","meta":{"values":["bigint"]}}`,
    `{"json":"x","meta":{"values":["Date"]}}`,
    `{"json":"/(a+)+$/","meta":{"values":["regexp"]}}`,
    `{"json":{"a":{}},"meta":{"referentialEqualities":{"a":["constructor.prototype"]}}}`,
    `{"json":{"a":{}},"meta":{"referentialEqualities":{"__proto__":["a"]}}}`,
    `{"json":{},"meta":"string"}`,
    `{"json":{},"meta":null}`,
    `{"json":{},"meta":{"values":{"a.b.c.d":["set"]}}}`,
    inner.slice(0, Math.floor(inner.length / 2)),
    'not json',
    '',
    'null',
    '[]',
    '"str"',
    `{"json":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    `{"json":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`,
  )
