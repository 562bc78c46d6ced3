import { type InterviewQuestion, interviewQuestions } from '#shared/content/interview-questions.ts'
import type { DemoMember } from './demo-members.ts'
import { createRandom, type Random } from './random.ts'

/** About this share of the demo community has taken the AI interview (the featured accounts have not, so a visitor can). */
const INTERVIEWED_SHARE = 0.6

const visions = [
  'A home where Christ is the head, where we pray together every morning and keep short accounts with each other.',
  'Two people serving side by side: in our church, with our neighbours, and with the children God gives us.',
  'Faithfulness in the small things: honest words, a shared budget, Sabbath rest and a table open to guests.',
  'A marriage that points people to Jesus, where we forgive quickly and laugh often.',
]

const testimonies = [
  'I grew up in church, but my faith became my own at a youth camp when I was sixteen.',
  'I came to Christ in college through a friend who invited me to a Bible study and would not give up on me.',
  'After years away, a hard season brought me back, and a small church welcomed me home.',
  'My grandmother prayed for me for years; I gave my life to the Lord the year she passed.',
]

/** Devout members lean to the first options, which the bank lists from the most committed. */
function leaning(random: Random, question: Extract<InterviewQuestion, { type: 'choice' }>): string {
  return random.weighted([...question.options], (option) => question.options.length - question.options.indexOf(option))
}

function answer(random: Random, member: DemoMember, question: InterviewQuestion): string {
  if (question.type === 'open') return random.pick(question.id === 'faith-testimony' ? testimonies : visions)
  if (question.id === 'sabbath-keeping') return question.options[member.isSabbathKeeper ? 0 : random.pick([1, 1, 2])]!
  if (question.id === 'lifestyle-health' && member.isSabbathKeeper) return question.options[random.pick([0, 1])]!
  return question.scale === 'categorical' ? random.pick(question.options) : leaning(random, question)
}

/** A demo member's completed interview, the same on every run, or null when they have not taken it. */
export function demoInterviewAnswers(member: DemoMember, index: number): Record<string, string> | null {
  if (member.email.endsWith('@covenant.app')) return null
  const random = createRandom(0x1e5 + index * 7919)
  if (!random.chance(INTERVIEWED_SHARE)) return null
  return Object.fromEntries(interviewQuestions.map((question) => [question.id, answer(random, member, question)]))
}
