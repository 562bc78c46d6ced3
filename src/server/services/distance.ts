import type { DistanceBucket } from '#shared/content/distance.ts'

const EARTH_RADIUS_MILES = 3958.8
const MILES_PER_DEGREE_LATITUDE = 69
const RADIANS = Math.PI / 180

export interface Point {
  latitude: number
  longitude: number
}

/** Great-circle distance between two city centres. Used on the server only; never sent to a client. */
export function milesBetween(a: Point, b: Point): number {
  const dLat = (b.latitude - a.latitude) * RADIANS
  const dLon = (b.longitude - a.longitude) * RADIANS
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * A latitude/longitude box that holds every point within `miles` of the centre (with a little to
 * spare): an index range in SQL, refined by `milesBetween` on the few rows inside.
 */
export function boundingBox(centre: Point, miles: number) {
  const latitudeDelta = (miles / MILES_PER_DEGREE_LATITUDE) * 1.01
  const cosine = Math.cos(centre.latitude * RADIANS)
  const longitudeDelta = cosine < 0.01 ? 180 : Math.min(180, latitudeDelta / cosine)
  return {
    minLatitude: centre.latitude - latitudeDelta,
    maxLatitude: centre.latitude + latitudeDelta,
    minLongitude: centre.longitude - longitudeDelta,
    maxLongitude: centre.longitude + longitudeDelta,
  }
}

export function distanceBucket(miles: number, sameState: boolean): DistanceBucket {
  if (miles <= 10) return 'within-10'
  if (miles <= 50) return 'within-50'
  return sameState ? 'same-state' : 'farther'
}
