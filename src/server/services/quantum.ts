import type { Database } from '#db/client.ts'
import { hasFeature, limitsOf } from '#shared/logic/entitlements.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import { QUANTUM_ALGORITHM_VERSION } from './compatibility.ts'
import { mostCompatible } from './discover.ts'
import { photoUrl } from './photo-urls.ts'
import { placeLabel } from './profile.ts'

/**
 * The member's best matches by the compatibility engine alone, among the members Discover ranks
 * for them (the same window, dealbreakers both ways). The free plan sees its top 5 of the day;
 * plans with quantum matching see up to `limit`, at most their plan's number.
 */
export async function quantumMatches(db: Database, member: { id: string; plan: PlanId }, limit: number, today = new Date()) {
  const { quantumMatches: allowed } = limitsOf(member.plan)
  const dailyLimit = hasFeature(member.plan, 'quantum_matching') ? null : allowed
  const best = await mostCompatible(db, member.id, Math.min(limit, allowed), today)
  return {
    dailyLimit,
    matches: best.map(({ row, relevance: { compatibility }, reasons }) => ({
      id: row.id,
      user: { id: row.userId, firstName: row.firstName, lastName: row.lastName },
      age: ageOn(row.birthDate!, today),
      city: row.city,
      state: row.state,
      location: row.city && row.state && row.country ? placeLabel(row.city, row.state, row.country) : null,
      isVerified: row.isVerified,
      photoUrl: row.photoId ? photoUrl(row.photoId) : null,
      compatibilityScore: compatibility.compatibilityScore,
      denomination: row.denomination,
      faithJourney: row.faithJourney,
      spiritualGifts: row.spiritualGifts,
      /** From the interview answers the two share (`sharedAnswers` of them); 50 when they share none. */
      personalityCompatibilityScore: compatibility.personalityCompatibilityScore,
      sharedAnswers: compatibility.sharedAnswers,
      /** The faith the two profiles state: denomination, Sabbath keeping, faith journey, church. */
      divineInsightScore: compatibility.divineInsightScore,
      reasons: reasons(),
      quantumAlgorithmVersion: QUANTUM_ALGORITHM_VERSION,
    })),
  }
}
