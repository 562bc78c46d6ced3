import { createCallerFactory, router } from '#server/trpc/init.ts'
import { authRouter } from './auth.ts'
import { placesRouter } from './places.ts'
import { profileRouter } from './profile.ts'
import { systemRouter } from './system.ts'

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  places: placesRouter,
  system: systemRouter,
})

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
