/** Marketing only: 1000 less 150 per chosen preference, but never under a random 50-149. */
export function fakeMatchCount(chosenCount: number, random: () => number): number {
  return Math.max(1000 - 150 * chosenCount, 50 + Math.floor(random() * 100))
}
