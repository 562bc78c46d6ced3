import { setImmediate as nextTurn } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { type BusEvent, createLocalBus } from '#server/realtime/bus.ts'

const typing = (userId: string, recipients: string[], conversationId = 'c1'): BusEvent => ({
  type: 'typing',
  recipients,
  conversationId,
  userId,
  isTyping: true,
})

/** Reads a reader in the background; `heard` fills as events arrive, `ended` settles when it stops. */
function follow(events: AsyncIterable<BusEvent>, slowly = false) {
  const heard: BusEvent[] = []
  const ended = (async () => {
    for await (const event of events) {
      heard.push(event)
      if (slowly) await new Promise((resolve) => setTimeout(resolve, 1))
    }
  })()
  return { heard, ended }
}

function collectGarbage() {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

describe('a member reading the bus', () => {
  it('hears the events addressed to them, in order, and no one else’s', async () => {
    const bus = createLocalBus()
    const stop = new AbortController()
    const grace = follow(bus.eventsFor('grace', stop.signal))
    bus.publish(typing('daniel', ['grace', 'daniel'], 'first'))
    bus.publish(typing('anna', ['anna', 'peter']))
    bus.publish(typing('daniel', ['grace', 'daniel'], 'second'))
    await nextTurn()
    stop.abort()
    await grace.ended
    expect(grace.heard.map((event) => 'conversationId' in event && event.conversationId)).toEqual(['first', 'second'])
  })

  it('hears what is published between asking and the first read, as a feed catching up does', async () => {
    const bus = createLocalBus()
    const stop = new AbortController()
    const live = bus.eventsFor('grace', stop.signal)[Symbol.asyncIterator]()
    bus.publish(typing('daniel', ['grace'], 'while catching up'))
    const first = await live.next()
    expect(first.done).toBe(false)
    expect(first.value).toMatchObject({ conversationId: 'while catching up' })
    stop.abort()
    expect((await live.next()).done).toBe(true)
  })

  it('keeps every event, in order, for a reader that is slower than the publisher', async () => {
    const bus = createLocalBus()
    const stop = new AbortController()
    const grace = follow(bus.eventsFor('grace', stop.signal), true)
    for (let at = 0; at < 50; at++) bus.publish(typing('daniel', ['grace'], `c${at}`))
    while (grace.heard.length < 50) await new Promise((resolve) => setTimeout(resolve, 5))
    stop.abort()
    await grace.ended
    expect(grace.heard.map((event) => 'conversationId' in event && event.conversationId)).toEqual(
      Array.from({ length: 50 }, (_, at) => `c${at}`),
    )
  })

  it('stops at the abort: the reading ends and later events reach no one', async () => {
    const bus = createLocalBus()
    const stop = new AbortController()
    const grace = follow(bus.eventsFor('grace', stop.signal))
    await nextTurn()
    stop.abort()
    await grace.ended
    bus.publish(typing('daniel', ['grace']))
    await nextTurn()
    expect(grace.heard).toEqual([])
    // Already aborted: nothing to read, nothing heard.
    const late = follow(bus.eventsFor('grace', stop.signal))
    bus.publish(typing('daniel', ['grace']))
    await late.ended
    expect(late.heard).toEqual([])
  })

  it('holds a few KB for each open reader, and nothing once it is aborted, read or not', async () => {
    const bus = createLocalBus()
    const readers = 2_000
    const heapUsed = () => {
      collectGarbage()
      return process.memoryUsage().heapUsed
    }
    const before = heapUsed()
    let stops = Array.from({ length: readers }, () => new AbortController())
    // Half wait for their next event, as an open socket's reader does; half were never read.
    let readings = stops.map((stop, at) => {
      const events = bus.eventsFor(`member ${at}`, stop.signal)
      return at % 2 === 0 ? { events } : follow(events)
    })
    await nextTurn()
    const open = (heapUsed() - before) / readers
    for (const stop of stops) stop.abort()
    await Promise.all(readings.map((reading) => ('ended' in reading ? reading.ended : undefined)))
    stops = []
    readings = []
    const left = (heapUsed() - before) / readers
    // A reader on `events.on` held about 34 KB once read: two buffers of 2,048 slots each.
    expect(open).toBeLessThan(8_192)
    // A listener left on the bus by a reader never read kept about 1 KB a reader.
    expect(left).toBeLessThan(512)
  })
})
