import type { ResponseMetaFn } from '@trpc/server/http'
import type { AppRouter } from '#server/routers/_app.ts'

/** A week: the gazetteer changes only with a release, and a stale list still names real places. */
const REFERENCE_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=2592000'

/**
 * Answers that are the same for everyone and change only with a release (the gazetteer's
 * countries, states and cities) may be kept by browsers and proxies. A batch that mixes in any
 * other procedure, or that failed, keeps the default `no-store`.
 */
export function referenceCacheControl(paths: readonly string[], failed: boolean): string | undefined {
  const onlyReference = paths.length > 0 && paths.every((path) => path.startsWith('places.'))
  return onlyReference && !failed ? REFERENCE_CACHE_CONTROL : undefined
}

/** The same rule for the answers tRPC's own handler writes. */
export const referenceCaching: ResponseMetaFn<AppRouter> = ({ paths, type, errors }) => {
  const cacheControl = type === 'query' && paths ? referenceCacheControl(paths, errors.length > 0) : undefined
  return cacheControl ? { headers: { 'Cache-Control': cacheControl } } : {}
}
