import { describe, expect, it } from 'vitest'
import { compatibilityBand } from '#shared/logic/compatibility-band.ts'

describe('compatibilityBand', () => {
  it.each([
    [0, 'Growing Bond'],
    [59, 'Growing Bond'],
    [60, 'Faithful Connection'],
    [69, 'Faithful Connection'],
    [70, 'Spiritually Compatible'],
    [79, 'Spiritually Compatible'],
    [80, 'Quantum Aligned'],
    [89, 'Quantum Aligned'],
    [90, 'Divine Match'],
    [100, 'Divine Match'],
  ])('labels a score of %i "%s"', (score, band) => {
    expect(compatibilityBand(score)).toBe(band)
  })

  it('keeps a fractional score below a boundary in the lower band', () => {
    expect(compatibilityBand(89.9)).toBe('Quantum Aligned')
  })
})
