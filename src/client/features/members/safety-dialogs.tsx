import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { css } from 'styled-system/css'
import { SelectField } from '#client/components/form/select-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { refreshLikesYou } from '#client/features/likes/likes-updates.ts'
import { refreshNotifications } from '#client/features/notifications/notification-queries.ts'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'
import { REPORT_DETAILS_MAX_LENGTH, reportReasons } from '#shared/content/report-reasons.ts'
import { ReportInput } from '#shared/schemas/safety.ts'
import { dropFromDiscover, refreshMatches } from './member-updates'

const styles = {
  text: css({ textStyle: 'body', color: 'fg.default' }),
  list: css({
    mt: '3',
    ps: '5',
    listStyleType: 'disc',
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    textStyle: 'small',
    color: 'fg.muted',
  }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  counter: css({ textStyle: 'caption', color: 'fg.muted', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }),
}

export interface SafetyDialogProps {
  member: { userId: string; firstName: string }
  open: boolean
  onOpenChange: (open: boolean) => void
  /** After the block or report went through (e.g. to close the profile view behind it). */
  onDone?: () => void
}

export interface ReportDialogProps extends SafetyDialogProps {
  /** The conversation the report is made from, for the moderators to read. */
  conversationId?: string
  /** The reason chosen already (e.g. a scam, from the safety note under a message). */
  reason?: ReportInput['reason']
}

/** Blocking ends any match and conversation and hides both members from each other everywhere. */
export function BlockDialog({ member, open, onOpenChange, onDone }: SafetyDialogProps) {
  const block = useMutation(
    trpc.safety.block.mutationOptions({
      onSuccess: () => {
        onOpenChange(false)
        onDone?.()
        void dropFromDiscover(member.userId)
        void refreshMatches()
        // Their likes and notifications leave Likes You and the bell too.
        void refreshLikesYou()
        void refreshNotifications()
        void queryClient.invalidateQueries(trpc.safety.blocks.pathFilter())
        toast({ title: 'Member blocked', description: `${member.firstName} can no longer see you or contact you.`, variant: 'success' })
      },
      meta: { failure: { title: 'Block failed' } },
    }),
  )
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Block ${member.firstName}?`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button variant="danger" loading={block.isPending} onClick={() => block.mutate({ userId: member.userId })}>
              Block {member.firstName}
            </Button>
          </>
        }
      >
        <p className={styles.text}>You will no longer see each other anywhere on Covenant.</p>
        <ul className={styles.list}>
          <li>Any match between you ends and your conversation closes.</li>
          <li>{member.firstName} is not told that you blocked them.</li>
          <li>You can unblock them later in your account settings.</li>
        </ul>
      </DialogContent>
    </Dialog>
  )
}

/** A report goes to the moderators; it does not block by itself. */
export function ReportDialog({ member, open, onOpenChange, onDone, conversationId, reason }: ReportDialogProps) {
  const form = useForm({
    resolver: zodResolver(ReportInput),
    defaultValues: { userId: member.userId, reason: reason ?? ('' as never), details: '', conversationId },
  })
  const details = useWatch({ control: form.control, name: 'details' }) ?? ''
  const report = useMutation(
    trpc.safety.report.mutationOptions({
      onSuccess: () => {
        onOpenChange(false)
        form.reset()
        onDone?.()
        toast({
          title: 'Report sent',
          description: 'Thank you for helping keep Covenant safe. Our moderators will review it.',
          variant: 'success',
        })
      },
      meta: { failure: { title: 'Report not sent' } },
    }),
  )
  const formId = `report-${member.userId}`
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset()
        onOpenChange(next)
      }}
    >
      <DialogContent
        title={`Report ${member.firstName}`}
        description="Tell us what is wrong. Reports are confidential."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" form={formId} variant="danger" loading={report.isPending}>
              Send Report
            </Button>
          </>
        }
      >
        <form id={formId} noValidate className={styles.form} onSubmit={form.handleSubmit((values) => report.mutate(values))}>
          <SelectField control={form.control} name="reason" label="Reason" placeholder="Choose a reason" options={reportReasons} />
          <Field label="Details" hint="Optional: what happened, and where." error={form.formState.errors.details?.message}>
            {(control) => <Textarea {...control} maxLength={REPORT_DETAILS_MAX_LENGTH} {...form.register('details')} />}
          </Field>
          <p className={styles.counter}>
            {details.length}/{REPORT_DETAILS_MAX_LENGTH}
          </p>
        </form>
      </DialogContent>
    </Dialog>
  )
}
