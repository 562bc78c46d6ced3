import { useQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { NotFound } from '#client/components/layout/not-found.tsx'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { VerificationQueue } from '#client/features/verification/verification-queue.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { AuditLog } from './audit-log'
import type { ModerationTab } from './moderation-tabs'
import { PhotoReviewQueue } from './photo-review-queue'
import { ReportQueue } from './report-queue'

const styles = { content: css({ pt: '6' }) }

/** The moderator console: reports, verifications and photos waiting, and the audit log. Others get the not-found screen. */
export function ModerationPage({ tab, onTabChange }: { tab: ModerationTab; onTabChange: (tab: ModerationTab) => void }) {
  const status = useQuery(trpc.verification.status.queryOptions())
  if (status.isPending) return <PageLoading />
  if (!status.data?.isReviewer) return <NotFound />
  return (
    <>
      <PageTitle title="Moderation" description="Reports, verifications and photos waiting for a moderator, and every action taken." />
      <Tabs value={tab} onValueChange={(next) => onTabChange(next as ModerationTab)}>
        <TabsList aria-label="Moderation queues">
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="verifications">Verifications</TabsTrigger>
          <TabsTrigger value="photos">Photos</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="reports" className={styles.content}>
          <ReportQueue />
        </TabsContent>
        <TabsContent value="verifications" className={styles.content}>
          <VerificationQueue />
        </TabsContent>
        <TabsContent value="photos" className={styles.content}>
          <PhotoReviewQueue />
        </TabsContent>
        <TabsContent value="audit" className={styles.content}>
          <AuditLog />
        </TabsContent>
      </Tabs>
    </>
  )
}
