import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'

export type VerificationOverview = RouterOutputs['verification']['status']
export type VerificationRecord = VerificationOverview['records'][number]
export type ReviewItem = RouterOutputs['verification']['reviewQueue'][number]

/** Forms with a document go to the multipart REST path; the answer is the member's new overview. */
export async function postVerificationForm(path: string, fields: Record<string, string | number>, document: File) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value))
  body.append('document', document)
  const response = await fetch(path, { method: 'POST', body, credentials: 'include' })
  const result = await response.json().catch(() => ({ message: `${response.status}: ${response.statusText}` }))
  if (!response.ok) throw new Error(result.message || 'Please try again.')
  return result as VerificationOverview
}

export function showOverview(overview: VerificationOverview) {
  queryClient.setQueryData(trpc.verification.status.queryKey(), overview)
  void queryClient.invalidateQueries({ queryKey: trpc.verification.status.queryKey() })
}
