import type { createCaller } from '#server/routers/_app.ts'
import type { UploadedForm } from '#server/http/body.ts'

type Caller = ReturnType<typeof createCaller>

export interface RestRequest {
  params: Record<string, string>
  query: URLSearchParams
  body: unknown
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path: string
  /** How the request's body is read: JSON by default, a single uploaded file, or a multipart form (`UploadedForm`). */
  body?: 'json' | 'file' | 'form'
  /** How the result is sent: JSON by default, or as a download (the procedure returns a `RestAttachment`). */
  response?: 'json' | 'attachment'
  call: (caller: Caller, request: RestRequest) => Promise<unknown>
}

export interface RestAttachment {
  fileName: string
  contentType: string
  content: string | Uint8Array
}

/**
 * The spec's /api paths, each a row onto the same procedure the client calls over tRPC.
 * Bodies are untyped here (`as never`): the procedure's zod input is what validates them.
 */
export const restRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/health', call: (c) => c.system.health() },
  { method: 'GET', path: '/api/auth/user', call: (c) => c.auth.user() },
  { method: 'POST', path: '/api/register', call: (c, r) => c.auth.register(r.body as never) },
  { method: 'POST', path: '/api/login', call: (c, r) => c.auth.login(r.body as never) },
  { method: 'POST', path: '/api/logout', call: (c) => c.auth.logout() },
  { method: 'GET', path: '/api/profile', call: (c) => c.profile.get() },
  { method: 'PATCH', path: '/api/profile', call: (c, r) => c.profile.update(r.body as never) },
  { method: 'POST', path: '/api/profile/photos', body: 'file', call: (c, r) => c.profile.addPhoto({ image: r.body as Uint8Array }) },
  { method: 'DELETE', path: '/api/profile/photos/:id', call: (c, r) => c.profile.removePhoto({ photoId: r.params.id! }) },
  { method: 'GET', path: '/api/profiles/discover', call: async (c, r) => (await c.profiles.discover(queryInput(r.query) as never)).profiles },
  // After discover: a member's id is random and never the word "discover".
  { method: 'GET', path: '/api/profiles/:userId', call: (c, r) => c.profiles.byId({ userId: r.params.userId! }) },
  { method: 'POST', path: '/api/likes', call: (c, r) => c.likes.create(r.body as never) },
  { method: 'GET', path: '/api/matches', call: (c) => c.matches.list() },
  // Before :id rows: a match id is random and never the word "quantum".
  { method: 'GET', path: '/api/matches/quantum', call: async (c, r) => (await c.matches.quantum(queryInput(r.query) as never)).matches },
  { method: 'GET', path: '/api/premium/features', call: (c) => c.premium.features() },
  { method: 'DELETE', path: '/api/matches/:id', call: (c, r) => c.matches.remove({ id: r.params.id! }) },
  { method: 'POST', path: '/api/interests', call: (c, r) => c.interests.create(r.body as never) },
  { method: 'GET', path: '/api/notifications', call: (c) => c.notifications.list() },
  { method: 'POST', path: '/api/notifications/read', call: (c) => c.notifications.markAllRead() },
  { method: 'GET', path: '/api/blocks', call: (c) => c.safety.blocks() },
  { method: 'POST', path: '/api/blocks', call: (c, r) => c.safety.block(r.body as never) },
  { method: 'DELETE', path: '/api/blocks/:userId', call: (c, r) => c.safety.unblock({ userId: r.params.userId! }) },
  { method: 'POST', path: '/api/reports', call: (c, r) => c.safety.report(r.body as never) },
  { method: 'POST', path: '/api/account/pause', call: (c) => c.account.pause() },
  { method: 'POST', path: '/api/account/resume', call: (c) => c.account.resume() },
  { method: 'DELETE', path: '/api/account', call: (c) => c.account.remove() },
  {
    method: 'GET',
    path: '/api/account/export',
    response: 'attachment',
    call: async (c) => jsonAttachment('covenant-my-data.json', await c.account.export()),
  },
  { method: 'GET', path: '/api/sabbath/events', call: (c, r) => c.sabbath.events({ timezone: r.query.get('timezone') ?? undefined }) },
  { method: 'PUT', path: '/api/sabbath/events/:id/attendance', call: (c, r) => c.sabbath.setAttendance({ eventId: r.params.id!, attending: true }) },
  { method: 'DELETE', path: '/api/sabbath/events/:id/attendance', call: (c, r) => c.sabbath.setAttendance({ eventId: r.params.id!, attending: false }) },
  { method: 'PUT', path: '/api/sabbath/events/:id/reminder', call: (c, r) => c.sabbath.setReminder({ eventId: r.params.id!, remind: true }) },
  { method: 'DELETE', path: '/api/sabbath/events/:id/reminder', call: (c, r) => c.sabbath.setReminder({ eventId: r.params.id!, remind: false }) },
  { method: 'GET', path: '/api/sabbath/programs', call: (c) => c.sabbath.programs() },
  { method: 'PUT', path: '/api/sabbath/programs/:program', call: (c, r) => c.sabbath.setProgramSignup({ program: r.params.program as never, signedUp: true }) },
  { method: 'DELETE', path: '/api/sabbath/programs/:program', call: (c, r) => c.sabbath.setProgramSignup({ program: r.params.program as never, signedUp: false }) },
  { method: 'GET', path: '/api/sabbath/resources', call: (c) => c.sabbath.resources() },
  { method: 'GET', path: '/api/sabbath/resources/:id/download', response: 'attachment', call: (c, r) => c.sabbath.download({ resourceId: r.params.id! }) },
  { method: 'GET', path: '/api/evangelism/content', call: (c, r) => c.evangelism.content({ category: (r.query.get('category') ?? undefined) as never }) },
  { method: 'GET', path: '/api/events', call: (c, r) => c.events.list({ type: (r.query.get('type') || undefined) as never }) },
  { method: 'POST', path: '/api/events', call: (c, r) => c.events.create(r.body as never) },
  { method: 'GET', path: '/api/events/:id', call: (c, r) => c.events.byId({ eventId: r.params.id! }) },
  { method: 'PATCH', path: '/api/events/:id', call: (c, r) => c.events.update({ ...(r.body as object), eventId: r.params.id! } as never) },
  { method: 'DELETE', path: '/api/events/:id', call: (c, r) => c.events.cancel({ eventId: r.params.id! }) },
  { method: 'PUT', path: '/api/events/:id/rsvp', call: (c, r) => c.events.rsvp({ ...(r.body as object), eventId: r.params.id! } as never) },
  { method: 'DELETE', path: '/api/events/:id/rsvp', call: (c, r) => c.events.withdrawRsvp({ eventId: r.params.id! }) },
  { method: 'GET', path: '/api/verification', call: (c) => c.verification.status() },
  { method: 'POST', path: '/api/verification/faith', body: 'form', call: (c, r) => c.verification.submitFaith(formInput(r.body) as never) },
  { method: 'POST', path: '/api/verification/income', body: 'form', call: (c, r) => c.verification.submitIncome(formInput(r.body) as never) },
  { method: 'POST', path: '/api/verification/income/bypass', call: (c, r) => c.verification.requestIncomeBypass(r.body as never) },
  { method: 'POST', path: '/api/verification/education', body: 'form', call: (c, r) => c.verification.submitEducation(formInput(r.body) as never) },
  { method: 'GET', path: '/api/verification/reviews', call: (c) => c.verification.reviewQueue() },
  { method: 'POST', path: '/api/verification/reviews/:id', call: (c, r) => c.verification.review({ ...(r.body as object), verificationId: r.params.id! } as never) },
  { method: 'GET', path: '/api/conversations', call: (c) => c.messaging.conversations() },
  {
    method: 'GET',
    path: '/api/conversations/:id/messages',
    call: async (c, r) => {
      const { before, limit } = queryInput(r.query)
      return (await c.messaging.messages({ conversationId: r.params.id!, cursor: before, limit } as never)).messages
    },
  },
  { method: 'POST', path: '/api/conversations/:id/read', call: (c, r) => c.messaging.markRead({ conversationId: r.params.id! }) },
  { method: 'POST', path: '/api/messages', call: (c, r) => c.messaging.send(r.body as never) },
  { method: 'GET', path: '/api/messages/unread-count', call: async (c) => ({ count: await c.messaging.unreadCount() }) },
  { method: 'POST', path: '/api/ai/compatibility-analysis', call: (c, r) => c.ai.compatibilityAnalysis((r.body ?? {}) as never) },
  { method: 'POST', path: '/api/ai/marriage-counseling', call: (c, r) => c.ai.counseling(r.body as never) },
  { method: 'GET', path: '/api/interview/status', call: (c) => c.interview.status() },
  { method: 'POST', path: '/api/interview/start', call: (c, r) => c.interview.start(r.body as never) },
  { method: 'POST', path: '/api/interview/response', call: (c, r) => c.interview.respond(r.body as never) },
  { method: 'GET', path: '/api/interview/answers', call: (c) => c.interview.answers() },
  { method: 'GET', path: '/api/achievements/user', call: (c) => c.achievements.user() },
  { method: 'GET', path: '/api/achievements/available', call: (c) => c.achievements.available() },
  { method: 'GET', path: '/api/achievements/rewards', call: (c) => c.achievements.rewards() },
  { method: 'GET', path: '/api/achievements/leaderboard', call: (c) => c.achievements.leaderboard() },
]

/** A query string as a procedure's input object; empty values mean "not given". Zod validates the rest. */
function queryInput(query: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...query].filter(([, value]) => value !== ''))
}

function jsonAttachment(fileName: string, value: unknown): RestAttachment {
  return { fileName, contentType: 'application/json; charset=utf-8', content: JSON.stringify(value, null, 2) }
}

/** A multipart form as a procedure's input: its text fields, and its file as `document`. */
function formInput(form: unknown): Record<string, unknown> {
  const { fields, file } = form as UploadedForm
  return { ...fields, document: file }
}
