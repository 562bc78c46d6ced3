import { describe, expect, it } from 'vitest'
import { benefitCategories, marriageBenefits } from '#shared/content/marriage-benefits.ts'

describe('marriage benefits', () => {
  it('has enough benefits for the landing (3) and Discover’s compact list (5)', () => {
    expect(marriageBenefits.length).toBeGreaterThanOrEqual(5)
  })

  it('covers all five categories within the five shown on Discover', () => {
    expect(new Set(marriageBenefits.slice(0, 5).map((benefit) => benefit.category))).toEqual(new Set(benefitCategories))
  })

  it.each(marriageBenefits.map((benefit) => [benefit.title, benefit] as const))('%s is complete', (_, benefit) => {
    for (const field of ['id', 'title', 'summary', 'detailedBenefit', 'practicalApplication'] as const) {
      expect(benefit[field].trim(), field).not.toBe('')
    }
    expect(benefit.studies.length).toBeGreaterThan(0)
    for (const study of benefit.studies) {
      for (const field of ['title', 'source', 'finding'] as const) expect(study[field].trim(), field).not.toBe('')
      expect(Number.isInteger(study.year)).toBe(true)
      expect(study.year).toBeGreaterThanOrEqual(1990)
      expect(study.year).toBeLessThanOrEqual(2025)
      if ('sampleSize' in study) expect(study.sampleSize.trim()).not.toBe('')
    }
    expect(benefit.biblicalBasis.length).toBeGreaterThan(0)
    for (const basis of benefit.biblicalBasis) {
      for (const field of ['verse', 'reference', 'application'] as const) expect(basis[field].trim(), field).not.toBe('')
    }
  })

  it('has unique ids for the detail dialogs', () => {
    expect(new Set(marriageBenefits.map((benefit) => benefit.id)).size).toBe(marriageBenefits.length)
  })
})
