import type { UploadedForm } from '#server/http/body.ts'
import type { Context } from '#server/trpc/context.ts'
import { callProcedure, type ProcedureOutput, type ProcedurePath } from '#server/trpc/procedure-paths.ts'

interface RestRequest {
  params: Record<string, string>
  query: URLSearchParams
  body: unknown
}

export interface RestAttachment {
  fileName: string
  contentType: string
  content: string | Uint8Array
}

type RestReply = { kind: 'json'; value: unknown } | { kind: 'attachment'; file: RestAttachment }

/** One row as written below: which procedure a method and path call, and how the request becomes its input. */
interface RouteRow<P extends ProcedurePath> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path: string
  procedure: P
  /** How the request's body is read: JSON by default, a single uploaded file, or a multipart form (`UploadedForm`). */
  body?: 'json' | 'file' | 'form'
  /** The procedure's input; by default none for GET and the body otherwise. Its zod input validates it. */
  input?: (request: RestRequest) => unknown
  /** What the client receives, when it is not the procedure's whole result. */
  output?: (result: ProcedureOutput<P>) => unknown
  /** Sent as a download instead of JSON. */
  attachment?: (result: ProcedureOutput<P>) => RestAttachment
}

export interface RestRoute {
  method: RouteRow<ProcedurePath>['method']
  path: string
  body: 'json' | 'file' | 'form'
  procedure: ProcedurePath
  /** The procedure's input as this row makes it from the request. */
  input: (request: RestRequest) => unknown
  reply: (ctx: Context, request: RestRequest) => Promise<RestReply>
}

function route<P extends ProcedurePath>(row: RouteRow<P>): RestRoute {
  const input = row.input ?? ((request: RestRequest) => (row.method === 'GET' ? undefined : request.body))
  return {
    method: row.method,
    path: row.path,
    body: row.body ?? 'json',
    procedure: row.procedure,
    input,
    async reply(ctx, request) {
      const result = await callProcedure(ctx, row.procedure, input(request))
      if (row.attachment) return { kind: 'attachment', file: row.attachment(result) }
      return { kind: 'json', value: row.output ? row.output(result) : result }
    },
  }
}

/** A query string as a procedure's input object; empty values mean "not given". */
function queryInput({ query }: RestRequest): Record<string, string> {
  return Object.fromEntries([...query].filter(([, value]) => value !== ''))
}

/** The JSON body with the path's ids laid over it (an id in the path wins over one in the body). */
function bodyWith(request: RestRequest, fromPath: Record<string, unknown>) {
  const body = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? request.body : {}
  return { ...body, ...fromPath }
}

/** A multipart form as a procedure's input: its text fields, and its file as `document`. */
function formInput({ body }: RestRequest): Record<string, unknown> {
  const { fields, file } = body as UploadedForm
  return { ...fields, document: file }
}

/** A switch a member turns on with PUT and off with DELETE on the same path, onto one procedure. */
function switchRoutes<P extends ProcedurePath>(path: string, procedure: P, input: (request: RestRequest, on: boolean) => unknown) {
  return [
    route({ method: 'PUT', path, procedure, input: (r) => input(r, true) }),
    route({ method: 'DELETE', path, procedure, input: (r) => input(r, false) }),
  ]
}

/** A decision POSTed onto the record its path names: the JSON body, with the path's one `:param` passed as `field`. */
function decisionRoute<P extends ProcedurePath>(path: string, procedure: P, field: string): RestRoute {
  const param = /:(\w+)/.exec(path)?.[1]
  if (!param) throw new Error(`${path} names no record to decide on`)
  return route({ method: 'POST', path, procedure, input: (r) => bodyWith(r, { [field]: r.params[param] }) })
}

function jsonAttachment(fileName: string, value: unknown): RestAttachment {
  return { fileName, contentType: 'application/json; charset=utf-8', content: JSON.stringify(value, null, 2) }
}

/** The spec's /api paths, each a row onto the same procedure the client calls over tRPC. */
export const restRoutes: RestRoute[] = [
  route({ method: 'GET', path: '/api/health', procedure: 'system.health' }),
  route({ method: 'GET', path: '/api/auth/user', procedure: 'auth.user' }),
  route({ method: 'POST', path: '/api/register', procedure: 'auth.register' }),
  route({ method: 'POST', path: '/api/login', procedure: 'auth.login' }),
  route({ method: 'POST', path: '/api/logout', procedure: 'auth.logout' }),
  route({ method: 'POST', path: '/api/auth/verify-email', procedure: 'auth.verifyEmail' }),
  route({ method: 'POST', path: '/api/auth/resend-verification', procedure: 'auth.resendVerification', input: () => undefined }),
  route({ method: 'POST', path: '/api/auth/forgot-password', procedure: 'auth.forgotPassword' }),
  route({ method: 'POST', path: '/api/auth/reset-password', procedure: 'auth.resetPassword' }),
  route({ method: 'GET', path: '/api/profile', procedure: 'profile.get' }),
  route({ method: 'PATCH', path: '/api/profile', procedure: 'profile.update' }),
  route({ method: 'GET', path: '/api/profile/prompts', procedure: 'profile.prompts' }),
  route({ method: 'PUT', path: '/api/profile/prompts', procedure: 'profile.setPrompts' }),
  route({ method: 'GET', path: '/api/profile/preferences', procedure: 'profile.preferences' }),
  route({ method: 'PUT', path: '/api/profile/preferences', procedure: 'profile.setPreferences' }),
  route({ method: 'POST', path: '/api/profile/photos', procedure: 'profile.addPhoto', body: 'file', input: (r) => ({ image: r.body }) }),
  route({ method: 'DELETE', path: '/api/profile/photos/:id', procedure: 'profile.removePhoto', input: (r) => ({ photoId: r.params.id }) }),
  route({
    method: 'GET',
    path: '/api/profiles/discover',
    procedure: 'members.discover',
    input: queryInput,
    output: (page) => page.profiles,
  }),
  // After discover: a member's id is random and never the word "discover".
  route({ method: 'GET', path: '/api/profiles/:userId', procedure: 'members.byId', input: (r) => ({ userId: r.params.userId }) }),
  route({ method: 'POST', path: '/api/likes', procedure: 'likes.create' }),
  route({ method: 'GET', path: '/api/likes/received', procedure: 'likes.received' }),
  route({ method: 'DELETE', path: '/api/likes/received/:userId', procedure: 'likes.pass', input: (r) => ({ userId: r.params.userId }) }),
  route({ method: 'POST', path: '/api/passes', procedure: 'likes.pass' }),
  route({ method: 'DELETE', path: '/api/passes/latest', procedure: 'likes.undoPass' }),
  route({ method: 'GET', path: '/api/matches', procedure: 'matches.list' }),
  // Before :id rows: a match id is random and never the word "quantum".
  route({ method: 'GET', path: '/api/matches/quantum', procedure: 'matches.quantum', input: queryInput, output: (page) => page.matches }),
  route({ method: 'GET', path: '/api/premium/features', procedure: 'premium.features' }),
  route({ method: 'GET', path: '/api/premium/allowance', procedure: 'premium.allowance' }),
  route({ method: 'DELETE', path: '/api/matches/:id', procedure: 'matches.remove', input: (r) => ({ id: r.params.id }) }),
  route({ method: 'POST', path: '/api/interests', procedure: 'interests.create' }),
  route({ method: 'GET', path: '/api/notifications', procedure: 'notifications.list', input: queryInput }),
  route({ method: 'GET', path: '/api/notifications/unread-count', procedure: 'notifications.unreadCount' }),
  route({ method: 'POST', path: '/api/notifications/read', procedure: 'notifications.markRead', input: (r) => r.body ?? undefined }),
  route({ method: 'GET', path: '/api/blocks', procedure: 'safety.blocks' }),
  route({ method: 'POST', path: '/api/blocks', procedure: 'safety.block' }),
  route({ method: 'DELETE', path: '/api/blocks/:userId', procedure: 'safety.unblock', input: (r) => ({ userId: r.params.userId }) }),
  route({ method: 'POST', path: '/api/reports', procedure: 'safety.report' }),
  route({ method: 'POST', path: '/api/account/pause', procedure: 'account.pause', input: () => undefined }),
  route({ method: 'POST', path: '/api/account/resume', procedure: 'account.resume', input: () => undefined }),
  route({ method: 'DELETE', path: '/api/account', procedure: 'account.remove', input: () => undefined }),
  route({ method: 'POST', path: '/api/account/password', procedure: 'account.changePassword' }),
  route({ method: 'POST', path: '/api/account/email', procedure: 'account.changeEmail' }),
  route({ method: 'GET', path: '/api/account/sessions', procedure: 'account.sessions' }),
  route({ method: 'GET', path: '/api/account/incognito', procedure: 'account.incognito' }),
  route({ method: 'PUT', path: '/api/account/incognito', procedure: 'account.setIncognito' }),
  route({ method: 'DELETE', path: '/api/account/sessions/others', procedure: 'account.signOutOthers', input: () => undefined }),
  route({
    method: 'GET',
    path: '/api/account/export',
    procedure: 'account.export',
    attachment: (data) => jsonAttachment('covenant-my-data.json', data),
  }),
  route({ method: 'GET', path: '/api/sabbath/events', procedure: 'sabbath.events', input: queryInput }),
  ...switchRoutes('/api/sabbath/events/:id/attendance', 'sabbath.setAttendance', (r, attending) => ({ eventId: r.params.id, attending })),
  ...switchRoutes('/api/sabbath/events/:id/reminder', 'sabbath.setReminder', (r, remind) => ({ eventId: r.params.id, remind })),
  route({ method: 'GET', path: '/api/sabbath/programs', procedure: 'sabbath.programs' }),
  ...switchRoutes('/api/sabbath/programs/:program', 'sabbath.setProgramSignup', (r, signedUp) => ({ program: r.params.program, signedUp })),
  route({ method: 'GET', path: '/api/sabbath/resources', procedure: 'sabbath.resources' }),
  route({
    method: 'GET',
    path: '/api/sabbath/resources/:id/download',
    procedure: 'sabbath.download',
    input: (r) => ({ resourceId: r.params.id }),
    attachment: (file) => file,
  }),
  route({ method: 'GET', path: '/api/evangelism/content', procedure: 'evangelism.content', input: queryInput }),
  route({ method: 'GET', path: '/api/evangelism/resources/:id', procedure: 'evangelism.resource', input: (r) => ({ id: r.params.id }) }),
  route({ method: 'GET', path: '/api/events', procedure: 'events.list', input: queryInput }),
  route({ method: 'POST', path: '/api/events', procedure: 'events.create' }),
  route({ method: 'GET', path: '/api/events/:id', procedure: 'events.byId', input: (r) => ({ eventId: r.params.id }) }),
  route({ method: 'PATCH', path: '/api/events/:id', procedure: 'events.update', input: (r) => bodyWith(r, { eventId: r.params.id }) }),
  route({ method: 'DELETE', path: '/api/events/:id', procedure: 'events.cancel', input: (r) => ({ eventId: r.params.id }) }),
  route({ method: 'PUT', path: '/api/events/:id/rsvp', procedure: 'events.rsvp', input: (r) => bodyWith(r, { eventId: r.params.id }) }),
  route({ method: 'DELETE', path: '/api/events/:id/rsvp', procedure: 'events.withdrawRsvp', input: (r) => ({ eventId: r.params.id }) }),
  route({ method: 'GET', path: '/api/verification', procedure: 'verification.status' }),
  route({ method: 'POST', path: '/api/verification/faith', procedure: 'verification.submitFaith', body: 'form', input: formInput }),
  route({ method: 'POST', path: '/api/verification/income', procedure: 'verification.submitIncome', body: 'form', input: formInput }),
  route({ method: 'POST', path: '/api/verification/income/bypass', procedure: 'verification.requestIncomeBypass' }),
  route({ method: 'POST', path: '/api/verification/education', procedure: 'verification.submitEducation', body: 'form', input: formInput }),
  route({ method: 'GET', path: '/api/verification/reviews', procedure: 'verification.reviewQueue' }),
  route({ method: 'GET', path: '/api/moderation/reports', procedure: 'moderation.reports' }),
  decisionRoute('/api/moderation/reports/:reportId/decision', 'moderation.decide', 'reportId'),
  route({ method: 'GET', path: '/api/moderation/photos', procedure: 'moderation.photoQueue' }),
  decisionRoute('/api/moderation/photos/:photoId/review', 'moderation.reviewPhoto', 'photoId'),
  route({ method: 'GET', path: '/api/moderation/audit-log', procedure: 'moderation.auditLog' }),
  route({ method: 'POST', path: '/api/verification/faith/vouch', procedure: 'verification.requestVouch' }),
  route({ method: 'GET', path: '/api/vouch/:token', procedure: 'verification.vouch', input: (r) => ({ token: r.params.token }) }),
  decisionRoute('/api/vouch/:token', 'verification.decideVouch', 'token'),
  decisionRoute('/api/verification/reviews/:id', 'verification.review', 'verificationId'),
  route({ method: 'GET', path: '/api/plans', procedure: 'billing.plans' }),
  route({ method: 'GET', path: '/api/subscription', procedure: 'billing.subscription' }),
  route({ method: 'POST', path: '/api/subscription', procedure: 'billing.subscribe' }),
  route({ method: 'DELETE', path: '/api/subscription', procedure: 'billing.cancel', input: () => undefined }),
  route({ method: 'POST', path: '/api/subscription/resume', procedure: 'billing.resume', input: () => undefined }),
  route({ method: 'POST', path: '/api/billing/portal', procedure: 'billing.portal', input: () => undefined }),
  route({ method: 'GET', path: '/api/billing/checkouts/:id', procedure: 'billing.checkout', input: (r) => ({ id: r.params.id }) }),
  route({
    method: 'POST',
    path: '/api/billing/demo-checkout/:id/confirm',
    procedure: 'billing.confirmDemoCheckout',
    input: (r) => ({ id: r.params.id }),
  }),
  route({ method: 'GET', path: '/api/conversations', procedure: 'messaging.conversations' }),
  route({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    procedure: 'messaging.messages',
    input: (r) => {
      const { before, limit } = queryInput(r)
      return { conversationId: r.params.id, cursor: before, limit }
    },
    output: (page) => page.messages,
  }),
  route({
    method: 'POST',
    path: '/api/conversations/:id/read',
    procedure: 'messaging.markRead',
    input: (r) => ({ conversationId: r.params.id }),
  }),
  route({ method: 'POST', path: '/api/messages', procedure: 'messaging.send' }),
  route({ method: 'GET', path: '/api/messages/unread-count', procedure: 'messaging.unreadCount', output: (count) => ({ count }) }),
  route({ method: 'POST', path: '/api/ai/compatibility-analysis', procedure: 'ai.compatibilityAnalysis', input: (r) => r.body ?? {} }),
  route({ method: 'POST', path: '/api/ai/marriage-counseling', procedure: 'ai.counseling' }),
  route({ method: 'GET', path: '/api/interview/status', procedure: 'interview.status' }),
  route({ method: 'POST', path: '/api/interview/start', procedure: 'interview.start' }),
  route({ method: 'POST', path: '/api/interview/response', procedure: 'interview.respond' }),
  route({ method: 'GET', path: '/api/interview/answers', procedure: 'interview.answers' }),
  route({ method: 'GET', path: '/api/achievements/user', procedure: 'achievements.user' }),
  route({ method: 'GET', path: '/api/achievements/available', procedure: 'achievements.available' }),
  route({ method: 'GET', path: '/api/achievements/rewards', procedure: 'achievements.rewards' }),
  route({ method: 'GET', path: '/api/achievements/leaderboard', procedure: 'achievements.leaderboard' }),
]
