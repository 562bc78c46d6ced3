import type { TRPCRouterRecord } from '@trpc/server'
import { listCities, listCountries, listStates } from '#server/services/places.ts'
import { visitorProcedure } from '#server/trpc/init.ts'
import { CitiesInput, StatesInput } from '#shared/schemas/profile.ts'

export const placesRouter = {
  countries: visitorProcedure.query(() => listCountries()),
  states: visitorProcedure.input(StatesInput).query(({ input }) => listStates(input.country)),
  cities: visitorProcedure.input(CitiesInput).query(({ input }) => listCities(input.country, input.state, input.startsWith)),
} satisfies TRPCRouterRecord
