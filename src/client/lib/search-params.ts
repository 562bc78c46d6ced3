/**
 * Search params as routes read them. Route definitions sit in the entry chunk every screen loads,
 * so they parse with these few lines instead of zod (24 KB gzip). A missing, hand-edited or stale
 * value is left out, as if the link had not carried it.
 */
type Parser<T> = (value: unknown) => T | undefined

export type ParsedSearch<Shape extends Record<string, Parser<unknown>>> = {
  [Key in keyof Shape]?: Shape[Key] extends Parser<infer T> ? T : never
}

export function searchParams<Shape extends Record<string, Parser<unknown>>>(shape: Shape) {
  return (search: Record<string, unknown>): ParsedSearch<Shape> => {
    const parsed: Record<string, unknown> = {}
    for (const key in shape) {
      const value = shape[key]?.(search[key])
      if (value !== undefined) parsed[key] = value
    }
    return parsed as ParsedSearch<Shape>
  }
}

export function oneOf<const Values extends readonly string[]>(values: Values): Parser<Values[number]> {
  return (value) => (typeof value === 'string' && values.includes(value) ? value : undefined)
}

/** Several of `values`, each once; an empty list or any unknown value reads as none. */
export function someOf<const Values extends readonly string[]>(values: Values): Parser<Values[number][]> {
  const one = oneOf(values)
  return (value) => {
    if (!Array.isArray(value) || value.length === 0) return undefined
    const chosen = value.map(one)
    return chosen.every((item) => item !== undefined) ? [...new Set(chosen)] : undefined
  }
}

/** A flag is in the URL only when set. */
export const onlyTrue: Parser<true> = (value) => (value === true ? true : undefined)

export function text({ min = 0, max, pattern }: { min?: number; max?: number; pattern?: RegExp } = {}): Parser<string> {
  return (value) =>
    typeof value === 'string' && value.length >= min && (max === undefined || value.length <= max) && (!pattern || pattern.test(value))
      ? value
      : undefined
}
