import { appRouter, type createCaller } from '#server/routers/_app.ts'

export type Caller = ReturnType<typeof createCaller>

type Procedure = (...args: never[]) => unknown
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends Procedure ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>
}[keyof T & string]
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never

/** Every procedure of the app router by its dotted path ('auth.login'), checked by the compiler. */
export type ProcedurePath = Paths<Caller>
export type ProcedureOutput<P extends ProcedurePath> = Awaited<ReturnType<Extract<At<Caller, P>, Procedure>>>

/**
 * Calls a procedure by its path with input as it came off the wire (a REST body, a socket frame):
 * the procedure's zod input is what validates it, exactly as for our own client's calls.
 */
export function callProcedure<P extends ProcedurePath>(caller: Caller, path: P, input: unknown): Promise<ProcedureOutput<P>> {
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller)
  return (procedure as (input: unknown) => Promise<ProcedureOutput<P>>)(input)
}

/** The names of the app router's procedures of one type, such as every query. */
export function procedureNamesOf(type: 'query' | 'mutation' | 'subscription'): Set<string> {
  return new Set(
    Object.entries(appRouter._def.procedures)
      .filter(([, procedure]) => (procedure as unknown as { _def: { type: string } })._def.type === type)
      .map(([name]) => name),
  )
}
