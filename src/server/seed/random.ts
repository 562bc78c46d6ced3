/** A seeded source of randomness, so the demo data is the same on every machine and every run. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** An item chosen in proportion to its weight. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T
  /** A key of `weights`, chosen in proportion to its weight. */
  weightedKey<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[]
}

/** mulberry32: a few lines, fast, and good enough for demo data (not for anything secret). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  const weighted = <T>(items: readonly T[], weightOf: (item: T) => number): T => {
    let roll = next() * items.reduce((sum, item) => sum + weightOf(item), 0)
    for (const item of items) {
      roll -= weightOf(item)
      if (roll < 0) return item
    }
    // Rounding can leave a sliver of the total: it belongs to the last item.
    return items.at(-1) as T
  }
  return {
    next,
    int,
    pick,
    chance: (probability) => next() < probability,
    weighted,
    weightedKey<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K {
      return weighted(Object.entries(weights) as [K, number][], ([, weight]) => weight)[0]
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items]
      for (let i = pool.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[pool[i], pool[j]] = [pool[j] as T, pool[i] as T]
      }
      return pool.slice(0, count)
    },
  }
}
