import { TRPCError } from '@trpc/server'
import { eq } from 'drizzle-orm'
import { users } from '#db/schema/index.ts'
import { validateSession } from '#server/auth/sessions.ts'
import { DomainError, toTRPCError } from '#server/errors.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import type { Denomination, Gender } from '#shared/schemas/profile-options.ts'
import type { contractHarness } from './contract.ts'

export type Harness = Awaited<ReturnType<typeof contractHarness>>
export type Member = Awaited<ReturnType<Harness['member']>>

/** Enough registrations for a whole file of members (they all come from one test "address"). */
export const MANY_MEMBERS = { REGISTRATIONS_PER_IP_PER_HOUR: '10000' }

/** YYYY-MM-DD in the local calendar, `years` back from today, shifted by `days`. */
export function birthDateYearsAgo(years: number, days = 0): string {
  const date = new Date()
  date.setFullYear(date.getFullYear() - years)
  date.setDate(date.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

export interface ProfileFields {
  gender: Gender
  /** Whole years today (the birthday was ten days ago). */
  age?: number
  city?: string
  state?: string
  country?: string
  denomination?: Denomination
  isSabbathKeeper?: boolean
  bio?: string
}

/** Gender, birth date and a real city (Nashville by default): what Discover needs. */
export function completeProfile(member: Member, fields: ProfileFields) {
  const { age = 30, city = 'Nashville', state = 'TN', country = 'US', denomination = 'baptist', ...rest } = fields
  return member.api.profile.update({ birthDate: birthDateYearsAgo(age, -10), city, state, country, denomination, ...rest })
}

/** A registered, signed-in member with a complete profile. */
export async function completeMember(h: Harness, fields: ProfileFields & { firstName?: string }) {
  const { firstName, ...profile } = fields
  const member = await h.member({ firstName })
  await completeProfile(member, profile)
  return member
}

export async function setLastActive(h: Harness, member: Member, at: Date) {
  await h.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, member.user.id))
}

/** The error a call was refused with: a procedure's, or a service's domain error as a procedure would answer it. */
export async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCError) return error
    if (error instanceof DomainError) return toTRPCError(error)
    throw error
  }
  throw new Error('expected the call to be refused, but it succeeded')
}

/** Gives the member a caller whose session sees their account as their next request would (its plan, its status). */
export async function asNextRequest(h: Harness, member: Member) {
  const session = await validateSession(h.db, member.token, { idleDays: 14, absoluteDays: 60 })
  member.api = h.caller({ user: session!.user, sessionToken: member.token }).api
  return member.api
}

/** Moves the member to another plan, seen by their next request. */
export async function onPlan(h: Harness, member: Member, plan: PlanId) {
  await h.db.update(users).set({ plan }).where(eq(users.id, member.user.id))
  return asNextRequest(h, member)
}
