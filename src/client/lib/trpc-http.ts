import superjson from 'superjson'

/**
 * How the browser's tRPC client sends queries over HTTP, in a module free of browser code so that
 * the build can address the same batch the app will ask for (discover.html, vite.config.ts).
 */
export const HTTP_BATCH_OPTIONS = {
  url: '/trpc',
  transformer: superjson,
  // The server refuses batches over 20 calls (MAX_BATCH_SIZE).
  maxItems: 20,
}

/**
 * The reads a member's `/` asks for first, in the order its loader asks (routes/index.tsx): the
 * session, the profile and the account's state, one batch. discover.html has the browser fetch that
 * very batch with the page, so the answer is on its way while the app's code downloads.
 */
export const MEMBER_HOME_READS = ['auth.me', 'profile.get', 'account.status'] as const
