import { z } from 'zod'

export const MatchInput = z.object({ id: z.string('Match not found').min(1, 'Match not found').max(64, 'Match not found') })
export type MatchInput = z.input<typeof MatchInput>

const QUANTUM_MATCHES_MAX = 50

/** How many quantum matches to rank; the spec's client asks for 20. */
export const QuantumMatchesInput = z.object({
  limit: z.coerce.number('Please ask for 1 to 50 matches').int().min(1).max(QUANTUM_MATCHES_MAX).default(20),
})
export type QuantumMatchesInput = z.input<typeof QuantumMatchesInput>
