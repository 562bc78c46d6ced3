import { describe, expect, it } from 'vitest'
import { boundingBox, distanceBucket, milesBetween } from '#server/services/distance.ts'

const nashville = { latitude: 36.16589, longitude: -86.78444 }
const atlanta = { latitude: 33.749, longitude: -84.38798 }

describe('distances between city centres', () => {
  it('measures great-circle miles', () => {
    expect(milesBetween(nashville, nashville)).toBe(0)
    expect(milesBetween(nashville, atlanta)).toBeGreaterThan(210)
    expect(milesBetween(nashville, atlanta)).toBeLessThan(220)
  })

  it('holds every point of the circle in the box, and the corners of the box are outside the circle', () => {
    for (const miles of [10, 50]) {
      const box = boundingBox(nashville, miles)
      for (let bearing = 0; bearing < 360; bearing += 5) {
        // A point just inside the circle in this direction.
        const radians = (bearing * Math.PI) / 180
        const inside = {
          latitude: nashville.latitude + ((miles * 0.999) / 69) * Math.cos(radians),
          longitude: nashville.longitude + ((miles * 0.999) / (69 * Math.cos((nashville.latitude * Math.PI) / 180))) * Math.sin(radians),
        }
        if (milesBetween(nashville, inside) > miles) continue
        expect(inside.latitude).toBeGreaterThanOrEqual(box.minLatitude)
        expect(inside.latitude).toBeLessThanOrEqual(box.maxLatitude)
        expect(inside.longitude).toBeGreaterThanOrEqual(box.minLongitude)
        expect(inside.longitude).toBeLessThanOrEqual(box.maxLongitude)
      }
      expect(milesBetween(nashville, { latitude: box.maxLatitude, longitude: box.maxLongitude })).toBeGreaterThan(miles)
    }
  })

  it('puts distances in buckets only', () => {
    expect(distanceBucket(0, true)).toBe('within-10')
    expect(distanceBucket(10, false)).toBe('within-10')
    expect(distanceBucket(10.1, false)).toBe('within-50')
    expect(distanceBucket(50, true)).toBe('within-50')
    expect(distanceBucket(160, true)).toBe('same-state')
    expect(distanceBucket(60, false)).toBe('farther')
  })
})
