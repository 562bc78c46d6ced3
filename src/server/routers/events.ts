import type { TRPCRouterRecord } from '@trpc/server'
import { cancelEvent, createEvent, getEvent, listEvents, setRsvp, updateEvent, withdrawRsvp } from '#server/services/events.ts'
import { protectedProcedure } from '#server/trpc/init.ts'
import { CreateEventInput, EventIdInput, EventsListInput, RsvpInput, UpdateEventInput } from '#shared/schemas/events.ts'

export const eventsRouter = {
  list: protectedProcedure.input(EventsListInput).query(({ ctx, input }) => listEvents(ctx.db, ctx.user, input.type)),

  byId: protectedProcedure.input(EventIdInput).query(({ ctx, input }) => getEvent(ctx.db, ctx.user, input.eventId)),

  /** Returns the event and any achievements the organizer just earned. */
  create: protectedProcedure.input(CreateEventInput).mutation(({ ctx, input }) => createEvent(ctx.db, ctx.realtime.bus, ctx.user, input)),

  update: protectedProcedure.input(UpdateEventInput).mutation(({ ctx, input }) => updateEvent(ctx.db, ctx.user, input)),

  cancel: protectedProcedure
    .input(EventIdInput)
    .mutation(({ ctx, input }) => cancelEvent(ctx.db, ctx.realtime.bus, ctx.user, input.eventId)),

  /** Interested or attending, replacing the member's earlier choice; attending needs a free seat. */
  rsvp: protectedProcedure
    .input(RsvpInput)
    .mutation(({ ctx, input }) => setRsvp(ctx.db, ctx.realtime.bus, ctx.user, input.eventId, input.status)),

  withdrawRsvp: protectedProcedure.input(EventIdInput).mutation(({ ctx, input }) => withdrawRsvp(ctx.db, ctx.user, input.eventId)),
} satisfies TRPCRouterRecord
