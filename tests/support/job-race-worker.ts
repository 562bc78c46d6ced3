// Another process running the job queue against the same database file, for the race tests. It says
// "ready", waits for "go" on stdin, runs jobs until none of the raced kind is pending, then prints
// the ids of the jobs its handler ran (mode `count`; in mode `mail` the SMTP server does the counting).
// Usage: node --import tsx tests/support/job-race-worker.ts <database url> count|mail [smtp url]

import { createInterface } from 'node:readline'
import { setTimeout as delay } from 'node:timers/promises'
import { and, count, eq } from 'drizzle-orm'
import { openDatabase } from '#db/client.ts'
import { jobs } from '#db/schema/index.ts'
import { parseEnv } from '#server/env.ts'
import { createAppJobRunner } from '#server/jobs/app-runner.ts'
import { createJobRunner, type JobRunner } from '#server/jobs/runner.ts'

const [url, mode, smtpUrl] = process.argv.slice(2) as [string, 'count' | 'mail', string | undefined]
const database = await openDatabase(url)
const db = database.db
const ran: string[] = []

const runner: JobRunner =
  mode === 'count'
    ? createJobRunner<{ race: { n: number } }>({
        db,
        idlePollMs: 5,
        handlers: {
          race: async (_payload, job) => {
            ran.push(job.id)
            await delay(Math.random() * 2)
          },
        },
      })
    : createAppJobRunner(
        {
          db,
          config: parseEnv({ DATABASE_URL: url, SMTP_URL: smtpUrl, MAIL_FROM: 'Covenant <hello@example.org>' }),
          publicUrl: 'http://covenant.test',
        },
        { idlePollMs: 5 },
      )
const raced = mode === 'count' ? 'race' : 'mail'

process.stdout.write('ready\n')
for await (const line of createInterface({ input: process.stdin })) if (line.trim() === 'go') break
runner.start()
for (;;) {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.kind, raced), eq(jobs.status, 'pending')))
  if (row!.n === 0) break
  await delay(20)
}
await runner.stop()
process.stdout.write(`${JSON.stringify({ runner: runner.id, ran })}\n`)
database.close()
process.exit(0)
