export interface CounselingResource {
  name: string
  description: string
}

export const preMarriageResources: readonly CounselingResource[] = [
  { name: 'Premarital counseling with your pastor', description: 'Most churches offer several sessions before the wedding; ask early.' },
  { name: 'PREPARE/ENRICH', description: 'A couple assessment taken with a trained facilitator, who walks you through the results.' },
  { name: 'The Meaning of Marriage, by Timothy and Kathy Keller', description: 'Marriage seen through the lens of the gospel.' },
  {
    name: 'Saving Your Marriage Before It Starts, by Les and Leslie Parrott',
    description: 'Seven questions to ask before and after you marry, with a workbook.',
  },
  { name: 'The 5 Love Languages, by Gary Chapman', description: 'Learning how each of you gives and receives love.' },
]

export const marriageSupportResources: readonly CounselingResource[] = [
  { name: 'Sacred Marriage, by Gary Thomas', description: 'What if God designed marriage to make us holy more than to make us happy?' },
  { name: 'Boundaries in Marriage, by Henry Cloud and John Townsend', description: 'Healthy limits that protect love and trust.' },
  { name: 'FamilyLife Weekend to Remember', description: 'A weekend getaway for couples at any stage of marriage.' },
  {
    name: 'Marriage mentoring in your church',
    description: 'An older couple who meets with you regularly to pray and share what they have learned.',
  },
  {
    name: 'A licensed Christian counselor',
    description: 'For seasons of crisis, grief, addiction or abuse: your pastor can recommend one near you.',
  },
]
