import { searchParams, text } from '#client/lib/search-params.ts'

/** /login and /register: where to go after signing in, and a sign-in failure sent back by the server (OAuth). */
export const visitorSearch = searchParams({
  // Only same-origin paths: `//evil.example` and `/\evil.example` are other sites to a browser.
  redirect: text({ pattern: /^\/(?![/\\])/ }),
  error: text({ max: 300 }),
})
