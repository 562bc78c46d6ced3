// Lists members' reports: `npx tsx scripts/reports.ts` (open reports, oldest first). Decisions are made
// in the moderator console (/moderation), where each one is written to the audit log.
//   --all           include resolved reports
//   --json          print JSON instead of text
// Reads DATABASE_URL (and DATABASE_AUTH_TOKEN) like the server.
import { parseArgs } from 'node:util'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { parseEnv } from '#server/env.ts'
import { listReports } from '#server/services/safety.ts'
import { reportReasons } from '#shared/content/report-reasons.ts'

const { values } = parseArgs({
  options: { all: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
})
if (values.help) {
  console.log('Usage: npx tsx scripts/reports.ts [--all] [--json]')
  process.exit(0)
}

const config = parseEnv(process.env)
const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN)
try {
  await migrateDatabase(database.db)
  const found = await listReports(database.db, { includeResolved: values.all })
  if (values.json) {
    console.log(JSON.stringify(found, null, 2))
  } else if (found.length === 0) {
    console.log(values.all ? 'No reports.' : 'No open reports.')
  } else {
    const person = (p: { id: string; firstName: string; lastName: string; email: string }) =>
      `${p.firstName} ${p.lastName} <${p.email}> (${p.id})`
    const label = (reason: string) => reportReasons.find((r) => r.value === reason)?.label ?? reason
    for (const report of found) {
      console.log(`${report.createdAt.toISOString()}  ${report.id}  [${report.status}]  ${label(report.reason)}`)
      console.log(`  reported: ${person(report.reported)}`)
      console.log(`  by:       ${report.reporter ? person(report.reporter) : 'the scam guard'}`)
      if (report.details) console.log(`  details:  ${report.details.replace(/\n/g, '\n            ')}`)
      console.log('')
    }
    console.log(`${found.length} ${values.all ? '' : 'open '}report${found.length === 1 ? '' : 's'}.`)
  }
} finally {
  database.close()
}
