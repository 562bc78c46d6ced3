import type { RouterInputs } from '#client/lib/trpc.ts'
import type { RouterContext } from '#client/router-context.ts'
import { memberTimeZone } from './member-time-zone'

/** The events query's input: times come back as they read in the member's own zone. */
export function sabbathEventsInput(): RouterInputs['sabbath']['events'] {
  return { timezone: memberTimeZone() }
}

/** Everything the Sabbath Corner shows, fetched before it renders (one batched request). */
export function prefetchSabbathCorner({ queryClient, trpc }: RouterContext) {
  return Promise.all([
    queryClient.ensureQueryData(trpc.sabbath.events.queryOptions(sabbathEventsInput())),
    queryClient.ensureQueryData(trpc.sabbath.programs.queryOptions()),
    queryClient.ensureQueryData(trpc.sabbath.resources.queryOptions()),
  ])
}

export const notSaved = { failure: { title: 'Not saved' } }
