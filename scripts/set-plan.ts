// Operator command, for support: put a member on a plan by hand (no checkout, no renewal date; a paid
// subscription that later ends or lapses still returns the member to free).
// Usage: npx tsx scripts/set-plan.ts <email> <plan>

import { planName } from '#shared/content/plans.ts'
import { planIds } from '#shared/schemas/plan-ids.ts'
import { updateMember } from './update-member.ts'

const [email, plan] = process.argv.slice(2)
const validPlan = planIds.find((candidate) => candidate === plan)
if (!email || !validPlan) {
  console.error(`Usage: npx tsx scripts/set-plan.ts <email> <${planIds.join('|')}>`)
  process.exit(2)
}
await updateMember(email, { plan: validPlan }, `${email} is now on ${planName(validPlan)}.`)
