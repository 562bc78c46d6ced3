export type CompatibilityBand = 'Divine Match' | 'Quantum Aligned' | 'Spiritually Compatible' | 'Faithful Connection' | 'Growing Bond'

export function compatibilityBand(score: number): CompatibilityBand {
  if (score >= 90) return 'Divine Match'
  if (score >= 80) return 'Quantum Aligned'
  if (score >= 70) return 'Spiritually Compatible'
  if (score >= 60) return 'Faithful Connection'
  return 'Growing Bond'
}
