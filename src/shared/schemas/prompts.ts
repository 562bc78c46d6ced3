import { z } from 'zod'
import { MAX_PROFILE_PROMPTS, PROMPT_ANSWER_MAX_LENGTH, profilePromptIds } from '#shared/content/profile-prompts.ts'
import { multiLineText } from './text.ts'

const PROMPT_REQUIRED = 'Please choose a prompt'
export const ANSWER_REQUIRED = 'Please write your answer'
export const ANSWER_TOO_LONG = `Please keep your answer under ${PROMPT_ANSWER_MAX_LENGTH} characters`
export const TOO_MANY_PROMPTS = `Please choose at most ${MAX_PROFILE_PROMPTS} prompts`
export const PROMPT_CHOSEN_TWICE = 'Please choose each prompt once'

export const promptId = z.enum(profilePromptIds, PROMPT_REQUIRED)

/** The prompts a member answers on their profile, in the order others see them; an empty list removes them all. */
export const ProfilePromptsInput = z.object({
  prompts: z
    .array(
      z.object({
        promptId,
        answer: z
          .string(ANSWER_REQUIRED)
          .pipe(multiLineText(PROMPT_ANSWER_MAX_LENGTH, ANSWER_TOO_LONG))
          .refine((answer) => answer.length > 0, ANSWER_REQUIRED),
      }),
    )
    .max(MAX_PROFILE_PROMPTS, TOO_MANY_PROMPTS)
    .superRefine((prompts, context) => {
      const seen = new Set<string>()
      prompts.forEach((prompt, index) => {
        if (seen.has(prompt.promptId)) context.addIssue({ code: 'custom', message: PROMPT_CHOSEN_TWICE, path: [index, 'promptId'] })
        seen.add(prompt.promptId)
      })
    }),
})
export type ProfilePromptsInput = z.input<typeof ProfilePromptsInput>
export type ProfilePrompts = z.output<typeof ProfilePromptsInput>
