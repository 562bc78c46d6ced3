import type { createCaller } from '#server/routers/_app.ts'

type Caller = ReturnType<typeof createCaller>

export interface RestRequest {
  params: Record<string, string>
  query: URLSearchParams
  body: unknown
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path: string
  /** How the request's body is read: JSON by default, or a single uploaded file. */
  body?: 'json' | 'file'
  call: (caller: Caller, request: RestRequest) => Promise<unknown>
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
]
