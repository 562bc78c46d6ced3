import type { TRPCRouterRecord } from '@trpc/server'

/** The moderator console (/moderation): reports, photo review and the audit log; moderators only. */
export const moderationRouter = {} satisfies TRPCRouterRecord
