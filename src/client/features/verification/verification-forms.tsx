import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, Clock3, FileText, XCircle } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { useForm } from 'react-hook-form'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import type { SystemStyleObject } from 'styled-system/types'
import { SelectField } from '#client/components/form/select-field.tsx'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { toast } from '#client/lib/toast.ts'
import { incomeTiers } from '#shared/content/income-tiers.ts'
import {
  degreeTypeLabels,
  degreeTypes,
  faithLetterRequirements,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  membershipYearOptions,
  verificationStatusLabels,
  verificationTypeLabels,
} from '#shared/content/verification.ts'
import { EducationVerificationFields, FaithVerificationFields } from '#shared/schemas/verification.ts'
import { DocumentField, useDocument } from './document-field'
import { postVerificationForm, showOverview, type VerificationRecord } from './verification-api'
import { VerificationStatusBadge } from './verification-status-badge'

const panelLayout = css.raw({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '7' } })

// The checklist beside a form: the panel's surface without its border and shadow.
const asideStyle = css.raw({ borderColor: 'transparent', boxShadow: 'none' })

/** A raised panel; `style` adjusts its layout, merged so each property has one class and none fight. */
export function panel(style?: SystemStyleObject) {
  return cx(card({ elevation: 'xs' }).root, css(panelLayout, style))
}

const styles = {
  layout: css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, gap: '6', alignItems: 'start' }),
  column: css({ display: 'grid', gap: '6' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' }),
  heading: css({ textStyle: 'h4', color: 'fg.default' }),
  lead: css({ textStyle: 'small', color: 'fg.muted', mt: '-3' }),
  requirements: css({ display: 'flex', flexDirection: 'column', gap: '2.5', textStyle: 'small' }),
  requirement: css({ display: 'flex', alignItems: 'flex-start', gap: '2', '& svg': { color: 'success.fg', flexShrink: 0, mt: '0.5' } }),
  submit: css({ alignSelf: { base: 'stretch', sm: 'flex-start' } }),
  status: css({ display: 'flex', alignItems: 'flex-start', gap: '4' }),
  statusIcon: css({ flexShrink: 0, mt: '1' }),
  statusText: css({ textStyle: 'body', color: 'fg.muted', mt: '1' }),
  reason: css({ mt: '2', p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'fg.default', textStyle: 'small' }),
  link: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    mt: '2',
    color: 'brand.fg',
    textStyle: 'small',
    fontWeight: 'semibold',
  }),
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' })
export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '')

const notSubmitted = { failure: { title: 'Not submitted' } }

function submitted(type: VerificationRecord['type']) {
  toast({
    title: 'Submitted for review',
    description: `Your ${verificationTypeLabels[type].toLowerCase()} verification is now ${verificationStatusLabels.pending}.`,
    variant: 'success',
  })
}

/** True when the member may (re)submit this record. */
export const canSubmit = (record: VerificationRecord) => record.status === 'not_started' || record.status === 'rejected'

/** Where a submitted record stands; a rejection shows the moderator's reason above the form again. */
function RecordStatus({ record }: { record: VerificationRecord }) {
  const label = verificationTypeLabels[record.type]
  const icon =
    record.status === 'rejected' ? (
      <XCircle size={28} className={css({ color: 'danger.fg' })} />
    ) : record.status === 'pending' ? (
      <Clock3 size={28} className={css({ color: 'warning.fg' })} />
    ) : (
      <CheckCircle2 size={28} className={css({ color: 'success.fg' })} />
    )
  const text =
    record.status === 'pending'
      ? `Submitted on ${formatDate(record.submittedAt)}. A moderator will review it soon.`
      : record.status === 'rejected'
        ? `Reviewed on ${formatDate(record.reviewedAt)}. Please correct the issue below and submit again.`
        : record.status === 'bypass_paid'
          ? `Active since ${formatDate(record.verifiedAt)}.`
          : `Verified on ${formatDate(record.verifiedAt)}.`
  return (
    <div className={styles.status} role="status">
      <span className={styles.statusIcon} aria-hidden="true">
        {icon}
      </span>
      <div>
        <h3 className={styles.heading}>
          {label} verification <VerificationStatusBadge status={record.status} />
        </h3>
        <p className={styles.statusText}>{text}</p>
        {record.rejectionReason && <p className={styles.reason}>Reason: {record.rejectionReason}</p>}
        {record.documentUrl && (
          <a className={styles.link} href={record.documentUrl} target="_blank" rel="noreferrer">
            <FileText size={14} aria-hidden="true" /> View your document
          </a>
        )}
      </div>
    </div>
  )
}

/** A checklist beside a form: what the document must show, or what the member should know. */
export function Checklist({ title, items }: { title: string; items: readonly string[] }) {
  const id = useId()
  return (
    <aside className={panel(asideStyle)} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul className={styles.requirements}>
        {items.map((item) => (
          <li key={item} className={styles.requirement}>
            <CheckCircle2 size={16} aria-hidden="true" />
            {item}
          </li>
        ))}
      </ul>
    </aside>
  )
}

function Section({
  record,
  title,
  lead,
  aside,
  below,
  children,
}: {
  record: VerificationRecord
  title: string
  lead: string
  aside: ReactNode
  /** More about a submitted record, under its status and before the checklist on a phone. */
  below?: ReactNode
  children: ReactNode
}) {
  const main = (
    <section className={panel()} aria-label={title}>
      {record.status !== 'not_started' && <RecordStatus record={record} />}
      {canSubmit(record) && (
        <>
          <h2 className={styles.heading}>{record.status === 'rejected' ? 'Submit again' : title}</h2>
          <p className={styles.lead}>{lead}</p>
          {children}
        </>
      )}
    </section>
  )
  return (
    <div className={styles.layout}>
      {below ? (
        <div className={styles.column}>
          {main}
          {below}
        </div>
      ) : (
        main
      )}
      {aside}
    </div>
  )
}

const membershipOptions = membershipYearOptions.map((option) => ({ value: String(option.value), label: option.label }))

export function FaithForm({ record, below }: { record: VerificationRecord; below?: ReactNode }) {
  const form = useForm({
    resolver: zodResolver(FaithVerificationFields),
    defaultValues: { churchName: '', pastorName: '', pastorEmail: '', membershipYears: '' as never },
  })
  const letter = useDocument('Please upload your church letter')
  const submit = useMutation({
    mutationFn: ({ values, file }: { values: Record<string, string | number>; file: File }) =>
      postVerificationForm('/api/verification/faith', values, file),
    onSuccess: (overview) => {
      showOverview(overview)
      submitted('faith')
    },
    meta: notSubmitted,
  })
  return (
    <Section
      record={record}
      title="Faith verification"
      lead="Your pastor or elder confirms that you are an active member in good standing."
      aside={<Checklist title="Letter requirements" items={faithLetterRequirements} />}
      below={below}
    >
      <form
        noValidate
        className={styles.form}
        onSubmit={form.handleSubmit(
          (values) => {
            const file = letter.validate()
            if (file) submit.mutate({ values: values as Record<string, string | number>, file })
          },
          () => letter.validate(),
        )}
      >
        <TextField control={form.control} name="churchName" label="Church name" required />
        <div className={styles.grid}>
          <TextField control={form.control} name="pastorName" label="Pastor/elder name" required />
          <TextField control={form.control} name="pastorEmail" label="Pastor's email" required type="email" autoComplete="off" />
        </div>
        <SelectField
          control={form.control}
          name="membershipYears"
          label="Years of membership"
          options={membershipOptions}
          placeholder="How long have you been a member?"
        />
        <DocumentField
          label="Church letter"
          hint="PDF, JPEG, PNG or WebP, up to 10 MB. Only you and our moderators can see it."
          document={letter}
        />
        <Button type="submit" className={styles.submit} loading={submit.isPending}>
          Submit for Review
        </Button>
      </form>
    </Section>
  )
}

const educationDocumentChecklist = [
  'Your full name as on your profile',
  'The name of the institution',
  'The degree awarded and the date',
  'The whole page, readable',
] as const

const degreeOptions = degreeTypes.map((value) => ({ value, label: degreeTypeLabels[value] }))

export function EducationForm({ record }: { record: VerificationRecord }) {
  const form = useForm({
    resolver: zodResolver(EducationVerificationFields),
    defaultValues: { institution: '', degreeType: '' as never, graduationYear: '' as never },
  })
  const transcript = useDocument('Please upload your transcript or diploma')
  const submit = useMutation({
    mutationFn: ({ values, file }: { values: Record<string, string | number>; file: File }) =>
      postVerificationForm('/api/verification/education', values, file),
    onSuccess: (overview) => {
      showOverview(overview)
      submitted('education')
    },
    meta: notSubmitted,
  })
  return (
    <Section
      record={record}
      title="Education verification"
      lead="Confirm your highest degree with a transcript or diploma."
      aside={<Checklist title="Your document should show" items={educationDocumentChecklist} />}
    >
      <form
        noValidate
        className={styles.form}
        onSubmit={form.handleSubmit(
          (values) => {
            const file = transcript.validate()
            if (file) submit.mutate({ values: values as Record<string, string | number>, file })
          },
          () => transcript.validate(),
        )}
      >
        <TextField control={form.control} name="institution" label="Institution name" required />
        <div className={styles.grid}>
          <SelectField
            control={form.control}
            name="degreeType"
            label="Degree type"
            options={degreeOptions}
            placeholder="Choose your degree"
          />
          <TextField
            control={form.control}
            name="graduationYear"
            label="Graduation year"
            required
            type="number"
            inputMode="numeric"
            min={GRADUATION_YEAR_MIN}
            max={GRADUATION_YEAR_MAX}
          />
        </div>
        <DocumentField
          label="Transcript or diploma"
          hint="PDF, JPEG, PNG or WebP, up to 10 MB. Only you and our moderators can see it."
          document={transcript}
        />
        <Button type="submit" className={styles.submit} loading={submit.isPending}>
          Submit for Review
        </Button>
      </form>
    </Section>
  )
}

export const incomeTierOptions = incomeTiers.map((tier, index) => ({ value: tier.id, label: tier.label, description: `Tier ${index + 1}` }))
export { Section as VerificationSection }
