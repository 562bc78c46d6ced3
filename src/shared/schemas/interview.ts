import { z } from 'zod'
import { communicationModes, interviewPersonas } from '#shared/content/interview-personas.ts'
import { multiLineText } from './text.ts'

const INTERVIEW_ANSWER_MAX_LENGTH = 2000

export const StartInterviewInput = z.object({
  aiPersona: z.enum(interviewPersonas, 'Please choose an interviewer'),
  communicationMode: z.enum(communicationModes, 'Please choose chat or voice'),
})
export type StartInterviewInput = z.input<typeof StartInterviewInput>

export const InterviewResponseInput = z.object({
  interviewId: z.string('Interview not found').min(1, 'Interview not found').max(64, 'Interview not found'),
  questionId: z.string('Unknown question').min(1, 'Unknown question').max(64, 'Unknown question'),
  response: multiLineText(INTERVIEW_ANSWER_MAX_LENGTH, `Please keep your answer under ${INTERVIEW_ANSWER_MAX_LENGTH} characters`).refine(
    (value) => value.length > 0,
    'Please write your answer',
  ),
  isVoice: z.boolean().default(false),
})
export type InterviewResponseInput = z.input<typeof InterviewResponseInput>
