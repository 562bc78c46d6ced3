/**
 * The AI interview's question bank. Choice answers feed the compatibility engine: an `ordinal`
 * question's options run from one end of a scale to the other (neighbouring answers are close), a
 * `categorical` one's options are simply different. Open answers are kept for the member's profile
 * and the counselor, and are not scored.
 */
const interviewDimensions = ['spiritual', 'values', 'lifestyle', 'communication'] as const
export type InterviewDimension = (typeof interviewDimensions)[number]

const interviewImportances = ['normal', 'high'] as const
type InterviewImportance = (typeof interviewImportances)[number]

interface QuestionBase {
  id: string
  question: string
  dimension: InterviewDimension
  importance: InterviewImportance
  /** What the answer tells a match, shown on the member's profile. */
  topic: string
}

export interface ChoiceQuestion extends QuestionBase {
  type: 'choice'
  scale: 'ordinal' | 'categorical'
  options: readonly string[]
}

interface OpenQuestion extends QuestionBase {
  type: 'open'
}

export type InterviewQuestion = ChoiceQuestion | OpenQuestion

export const interviewQuestions: readonly InterviewQuestion[] = [
  {
    id: 'faith-daily-walk',
    topic: 'Daily walk with God',
    question: 'How would you describe your daily walk with God right now?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'spiritual',
    importance: 'high',
    options: [
      'Daily prayer and Bible study are the anchor of my day',
      'I pray daily and read Scripture most days',
      'I pray often and read Scripture a few times a week',
      'I am working on building a consistent habit',
    ],
  },
  {
    id: 'faith-church-involvement',
    topic: 'Church involvement',
    question: 'How involved are you in your local church?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'spiritual',
    importance: 'high',
    options: [
      'I serve in a ministry and attend every week',
      'I attend every week and join a small group',
      'I attend most weeks',
      'I attend now and then, or I am looking for a church home',
    ],
  },
  {
    id: 'faith-testimony',
    topic: 'Testimony',
    question: 'Tell me briefly how you came to faith, or a moment when God became real to you.',
    type: 'open',
    dimension: 'spiritual',
    importance: 'normal',
  },
  {
    id: 'sabbath-keeping',
    topic: 'Sabbath',
    question: 'How do you keep the Sabbath or the Lord’s Day?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'spiritual',
    importance: 'high',
    options: [
      'I keep the seventh-day Sabbath from Friday sunset to Saturday sunset',
      'I set apart Sunday for worship and rest',
      'I worship on Sunday but the rest of the day is ordinary',
      'I have no settled practice yet',
    ],
  },
  {
    id: 'sabbath-shared-practice',
    topic: 'Keeping the day together',
    question: 'How important is it that your spouse keeps the same day of worship and rest as you?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'spiritual',
    importance: 'high',
    options: ['Essential', 'Very important', 'Somewhat important', 'Not important'],
  },
  {
    id: 'faith-family-devotion',
    topic: 'Family devotions',
    question: 'How do you picture prayer and devotions in your future home?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'spiritual',
    importance: 'normal',
    options: [
      'Daily family worship, morning and evening',
      'Praying together every day',
      'Praying together a few times a week',
      'Each of us keeping our own devotional life',
    ],
  },
  {
    id: 'roles-leadership',
    topic: 'Roles in marriage',
    question: 'Which best describes how you see the roles of husband and wife?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'values',
    importance: 'high',
    options: [
      'The husband leads as servant-head and the wife helps and follows his lead',
      'The husband leads, and big decisions are made together',
      'We lead as equal partners and decide everything together',
      'We divide leadership by gifts, whoever is stronger in an area leads it',
    ],
  },
  {
    id: 'family-children',
    topic: 'Children',
    question: 'What are your hopes about having children?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'values',
    importance: 'high',
    options: [
      'I hope for a large family (four or more)',
      'I hope for two or three children',
      'I hope for one child',
      'I am open to adoption or to what God gives',
      'I do not plan to have children',
    ],
  },
  {
    id: 'family-schooling',
    topic: 'Schooling',
    question: 'How would you like your children to be schooled?',
    type: 'choice',
    scale: 'categorical',
    dimension: 'values',
    importance: 'normal',
    options: [
      'Homeschool',
      'A Christian school',
      'Public school with faith taught at home',
      'We would decide together when the time comes',
    ],
  },
  {
    id: 'finances-giving',
    topic: 'Giving',
    question: 'How do you approach tithing and giving?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'values',
    importance: 'high',
    options: [
      'I tithe faithfully and give offerings beyond the tithe',
      'I tithe faithfully',
      'I give regularly, though not a full tithe',
      'I give when I can',
    ],
  },
  {
    id: 'finances-money-style',
    topic: 'Money',
    question: 'Which describes how you handle money?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'values',
    importance: 'normal',
    options: [
      'A careful saver with a written budget',
      'I budget and save, with some room to enjoy',
      'I spend as I go but avoid debt',
      'Money is an area where I am still growing',
    ],
  },
  {
    id: 'finances-household',
    topic: 'Household finances',
    question: 'How should a married couple manage their money?',
    type: 'choice',
    scale: 'categorical',
    dimension: 'values',
    importance: 'normal',
    options: ['Fully joint accounts', 'Joint accounts plus a little personal money each', 'Mostly separate accounts with shared bills'],
  },
  {
    id: 'lifestyle-health',
    topic: 'Health and diet',
    question: 'Which best describes your approach to health and diet?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'lifestyle',
    importance: 'normal',
    options: [
      'Plant-based, and I avoid alcohol and caffeine',
      'Health-conscious: I eat carefully and avoid alcohol',
      'Balanced: I eat well most of the time',
      'I eat what I like',
    ],
  },
  {
    id: 'lifestyle-weekend',
    topic: 'A free day',
    question: 'How do you most like to spend a free day?',
    type: 'choice',
    scale: 'categorical',
    dimension: 'lifestyle',
    importance: 'normal',
    options: [
      'Outdoors: hiking, gardening, nature',
      'With friends and church family',
      'Quietly at home with a book or music',
      'Serving or volunteering',
    ],
  },
  {
    id: 'lifestyle-home',
    topic: 'Where to build a home',
    question: 'Where would you like to build a home?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'lifestyle',
    importance: 'normal',
    options: ['In the country', 'In a small town', 'In the suburbs', 'In the city'],
  },
  {
    id: 'lifestyle-service',
    topic: 'Ministry',
    question: 'What place should ministry and mission have in your married life?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'lifestyle',
    importance: 'normal',
    options: [
      'I feel called to full-time ministry or the mission field',
      'Regular outreach and service as a couple',
      'Serving in our local church',
      'Mostly supporting others who serve',
    ],
  },
  {
    id: 'communication-conflict',
    topic: 'Handling disagreement',
    question: 'When you and someone you love disagree, what do you usually do?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'communication',
    importance: 'high',
    options: [
      'Talk it through right away, calmly',
      'Pray about it first, then talk',
      'Take some time alone, then come back to it',
      'Avoid it and hope it passes',
    ],
  },
  {
    id: 'communication-love-language',
    topic: 'Feeling loved',
    question: 'What makes you feel most loved?',
    type: 'choice',
    scale: 'categorical',
    dimension: 'communication',
    importance: 'normal',
    options: ['Words of encouragement', 'Quality time together', 'Acts of service', 'Thoughtful gifts', 'Physical affection'],
  },
  {
    id: 'communication-frequency',
    topic: 'Staying in touch',
    question: 'While getting to know someone, how often do you like to talk?',
    type: 'choice',
    scale: 'ordinal',
    dimension: 'communication',
    importance: 'normal',
    options: ['Several times a day', 'Once a day', 'A few times a week', 'Once a week or so'],
  },
  {
    id: 'marriage-vision',
    topic: 'Vision for marriage',
    question: 'In a few sentences, what does a Christ-centred marriage look like to you?',
    type: 'open',
    dimension: 'values',
    importance: 'high',
  },
]

export function findInterviewQuestion(id: string): InterviewQuestion | undefined {
  return interviewQuestions.find((question) => question.id === id)
}
