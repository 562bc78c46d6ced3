import type { TRPCRouterRecord } from '@trpc/server'
import { recordActivity } from '#server/services/achievements.ts'
import { addPhoto, removePhoto, setMainPhoto } from '#server/services/photos.ts'
import { ownProfile, updateProfile } from '#server/services/profile.ts'
import { promptsOf, setPrompts } from '#server/services/prompts.ts'
import { seekingOf, setSeeking } from '#server/services/seeking.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { PhotoIdInput, PhotoUploadInput, UpdateProfileInput } from '#shared/schemas/profile.ts'
import { ProfilePromptsInput } from '#shared/schemas/prompts.ts'
import { SeekingInput } from '#shared/schemas/seeking.ts'

export const profileRouter = {
  get: protectedProcedure.query(({ ctx }) => ownProfile(ctx.db, ctx.user.id)),

  update: protectedProcedure.input(UpdateProfileInput).mutation(async ({ ctx, input }) => {
    await updateProfile(ctx.db, ctx.user.id, input)
    await recordActivity(ctx.db, ctx.realtime.bus, ctx.user.id, 'profile_updated')
    return ownProfile(ctx.db, ctx.user.id)
  }),

  /** The member's answered prompts, in the order others see them. */
  prompts: protectedProcedure.query(({ ctx }) => promptsOf(ctx.db, ctx.user.id)),

  setPrompts: protectedProcedure.input(ProfilePromptsInput).mutation(({ ctx, input }) => setPrompts(ctx.db, ctx.user.id, input)),

  /** Whom the member hopes to meet: ranks Discover, and its dealbreakers filter it both ways. */
  preferences: protectedProcedure.query(({ ctx }) => seekingOf(ctx.db, ctx.user.id)),

  setPreferences: protectedProcedure.input(SeekingInput).mutation(({ ctx, input }) => setSeeking(ctx.db, ctx.user.id, input)),

  addPhoto: protectedProcedure.input(PhotoUploadInput).mutation(async ({ ctx, input }) => {
    await addPhoto(ctx.db, ctx.config.UPLOADS_DIR, ctx.user.id, input.image, { review: ctx.config.PHOTO_REVIEW })
    await recordActivity(ctx.db, ctx.realtime.bus, ctx.user.id, 'photo_added')
    return ownProfile(ctx.db, ctx.user.id)
  }),

  removePhoto: protectedProcedure.input(PhotoIdInput).mutation(async ({ ctx, input }) => {
    await removePhoto(ctx.db, ctx.config.UPLOADS_DIR, ctx.user.id, input.photoId)
    return ownProfile(ctx.db, ctx.user.id)
  }),

  setMainPhoto: protectedProcedure.input(PhotoIdInput).mutation(async ({ ctx, input }) => {
    await setMainPhoto(ctx.db, ctx.user.id, input.photoId)
    return ownProfile(ctx.db, ctx.user.id)
  }),
} satisfies TRPCRouterRecord
