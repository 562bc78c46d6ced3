import { createCallerFactory, router } from '#server/trpc/init.ts'
import { accountRouter } from './account.ts'
import { authRouter } from './auth.ts'
import { interestsRouter } from './interests.ts'
import { likesRouter } from './likes.ts'
import { matchesRouter } from './matches.ts'
import { notificationsRouter } from './notifications.ts'
import { placesRouter } from './places.ts'
import { profileRouter } from './profile.ts'
import { membersRouter } from './members.ts'
import { safetyRouter } from './safety.ts'
import { systemRouter } from './system.ts'
import { sabbathRouter } from './sabbath.ts'
import { evangelismRouter } from './evangelism.ts'
import { eventsRouter } from './events.ts'
import { verificationRouter } from './verification.ts'
import { achievementsRouter } from './achievements.ts'
import { messagingRouter } from './messaging.ts'
import { interviewRouter } from './interview.ts'
import { premiumRouter } from './premium.ts'
import { aiRouter } from './ai.ts'

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
  achievements: achievementsRouter,
  messaging: messagingRouter,
  interview: interviewRouter,
  premium: premiumRouter,
  ai: aiRouter,
})

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
