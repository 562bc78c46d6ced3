import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider'
import { MockLanguageModelV3 } from 'ai/test'

/** A model that answers every call with this JSON (or text). */
export function answering(json: unknown) {
  const result: LanguageModelV3GenerateResult = {
    content: [{ type: 'text', text: typeof json === 'string' ? json : JSON.stringify(json) }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 10, text: 10, reasoning: undefined },
    },
    warnings: [],
  }
  return new MockLanguageModelV3({ doGenerate: async () => result })
}
