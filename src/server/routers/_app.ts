import { createCallerFactory, router } from '#server/trpc/init.ts'
import { accountRouter } from './account.ts'
import { achievementsRouter } from './achievements.ts'
import { aiRouter } from './ai.ts'
import { authRouter } from './auth.ts'
import { billingRouter } from './billing.ts'
import { evangelismRouter } from './evangelism.ts'
import { eventsRouter } from './events.ts'
import { interestsRouter } from './interests.ts'
import { interviewRouter } from './interview.ts'
import { likesRouter } from './likes.ts'
import { matchesRouter } from './matches.ts'
import { membersRouter } from './members.ts'
import { messagingRouter } from './messaging.ts'
import { moderationRouter } from './moderation.ts'
import { notificationsRouter } from './notifications.ts'
import { placesRouter } from './places.ts'
import { premiumRouter } from './premium.ts'
import { profileRouter } from './profile.ts'
import { sabbathRouter } from './sabbath.ts'
import { safetyRouter } from './safety.ts'
import { systemRouter } from './system.ts'
import { verificationRouter } from './verification.ts'

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  places: placesRouter,
  system: systemRouter,
  members: membersRouter,
  likes: likesRouter,
  matches: matchesRouter,
  interests: interestsRouter,
  safety: safetyRouter,
  account: accountRouter,
  notifications: notificationsRouter,
  sabbath: sabbathRouter,
  evangelism: evangelismRouter,
  events: eventsRouter,
  verification: verificationRouter,
  moderation: moderationRouter,
  achievements: achievementsRouter,
  messaging: messagingRouter,
  interview: interviewRouter,
  premium: premiumRouter,
  ai: aiRouter,
  billing: billingRouter,
})

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
