import type { TRPCRouterRecord } from '@trpc/server'
import { CitiesInput, StatesInput } from '#shared/schemas/profile.ts'
import { listCities, listCountries, listStates } from '#server/services/places.ts'
import { publicProcedure } from '#server/trpc/init.ts'

export const placesRouter = {
  countries: publicProcedure.query(() => listCountries()),
  states: publicProcedure.input(StatesInput).query(({ input }) => listStates(input.country)),
  cities: publicProcedure.input(CitiesInput).query(({ input }) => listCities(input.country, input.state)),
} satisfies TRPCRouterRecord
