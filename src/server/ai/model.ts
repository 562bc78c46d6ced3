import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import type { LanguageModel } from 'ai'
import type { Config } from '#server/env.ts'

/** The configured model, or null: counseling then answers 503 and the analysis writes its own prose. */
export function createLanguageModel(config: Config): LanguageModel | null {
  if (!config.AI_BASE_URL || !config.AI_MODEL) return null
  const provider = createOpenAICompatible({
    name: 'covenant-ai',
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    supportsStructuredOutputs: true,
  })
  return provider(config.AI_MODEL)
}
