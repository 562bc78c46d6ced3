import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Inbox } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { RadioCardGroup } from '#client/components/ui/radio-group.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { reportReasons } from '#shared/content/report-reasons.ts'
import {
  MAX_SUSPENSION_DAYS,
  MODERATION_REASON_MAX,
  ModerationDecision,
  type ModerationDecisionInput,
  moderationDecisions,
} from '#shared/schemas/moderation.ts'

type QueuedReport = RouterOutputs['moderation']['reports'][number]

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })

const styles = {
  list: css({ display: 'grid', gap: '6' }),
  card: cx(card({ elevation: 'sm' }).root, css({ display: 'grid', gap: '5', p: { base: '4', md: '6' } })),
  head: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  title: css({ textStyle: 'h3', color: 'fg.default' }),
  meta: css({ textStyle: 'small', color: 'fg.muted' }),
  columns: css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '6' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '2', minW: '0' }),
  sectionTitle: css({ textStyle: 'overline', color: 'fg.muted' }),
  text: css({ textStyle: 'body', color: 'fg.default', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }),
  photos: css({ display: 'flex', gap: '2', flexWrap: 'wrap' }),
  photo: css({ w: '20', aspectRatio: '4 / 5', objectFit: 'cover', borderRadius: 'control', bg: 'bg.muted' }),
  history: css({ display: 'grid', gap: '1', textStyle: 'small', color: 'fg.default' }),
  thread: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    maxH: '72',
    overflowY: 'auto',
    p: '3',
    bg: 'bg.muted',
    borderRadius: 'control',
  }),
  message: css({ maxW: '85%', px: '3', py: '2', borderRadius: 'control', textStyle: 'small', bg: 'bg.surface', wordBreak: 'break-word' }),
  fromReporter: css({ alignSelf: 'flex-end', bg: 'brand.subtle' }),
  form: css({ display: 'grid', gap: '4', pt: '4', borderTopWidth: 'thin', borderColor: 'border.subtle' }),
  days: css({ maxW: '40' }),
}

const reasonLabel = (value: string) => reportReasons.find((reason) => reason.value === value)?.label ?? value

/** Open reports, oldest first, each with what a moderator needs to decide and the decision form. */
export function ReportQueue() {
  const queue = useQuery(trpc.moderation.reports.queryOptions())
  if (queue.isPending) return <PageLoading />
  if (!queue.data || queue.data.length === 0) {
    return (
      <EmptyState icon={Inbox} title="No open reports">
        New reports appear here, oldest first.
      </EmptyState>
    )
  }
  return (
    <ul className={styles.list} aria-label="Open reports">
      {queue.data.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  )
}

function ReportCard({ report }: { report: QueuedReport }) {
  const { reported } = report
  const name = `${reported.firstName} ${reported.lastName}`
  const from = report.reporter ? `${report.reporter.firstName} ${report.reporter.lastName}` : 'The scam guard'
  return (
    <article className={styles.card} aria-label={`Report about ${name}`}>
      <div>
        <div className={styles.head}>
          <h3 className={styles.title}>{name}</h3>
          <Badge variant={report.origin === 'scam_guard' ? 'warning' : 'neutral'}>{reasonLabel(report.reason)}</Badge>
          {reported.status !== 'active' && <Badge variant="warning">{reported.status}</Badge>}
        </div>
        <p className={styles.meta}>
          Reported by {from} on {when.format(report.createdAt)} · {reported.email}
        </p>
      </div>
      <div className={styles.columns}>
        <div className={styles.section}>
          <h4 className={styles.sectionTitle}>What the reporter said</h4>
          <p className={styles.text}>{report.details || 'No details given.'}</p>
          <h4 className={styles.sectionTitle}>Profile</h4>
          <p className={styles.text}>
            {[reported.city, reported.state, reported.country].filter(Boolean).join(', ')}
            {reported.bio ? ` · ${reported.bio}` : ''}
          </p>
          {reported.photoUrls.length > 0 && (
            <div className={styles.photos}>
              {reported.photoUrls.map((url) => (
                <img key={url} src={url} alt={`${reported.firstName} as they appear to members`} className={styles.photo} />
              ))}
            </div>
          )}
          <h4 className={styles.sectionTitle}>History</h4>
          <ul className={styles.history} aria-label="Earlier reports and actions">
            {reported.earlierReports.length === 0 && reported.actions.length === 0 && <li>No earlier reports or actions.</li>}
            {reported.earlierReports.map((earlier) => (
              <li key={earlier.id}>
                Reported for {reasonLabel(earlier.reason).toLowerCase()} on {when.format(earlier.createdAt)}
                {earlier.outcome ? ` (${earlier.outcome})` : ' (open)'}
              </li>
            ))}
            {reported.actions.map((action) => (
              <li key={action.id}>
                {action.action} on {when.format(action.createdAt)}: {action.reason}
              </li>
            ))}
          </ul>
        </div>
        {report.conversation.length > 0 && (
          <div className={styles.section}>
            <h4 className={styles.sectionTitle}>The conversation, as the reporter saw it</h4>
            <ol className={styles.thread} aria-label="Reported conversation">
              {report.conversation.map((message) => (
                <li key={message.id} className={cx(styles.message, message.fromReporter && styles.fromReporter)}>
                  {message.content}
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
      <DecisionForm report={report} name={reported.firstName} />
    </article>
  )
}

const outcomeToast: Record<ModerationDecisionInput['action'], string> = {
  dismiss: 'Report dismissed',
  warn: 'Member warned',
  suspend: 'Member suspended',
  ban: 'Member banned',
}

function DecisionForm({ report, name }: { report: QueuedReport; name: string }) {
  const form = useForm<ModerationDecisionInput, unknown, ModerationDecision>({
    resolver: zodResolver(ModerationDecision),
    defaultValues: { reportId: report.id, action: 'dismiss', reason: '' },
  })
  const action = form.watch('action')
  const errors = form.formState.errors as Partial<Record<'action' | 'reason' | 'days', { message?: string }>>
  const decide = useMutation(
    trpc.moderation.decide.mutationOptions({
      onSuccess: (_, decision) => {
        void queryClient.invalidateQueries(trpc.moderation.pathFilter())
        const told = decision.action === 'dismiss' ? 'looked into and found nothing against our guidelines' : 'acted on'
        toast({ title: outcomeToast[decision.action], description: `Any reporter is told their report was ${told}.`, variant: 'success' })
      },
      meta: { failure: { title: 'Decision not saved' } },
    }),
  )
  return (
    <form noValidate className={styles.form} onSubmit={form.handleSubmit((decision) => decide.mutate(decision))}>
      <Controller
        control={form.control}
        name="action"
        render={({ field }) => (
          <RadioCardGroup
            aria-label={`Decision about ${name}`}
            orientation="horizontal"
            options={moderationDecisions}
            value={field.value}
            onValueChange={field.onChange}
          />
        )}
      />
      {action === 'suspend' && (
        <Field label="Days" error={errors.days?.message} className={styles.days}>
          {(control) => (
            <Input {...control} type="number" inputMode="numeric" min={1} max={MAX_SUSPENSION_DAYS} {...form.register('days')} />
          )}
        </Field>
      )}
      <Field
        label={action === 'warn' ? 'Reason (shown to the member: never name who reported them)' : 'Reason (kept in the audit log)'}
        error={errors.reason?.message}
      >
        {(control) => <Textarea {...control} rows={2} maxLength={MODERATION_REASON_MAX} {...form.register('reason')} />}
      </Field>
      <div>
        <Button type="submit" variant={action === 'dismiss' ? 'outline' : 'danger'} loading={decide.isPending}>
          Apply decision
        </Button>
      </div>
    </form>
  )
}
