import { callTRPCProcedure } from '@trpc/server'
import { appRouter, type createCaller } from '#server/routers/_app.ts'
import type { Context } from './context.ts'

type Caller = ReturnType<typeof createCaller>

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

/** Each procedure's type by its dotted path, which tRPC needs told when a procedure is called by name. */
const procedureTypes = new Map(
  Object.entries(appRouter._def.procedures).map(([name, procedure]) => [
    name,
    (procedure as unknown as { _def: { type: 'query' | 'mutation' | 'subscription' } })._def.type,
  ]),
)

/**
 * Calls a procedure by its path with input as it came off the wire (a REST body, a socket frame):
 * the procedure's zod input is what validates it, exactly as for our own client's calls. Called by
 * name through tRPC rather than through a caller, whose proxy is built anew at every step of a path.
 */
export function callProcedure<P extends ProcedurePath>(ctx: Context, path: P, input: unknown): Promise<ProcedureOutput<P>> {
  return callTRPCProcedure({
    router: appRouter,
    path,
    getRawInput: async () => input,
    ctx,
    type: procedureTypes.get(path)!,
    signal: undefined,
    batchIndex: 0,
  }) as Promise<ProcedureOutput<P>>
}

/** The names of the app router's procedures of one type, such as every query. */
export function procedureNamesOf(type: 'query' | 'mutation' | 'subscription'): Set<string> {
  return new Set([...procedureTypes].filter(([, procedureType]) => procedureType === type).map(([name]) => name))
}
