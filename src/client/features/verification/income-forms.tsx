import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { ShieldAlert } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { css } from 'styled-system/css'
import { SelectField } from '#client/components/form/select-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { RadioCardGroup } from '#client/components/ui/radio-group.tsx'
import { toast } from '#client/lib/toast.ts'
import { trpc } from '#client/lib/trpc.ts'
import { bypassFeeNotice, bypassFees } from '#shared/content/bypass-fees.ts'
import type { IncomeTierId } from '#shared/content/income-tiers.ts'
import { IncomeBypassInput, IncomeVerificationFields } from '#shared/schemas/verification.ts'
import { DocumentField, useDocument } from './document-field'
import { postVerificationForm, showOverview, type VerificationRecord } from './verification-api'
import { Checklist, incomeTierOptions, VerificationSection } from './verification-forms'

const styles = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  legend: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', mb: '2' }),
  error: css({ textStyle: 'small', color: 'danger.fg', fontWeight: 'medium', mt: '1.5' }),
  submit: css({ alignSelf: { base: 'stretch', sm: 'flex-start' } }),
  note: css({ textStyle: 'small', color: 'fg.muted' }),
  notice: css({
    display: 'flex',
    gap: '3',
    p: '4',
    borderRadius: 'control',
    bg: 'warning.subtle',
    borderWidth: 'thin',
    borderColor: 'warning.border',
    color: 'fg.default',
    textStyle: 'small',
    '& svg': { color: 'warning.fg', flexShrink: 0 },
  }),
  check: css({ display: 'flex', alignItems: 'flex-start', gap: '3' }),
  checkbox: css({ w: '5', h: '5', mt: '0.5', flexShrink: 0, accentColor: 'brand.solid', cursor: 'pointer' }),
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const feeOptions = bypassFees.map((fee) => ({
  value: fee.id,
  label: fee.label,
  description: `${usd.format(fee.amountUsd)} commitment fee`,
}))
const methodOptions = [
  { value: 'documents', label: 'Documents', description: 'Upload a recent tax return or bank statement.' },
  { value: 'bypass', label: 'Bypass', description: 'Pay a commitment fee instead of sharing documents.' },
]

const incomeDocumentChecklist = [
  'Your most recent tax return or a recent bank statement',
  'Your full name as on your profile',
  'Income or balances for your chosen tier',
  'Account numbers may be blacked out',
] as const

const bypassSteps = [
  'Choose a commitment level and your income tier',
  'Pay the fee at checkout',
  'Your bypass shows as Bypass Active as soon as it is paid',
  'Faith and identity verification are still required',
] as const

const notSubmitted = { failure: { title: 'Not submitted' } }

export function IncomeForm({
  record,
  onChooseBypass,
}: {
  record: VerificationRecord
  onChooseBypass: (tier: IncomeTierId | undefined) => void
}) {
  const ids = useId()
  const [method, setMethod] = useState<'documents' | 'bypass'>('documents')
  const form = useForm({ resolver: zodResolver(IncomeVerificationFields), defaultValues: { tier: '' as never } })
  const proof = useDocument('Please upload a tax return or bank statement')
  const submit = useMutation({
    mutationFn: ({ tier, file }: { tier: string; file: File }) => postVerificationForm('/api/verification/income', { tier }, file),
    onSuccess: (overview) => {
      showOverview(overview)
      toast({ title: 'Submitted for review', description: 'Your income verification is now Pending Review.', variant: 'success' })
    },
    meta: notSubmitted,
  })
  return (
    <VerificationSection
      record={record}
      title="Income verification"
      lead="Choose your income tier and how you would like to verify it."
      aside={<Checklist title="Your document should show" items={incomeDocumentChecklist} />}
    >
      <form
        noValidate
        className={styles.form}
        onSubmit={form.handleSubmit(
          (values) => {
            if (method === 'bypass') return onChooseBypass(values.tier)
            const file = proof.validate()
            if (file) submit.mutate({ tier: values.tier, file })
          },
          () => method === 'documents' && proof.validate(),
        )}
      >
        <Controller
          control={form.control}
          name="tier"
          render={({ field, fieldState }) => (
            <div>
              <p id={`${ids}-tier`} className={styles.legend}>
                Income tier
              </p>
              <RadioCardGroup
                aria-labelledby={`${ids}-tier`}
                orientation="horizontal"
                options={incomeTierOptions}
                value={field.value}
                onValueChange={field.onChange}
                aria-invalid={fieldState.error ? true : undefined}
              />
              {fieldState.error && <p className={styles.error}>{fieldState.error.message}</p>}
            </div>
          )}
        />
        <div>
          <p id={`${ids}-method`} className={styles.legend}>
            Method
          </p>
          <RadioCardGroup
            aria-labelledby={`${ids}-method`}
            orientation="horizontal"
            options={methodOptions}
            value={method}
            onValueChange={(value) => setMethod(value as 'documents' | 'bypass')}
          />
        </div>
        {method === 'documents' ? (
          <DocumentField
            label="Tax return or bank statement"
            hint="PDF, JPEG, PNG or WebP, up to 10 MB. Only you and our moderators can see it."
            document={proof}
          />
        ) : (
          <p className={styles.note}>Choose your commitment level on the Bypass Option tab. {bypassFeeNotice}</p>
        )}
        <Button type="submit" className={styles.submit} loading={submit.isPending}>
          {method === 'documents' ? 'Submit for Review' : 'Continue to Bypass Option'}
        </Button>
      </form>
    </VerificationSection>
  )
}

export function BypassForm({ record, initialTier }: { record: VerificationRecord; initialTier?: IncomeTierId }) {
  const ids = useId()
  const form = useForm({
    resolver: zodResolver(IncomeBypassInput),
    defaultValues: { tier: initialTier ?? ('' as never), bypassLevel: '' as never, acceptNonRefundable: false as never },
  })
  const request = useMutation(
    trpc.verification.requestIncomeBypass.mutationOptions({
      // The fee is paid at checkout (Stripe, or the demo page); paying it makes the bypass active.
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      meta: notSubmitted,
    }),
  )
  const { errors } = form.formState
  return (
    <VerificationSection
      record={record}
      title="Commitment bypass"
      lead="Instead of sharing income documents, show the seriousness of your commitment with a one-time fee."
      aside={<Checklist title="How a bypass works" items={bypassSteps} />}
    >
      <form noValidate className={styles.form} onSubmit={form.handleSubmit((values) => request.mutate(values))}>
        <Controller
          control={form.control}
          name="bypassLevel"
          render={({ field, fieldState }) => (
            <div>
              <p id={`${ids}-level`} className={styles.legend}>
                Commitment level
              </p>
              <RadioCardGroup
                aria-labelledby={`${ids}-level`}
                orientation="horizontal"
                options={feeOptions}
                value={field.value}
                onValueChange={field.onChange}
                aria-invalid={fieldState.error ? true : undefined}
              />
              {fieldState.error && <p className={styles.error}>{fieldState.error.message}</p>}
            </div>
          )}
        />
        <SelectField
          control={form.control}
          name="tier"
          label="Income tier"
          options={incomeTierOptions}
          placeholder="Choose your income tier"
        />
        <p className={styles.notice}>
          <ShieldAlert size={18} aria-hidden="true" />
          {bypassFeeNotice}
        </p>
        <div>
          <div className={styles.check}>
            <input id={`${ids}-accept`} type="checkbox" className={styles.checkbox} {...form.register('acceptNonRefundable')} />
            <Label htmlFor={`${ids}-accept`}>I understand that the bypass fee is non-refundable.</Label>
          </div>
          {errors.acceptNonRefundable && <p className={styles.error}>{errors.acceptNonRefundable.message}</p>}
        </div>
        <Button type="submit" className={styles.submit} loading={request.isPending}>
          Continue to Payment
        </Button>
      </form>
    </VerificationSection>
  )
}
