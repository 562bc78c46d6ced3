import type { Database } from '#db/client.ts'
import { hasFeature, limitsOf } from '#shared/logic/entitlements.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import { QUANTUM_ALGORITHM_VERSION, scoreCompatibility } from './compatibility.ts'
import { loadTraits } from './compatibility-data.ts'
import { candidatePool } from './discover.ts'
import { placeLabel } from './profile.ts'

/** How many of the most recently active members are scored per request (bounded work at any size). */
const QUANTUM_POOL_SIZE = 500

/**
 * The member's best matches by the compatibility engine, among the members Discover would show:
 * the pool is read in SQL, everyone's traits in two queries, and the scoring happens in memory.
 * The free plan sees its top 5 of the day; plans with quantum matching see up to `limit`, at most their plan's number.
 */
export async function quantumMatches(db: Database, member: { id: string; plan: PlanId }, limit: number, today = new Date()) {
  const pool = await candidatePool(db, member.id, QUANTUM_POOL_SIZE, today)
  const traits = await loadTraits(db, [member.id, ...pool.map((row) => row.userId)], today)
  const own = traits.get(member.id)!
  const { quantumMatches: allowed } = limitsOf(member.plan)
  const dailyLimit = hasFeature(member.plan, 'quantum_matching') ? null : allowed
  const ranked = pool
    .map((row) => ({ row, report: scoreCompatibility(own, traits.get(row.userId)!) }))
    .sort(
      (a, b) => b.report.compatibilityScore - a.report.compatibilityScore || b.row.lastActiveAt.getTime() - a.row.lastActiveAt.getTime(),
    )
    .slice(0, Math.min(limit, allowed))
  return {
    dailyLimit,
    matches: ranked.map(({ row, report }) => ({
      id: row.id,
      user: { id: row.userId, firstName: row.firstName, lastName: row.lastName },
      age: ageOn(row.birthDate!, today),
      city: row.city,
      state: row.state,
      location: row.city && row.state && row.country ? placeLabel(row.city, row.state, row.country) : null,
      isVerified: row.isVerified,
      compatibilityScore: report.compatibilityScore,
      denomination: row.denomination,
      faithJourney: row.faithJourney,
      spiritualGifts: row.spiritualGifts,
      personalityCompatibilityScore: report.personalityCompatibilityScore,
      divineInsightScore: report.divineInsightScore,
      quantumAlgorithmVersion: QUANTUM_ALGORITHM_VERSION,
    })),
  }
}
