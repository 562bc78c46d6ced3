export const promptCategories = ['faith_basics', 'sabbath_keeping', 'values', 'ministry', 'lifestyle'] as const
type PromptCategory = (typeof promptCategories)[number]

export const promptDifficulties = ['beginner', 'intermediate', 'advanced'] as const
type PromptDifficulty = (typeof promptDifficulties)[number]

export interface ConversationPrompt {
  id: string
  category: PromptCategory
  prompt: string
  isForSabbathKeepers: boolean
  difficultyLevel: PromptDifficulty
}

/** Conversation starters for a Thoughtful Interest; Sabbath keepers see only theirs, others only the rest. */
export const conversationPrompts: readonly ConversationPrompt[] = [
  {
    id: 'faith-testimony',
    category: 'faith_basics',
    prompt: 'I would love to hear how you came to know the Lord. What moment made your faith your own?',
    isForSabbathKeepers: false,
    difficultyLevel: 'beginner',
  },
  {
    id: 'favourite-verse',
    category: 'faith_basics',
    prompt: 'Your profile made me smile. Which verse has carried you through a hard season?',
    isForSabbathKeepers: false,
    difficultyLevel: 'beginner',
  },
  {
    id: 'sunday-worship',
    category: 'faith_basics',
    prompt: 'What does a Sunday look like for you, from worship to the evening?',
    isForSabbathKeepers: false,
    difficultyLevel: 'beginner',
  },
  {
    id: 'prayer-life',
    category: 'faith_basics',
    prompt: 'How has your prayer life changed over the years, and what are you praying about these days?',
    isForSabbathKeepers: false,
    difficultyLevel: 'intermediate',
  },
  {
    id: 'marriage-vision',
    category: 'values',
    prompt: 'What does a Christ-centred marriage look like to you in everyday life?',
    isForSabbathKeepers: false,
    difficultyLevel: 'intermediate',
  },
  {
    id: 'family-values',
    category: 'values',
    prompt: 'Which family traditions would you love to carry into a home of your own?',
    isForSabbathKeepers: false,
    difficultyLevel: 'beginner',
  },
  {
    id: 'hard-conversations',
    category: 'values',
    prompt: 'When you and someone you love disagree, how do you bring God into the conversation?',
    isForSabbathKeepers: false,
    difficultyLevel: 'advanced',
  },
  {
    id: 'serving-church',
    category: 'ministry',
    prompt: 'How do you like to serve at your church, and what drew you to it?',
    isForSabbathKeepers: false,
    difficultyLevel: 'beginner',
  },
  {
    id: 'calling',
    category: 'ministry',
    prompt: 'Do you sense a calling on your life? I would love to hear where you feel God is leading you.',
    isForSabbathKeepers: false,
    difficultyLevel: 'advanced',
  },
  {
    id: 'weekend-rhythm',
    category: 'lifestyle',
    prompt: 'What is your idea of a restful Saturday, and who do you like to spend it with?',
    isForSabbathKeepers: false,
    difficultyLevel: 'beginner',
  },
  {
    id: 'sabbath-welcome',
    category: 'sabbath_keeping',
    prompt: 'How do you like to welcome the Sabbath on Friday evening?',
    isForSabbathKeepers: true,
    difficultyLevel: 'beginner',
  },
  {
    id: 'sabbath-afternoon',
    category: 'sabbath_keeping',
    prompt: 'What does a perfect Sabbath afternoon look like for you: nature walks, fellowship meals, or quiet study?',
    isForSabbathKeepers: true,
    difficultyLevel: 'beginner',
  },
  {
    id: 'sabbath-meaning',
    category: 'sabbath_keeping',
    prompt: 'What has keeping the Sabbath taught you about rest and trusting God?',
    isForSabbathKeepers: true,
    difficultyLevel: 'intermediate',
  },
  {
    id: 'sabbath-testimony',
    category: 'faith_basics',
    prompt: 'How did you come to keep the seventh-day Sabbath, and what did that journey look like?',
    isForSabbathKeepers: true,
    difficultyLevel: 'intermediate',
  },
  {
    id: 'sabbath-school',
    category: 'ministry',
    prompt: 'Do you teach or attend a Sabbath School class? Which lesson has stayed with you this quarter?',
    isForSabbathKeepers: true,
    difficultyLevel: 'beginner',
  },
  {
    id: 'sabbath-home',
    category: 'values',
    prompt: 'How would you like to keep the Sabbath as a family one day, and what traditions would you start?',
    isForSabbathKeepers: true,
    difficultyLevel: 'advanced',
  },
  {
    id: 'sabbath-health',
    category: 'lifestyle',
    prompt: 'Healthful living is part of my walk. What habits help you care for your body as a temple?',
    isForSabbathKeepers: true,
    difficultyLevel: 'intermediate',
  },
]

/** The prompts a member sees: Sabbath-specific ones for Sabbath keepers, the others for everyone else. */
export function promptsFor(isSabbathKeeper: boolean): ConversationPrompt[] {
  return conversationPrompts.filter((prompt) => prompt.isForSabbathKeepers === isSabbathKeeper)
}
