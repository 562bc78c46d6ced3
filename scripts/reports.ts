// Lists members' reports for moderation: `npx tsx scripts/reports.ts` (open reports, oldest first).
//   --all           include resolved reports
//   --json          print JSON instead of text
//   --resolve <id>  mark one report resolved
// Reads DATABASE_URL (and DATABASE_AUTH_TOKEN) like the server.
import { parseArgs } from 'node:util'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { parseEnv } from '#server/env.ts'
import { openBus } from '#server/realtime/realtime.ts'
import { listReports, resolveReport } from '#server/services/safety.ts'
import { reportReasons } from '#shared/content/report-reasons.ts'

const { values } = parseArgs({
  options: { all: { type: 'boolean' }, json: { type: 'boolean' }, resolve: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
})
if (values.help) {
  console.log('Usage: npx tsx scripts/reports.ts [--all] [--json] [--resolve <report id>]')
  process.exit(0)
}

const config = parseEnv(process.env)
const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN)
try {
  await migrateDatabase(database.db)
  if (values.resolve) {
    // The reporter is told in the centre at their next visit (and live, when Redis carries the bus to the app).
    const bus = await openBus(config.REDIS_URL)
    const resolved = await resolveReport(database.db, bus, values.resolve).finally(() => bus.close())
    console.log(resolved ? `Report ${values.resolve} resolved.` : `No report ${values.resolve}.`)
    process.exitCode = resolved ? 0 : 1
  } else {
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
        console.log(`  by:       ${person(report.reporter)}`)
        if (report.details) console.log(`  details:  ${report.details.replace(/\n/g, '\n            ')}`)
        console.log('')
      }
      console.log(`${found.length} ${values.all ? '' : 'open '}report${found.length === 1 ? '' : 's'}.`)
    }
  }
} finally {
  database.close()
}
