import type { LanguageModel } from 'ai'
import { z } from 'zod'
import type { Database } from '#db/client.ts'
import { asData, DATA_NOT_INSTRUCTIONS, generateStructured, ModelUnavailableError } from '#server/ai/generate.ts'
import { NotFoundError } from '#server/errors.ts'
import { type CompatibilityReason, QUANTUM_ALGORITHM_VERSION, scoreCompatibility } from './compatibility.ts'
import { loadTraits } from './compatibility-data.ts'
import { listMatches } from './matches.ts'

export const NO_MATCH_YET = 'Match with someone first: the analysis compares you with one of your matches.'
export const NOT_YOUR_MATCH = 'This member is not one of your matches.'

const Prose = z.object({
  strengths: z.array(z.string().min(1).max(300)).min(1).max(6),
  growthAreas: z.array(z.string().min(1).max(300)).min(1).max(6),
})

const SYSTEM = [
  'You are a Christian premarital counselor for Covenant. Rewrite the compatibility findings you are given as warm, specific,',
  'encouraging sentences addressed to the member ("you" and their match by first name): strengths, then growth areas with a',
  'practical next step each. Use only the findings given; do not invent facts or change the scores.',
  DATA_NOT_INSTRUCTIONS,
].join(' ')

const texts = (reasons: CompatibilityReason[], kind: CompatibilityReason['kind']) =>
  reasons.filter((r) => r.kind === kind).map((r) => r.text)

/**
 * The engine's scores between the member and a match (the most recent unless one is named), with
 * strengths and growth areas: the engine's own reasons, or the model's retelling of them when a
 * model is configured and answers in time.
 */
export async function analyzeCompatibility(
  db: Database,
  model: LanguageModel | null,
  userId: string,
  partnerId: string | undefined,
  timeoutMs: number,
) {
  const matches = await listMatches(db, userId)
  const match = partnerId ? matches.find((m) => m.user.id === partnerId) : matches[0]
  if (!match) throw new NotFoundError(partnerId ? NOT_YOUR_MATCH : NO_MATCH_YET)
  const traits = await loadTraits(db, [userId, match.user.id])
  const report = scoreCompatibility(traits.get(userId)!, traits.get(match.user.id)!)
  const scores = {
    overallScore: report.compatibilityScore,
    spiritualAlignment: report.spiritualAlignment,
    communicationCompatibility: report.communicationCompatibility,
    lifestyleCompatibility: report.lifestyleCompatibility,
    valuesAlignment: report.valuesAlignment,
  }
  const fromEngine = { strengths: texts(report.reasons, 'strength'), growthAreas: texts(report.reasons, 'growth') }
  let prose = fromEngine
  let writtenBy: 'model' | 'engine' = 'engine'
  if (model) {
    try {
      prose = await generateStructured(model, {
        schema: Prose,
        system: SYSTEM,
        prompt: asData('compatibility', { match: { firstName: match.user.firstName }, scores, ...fromEngine }),
        timeoutMs,
      })
      writtenBy = 'model'
    } catch (error) {
      // The engine's own words are a complete answer; a slow or broken model only loses the polish.
      if (!(error instanceof ModelUnavailableError)) throw error
    }
  }
  return {
    ...scores,
    ...prose,
    partner: { id: match.user.id, firstName: match.user.firstName },
    writtenBy,
    quantumAlgorithmVersion: QUANTUM_ALGORITHM_VERSION,
  }
}
