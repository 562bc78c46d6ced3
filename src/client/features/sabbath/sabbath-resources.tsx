import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { BookOpen, Download, FileText } from 'lucide-react'
import { css } from 'styled-system/css'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardBody, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'

const styles = {
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '5' }),
  card: css({ h: 'full' }),
  icon: css({ display: 'grid', placeItems: 'center', w: '10', h: '10', borderRadius: 'lg', bg: 'accent.subtle', color: 'accent.fg' }),
  top: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '1' }),
  description: css({ textStyle: 'body', color: 'fg.muted' }),
  facts: css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: '4', textStyle: 'small', color: 'fg.muted' }),
  fact: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }),
}

const downloadCount = new Intl.NumberFormat('en-US')

type Guide = RouterOutputs['sabbath']['resources'][number]

/** Saves the guide through the REST download path, which counts it, then refreshes the counts. */
async function downloadGuide(guide: Guide) {
  const response = await fetch(`/api/sabbath/resources/${encodeURIComponent(guide.id)}/download`, { credentials: 'include' })
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null
    throw new Error(body?.message ?? 'Please try again.')
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = guide.fileName
  link.click()
  // The browser has taken the file by the next task; the blob can go.
  setTimeout(() => URL.revokeObjectURL(url))
  await queryClient.invalidateQueries({ queryKey: trpc.sabbath.resources.pathKey() })
}

export function SabbathResources() {
  const { data: resources } = useSuspenseQuery(trpc.sabbath.resources.queryOptions())
  return (
    <ul className={styles.grid}>
      {resources.map((resource) => (
        <li key={resource.id}>
          <Card className={styles.card}>
            <CardHeader>
              <div className={styles.top}>
                <span className={styles.icon} aria-hidden="true">
                  <FileText size={20} />
                </span>
                <Badge variant="neutral">{resource.type}</Badge>
              </div>
              <CardTitle>{resource.title}</CardTitle>
            </CardHeader>
            <CardBody>
              <p className={styles.description}>{resource.description}</p>
              <div className={styles.facts}>
                <span className={styles.fact}>
                  <BookOpen size={14} aria-hidden="true" />
                  {resource.readTime}
                </span>
                <span className={styles.fact}>
                  <Download size={14} aria-hidden="true" />
                  {downloadCount.format(resource.downloads)} {resource.downloads === 1 ? 'download' : 'downloads'}
                </span>
              </div>
            </CardBody>
            <CardFooter>
              <DownloadButton guide={resource} />
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  )
}

function DownloadButton({ guide }: { guide: Guide }) {
  const download = useMutation({
    mutationFn: () => downloadGuide(guide),
    onSuccess: () => toast({ title: 'Download started', description: guide.title, variant: 'success' }),
    meta: { failure: { title: 'Download failed' } },
  })
  return (
    <Button
      size="sm"
      variant="accent"
      loading={download.isPending}
      onClick={() => download.mutate()}
      aria-label={`Download Free: ${guide.title}`}
    >
      {!download.isPending && <Download size={16} aria-hidden="true" />}
      Download Free
    </Button>
  )
}
