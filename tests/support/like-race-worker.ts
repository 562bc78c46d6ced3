// Another app process for the mutual-like race: it opens the same database file, says "ready",
// waits for "go <epoch ms>" on stdin, then sends like number i at exactly that time + i * SPACING_MS
// (spinning, not sleeping, so two workers hit the same millisecond), and prints the outcomes.
// Usage: node --import tsx tests/support/like-race-worker.ts <database url> <json [senderId, receiverId][]>
import { createInterface } from 'node:readline'
import { openDatabase } from '#db/client.ts'
import { createLocalBus } from '#server/realtime/bus.ts'
import { likeMember } from '#server/services/likes.ts'

const [url, jobsJson] = process.argv.slice(2)
const jobs = JSON.parse(jobsJson!) as [string, string][]
const database = await openDatabase(url!)
process.stdout.write('ready\n')
const SPACING_MS = 40
let start = 0
for await (const line of createInterface({ input: process.stdin })) {
  const [word, at] = line.trim().split(' ')
  if (word === 'go') {
    start = Number(at)
    break
  }
}
const bus = createLocalBus()
const outcomes = []
for (const [i, [senderId, receiverId]] of jobs.entries()) {
  while (Date.now() < start + i * SPACING_MS) {
    // Spin until this like's moment.
  }
  outcomes.push(await likeMember(database.db, bus, { id: senderId, plan: 'premium', status: 'active' }, receiverId))
}
process.stdout.write(`${JSON.stringify(outcomes)}\n`)
database.close()
process.exit(0)
