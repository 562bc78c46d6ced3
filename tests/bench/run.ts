import { currentUserBench } from './current-user.ts'
import { deliveryBench } from './delivery.ts'
import { discoverBench } from './discover.ts'
import { machine, recordResults, seededDatabase } from './harness.ts'
import { loginBench } from './login.ts'

/**
 * `npx tsx tests/bench/run.ts [name…]`: every bench (as `npm run bench` runs them, before Lighthouse),
 * or the named ones, one after another on the same seeded community. Each figure is a ratio against a baseline measured in the same run; all of them land
 * in bench/results.json (docs/performance.md says how to read them).
 */
const benches = { 'current-user': currentUserBench, login: loginBench, discover: discoverBench, delivery: deliveryBench }
const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !(name in benches))
if (unknown.length) {
  console.error(`Unknown bench ${unknown.join(', ')}; the benches are ${Object.keys(benches).join(', ')}`)
  process.exit(1)
}
// The seeded community is built before any clock starts (minutes for 100,000 members, the first time).
await seededDatabase()
for (const [name, bench] of Object.entries(benches)) {
  if (asked.length && !asked.includes(name)) continue
  console.log(`\n== ${name} (load average ${machine().loadAverage1m})`)
  await bench()
}
recordResults('machine', machine())
