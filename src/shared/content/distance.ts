/** How far another member is, only ever in these buckets: never an exact distance or position. */
const distanceBuckets = [
  { value: 'within-10', label: 'Within 10 miles' },
  { value: 'within-50', label: 'Within 50 miles' },
  { value: 'same-state', label: 'In your state' },
  { value: 'farther', label: 'More than 50 miles away' },
] as const satisfies readonly { value: string; label: string }[]
export type DistanceBucket = (typeof distanceBuckets)[number]['value']

export function distanceBucketLabel(bucket: DistanceBucket): string {
  return distanceBuckets.find((option) => option.value === bucket)!.label
}
