import type { SabbathProgram } from '#shared/schemas/sabbath.ts'

/** The spec's fixed community figures for the Sabbath Corner header. */
export const sabbathStats = [
  { value: '3,200', label: 'Sabbath Keepers' },
  { value: '147', label: 'Weekly Services' },
  { value: '89', label: 'Bible Studies' },
  { value: '32', label: 'Countries' },
] as const

export interface SabbathProgramCard {
  program: SabbathProgram
  status: string
  title: string
  description: string
  /** The card's fixed figures, e.g. '1,247 watching'. */
  facts: readonly string[]
  action: string
  /** The button's text once the member has signed up. */
  doneAction: string
  /**
   * A program that reminds its members: the wall-clock time of an occurrence (`YYYY-MM-DDTHH:mm`), kept
   * weekly in each member's own zone, and told an hour before.
   */
  remindsAt?: string
}

/** The Worship tab's standing programs; the weekly service before them is a Sabbath event with its own schedule. */
export const worshipCards: readonly SabbathProgramCard[] = [
  {
    program: 'vespers',
    status: 'Scheduled',
    title: 'Friday Evening Vespers',
    description: 'Welcome the Sabbath at sunset with hymns, Scripture and a quiet time of prayer.',
    facts: ['Friday 6:00 PM'],
    action: 'Set Reminder',
    doneAction: 'Reminder Set',
    // A Friday, at 6:00 PM.
    remindsAt: '2024-01-05T18:00',
  },
]

export const bibleStudyCards: readonly SabbathProgramCard[] = [
  {
    program: 'quarter-study',
    status: 'This Quarter',
    title: 'Current Quarter Study',
    description: "Study this quarter's Sabbath School lessons together in small groups that meet online each week.",
    facts: ['1,850 participants'],
    action: 'Join Study Group',
    doneAction: 'Joined',
  },
  {
    program: 'youth-study',
    status: 'Young Adults',
    title: 'Youth Bible Study',
    description: 'Honest questions, real answers from Scripture, and friendships that last, for young believers.',
    facts: ['Ages 16-30', '420 participants'],
    action: 'Join Youth Study',
    doneAction: 'Joined',
  },
]

/** A program's card, wherever it is shown. */
export function sabbathProgramCard(program: SabbathProgram): SabbathProgramCard | undefined {
  return [...worshipCards, ...bibleStudyCards].find((card) => card.program === program)
}
