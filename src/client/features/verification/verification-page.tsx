import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BadgeCheck, Church, ClipboardCheck, GraduationCap, Landmark, MapPin, ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { AchievementAnnouncer } from '#client/features/achievements/achievement-toasts.tsx'
import { ChurchVouchedBadge } from '#client/features/vouch/church-vouched-badge.tsx'
import { trpc } from '#client/lib/trpc.ts'
import type { IncomeTierId } from '#shared/content/income-tiers.ts'
import { type VerificationType, verificationTypeLabels } from '#shared/content/verification.ts'
import { denominationLabel } from '#shared/schemas/profile-options.ts'
import { BypassForm, IncomeForm } from './income-forms'
import type { VerificationRecord } from './verification-api'
import { canSubmit, EducationForm, FaithForm, formatDate, panel } from './verification-forms'
import { VerificationStatusBadge } from './verification-status-badge'
import { type VerificationTab, verificationTabs } from './verification-tabs'
import { canAskForVouch, VouchPanel } from './vouch-panel'

const tabLabels: Record<VerificationTab, string> = {
  overview: 'Overview',
  faith: 'Faith',
  income: 'Income',
  education: 'Education',
  bypass: 'Bypass Option',
}

const typeIcons: Record<VerificationType, typeof Church> = { faith: Church, income: Landmark, education: GraduationCap }
const typeBlurbs: Record<VerificationType, string> = {
  faith: 'A letter from your pastor or elder confirming your membership.',
  income: 'Your income tier, by documents or a commitment bypass.',
  education: 'Your degree, by transcript or diploma.',
}

const recordStyle = css.raw({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '4',
  rowGap: '3',
  alignItems: 'start',
  md: { gridTemplateColumns: 'auto 1fr auto', alignItems: 'center' },
})

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    justifyContent: 'space-between',
    gap: { base: '0', md: '6' },
  }),
  review: css({ flexShrink: 0, mb: { base: '6', md: '0' }, mt: { md: '2' }, alignSelf: { base: 'flex-start', md: 'auto' } }),
  overview: css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, gap: '6', alignItems: 'start' }),
  records: css({ display: 'grid', gap: '4' }),
  recordIcon: css({ display: 'grid', placeItems: 'center', w: '12', h: '12', borderRadius: 'full', bg: 'brand.subtle', color: 'brand.fg' }),
  recordTitle: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', textStyle: 'h4', color: 'fg.default' }),
  recordText: css({ textStyle: 'small', color: 'fg.muted', mt: '1' }),
  recordReason: css({ textStyle: 'small', color: 'danger.fg', mt: '1' }),
  recordAction: css({ gridColumn: { base: '1 / -1', md: 'auto' }, justifySelf: { base: 'stretch', md: 'end' } }),
  cardLabel: css({ textStyle: 'overline', color: 'fg.muted' }),
  profile: css({ display: 'flex', alignItems: 'center', gap: '4' }),
  profileName: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', textStyle: 'h4', color: 'fg.default' }),
  profileFacts: css({ display: 'flex', flexDirection: 'column', gap: '1', textStyle: 'small', color: 'fg.muted', mt: '1' }),
  fact: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }),
  profileHint: css({ textStyle: 'small', color: 'fg.muted' }),
}

export function VerificationPage({ tab, onTabChange }: { tab: VerificationTab; onTabChange: (tab: VerificationTab) => void }) {
  const status = useQuery(trpc.verification.status.queryOptions())
  const [bypassTier, setBypassTier] = useState<IncomeTierId | undefined>()
  const tabList = useRef<HTMLDivElement>(null)
  // On a phone the five tabs scroll sideways: keep the chosen one in view (Bypass Option is last).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chosen tab, and the tabs appearing once loaded, are what move the strip
  useEffect(() => {
    tabList.current?.querySelector('[data-state=active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [tab, status.data])
  if (!status.data) return <PageLoading />
  const record = (type: VerificationType) => status.data.records.find((candidate) => candidate.type === type)!

  return (
    <>
      <AchievementAnnouncer />
      <div className={styles.header}>
        <PageTitle
          title="Verification Center"
          description="Verify your faith, income and education so other members can trust who you are."
        />
        {status.data.isReviewer && (
          <Button asChild variant="outline" className={styles.review}>
            <Link to="/moderation">
              <ClipboardCheck size={18} aria-hidden="true" /> Moderation
            </Link>
          </Button>
        )}
      </div>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as VerificationTab)}>
        <TabsList ref={tabList} aria-label="Verification sections">
          {verificationTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <div className={styles.overview}>
            <ul className={styles.records} aria-label="Your verifications">
              {status.data.records.map((item) => (
                <li key={item.type}>
                  <RecordCard record={item} onOpen={() => onTabChange(item.type)} />
                </li>
              ))}
            </ul>
            <ProfileCardPreview churchVouched={status.data.vouch.churchVouched} />
          </div>
        </TabsContent>
        <TabsContent value="faith">
          <FaithForm
            record={record('faith')}
            below={canAskForVouch(record('faith')) && <VouchPanel record={record('faith')} vouch={status.data.vouch} />}
          />
        </TabsContent>
        <TabsContent value="income">
          <IncomeForm
            record={record('income')}
            onChooseBypass={(tier) => {
              setBypassTier(tier)
              onTabChange('bypass')
            }}
          />
        </TabsContent>
        <TabsContent value="education">
          <EducationForm record={record('education')} />
        </TabsContent>
        <TabsContent value="bypass">
          <BypassForm record={record('income')} initialTier={bypassTier} />
        </TabsContent>
      </Tabs>
    </>
  )
}

function RecordCard({ record, onOpen }: { record: VerificationRecord; onOpen: () => void }) {
  const Icon = typeIcons[record.type]
  const label = verificationTypeLabels[record.type]
  const detail =
    record.status === 'not_started'
      ? typeBlurbs[record.type]
      : record.status === 'verified' || record.status === 'bypass_paid'
        ? `Submitted ${formatDate(record.submittedAt)} · ${record.status === 'verified' ? 'Verified' : 'Active since'} ${formatDate(record.verifiedAt)}`
        : `Submitted ${formatDate(record.submittedAt)}`
  return (
    <article className={panel(recordStyle)} aria-label={`${label} verification`}>
      <span className={styles.recordIcon} aria-hidden="true">
        <Icon size={22} />
      </span>
      <div>
        <h2 className={styles.recordTitle}>
          {label} <VerificationStatusBadge status={record.status} />
        </h2>
        <p className={styles.recordText}>{detail}</p>
        {record.rejectionReason && <p className={styles.recordReason}>Reason: {record.rejectionReason}</p>}
      </div>
      <Button variant={canSubmit(record) ? 'solid' : 'outline'} size="sm" className={styles.recordAction} onClick={onOpen}>
        {record.status === 'not_started' ? 'Start' : record.status === 'rejected' ? 'Resubmit' : 'View'}
      </Button>
    </article>
  )
}

/** How other members see the member's card: the Verified badge appears once faith is verified. */
function ProfileCardPreview({ churchVouched }: { churchVouched: boolean }) {
  const profile = useQuery(trpc.profile.get.queryOptions())
  if (!profile.data) return null
  const { firstName, lastName, profileImageUrl, isVerified, location, denomination, age } = profile.data
  return (
    <aside className={panel()} aria-labelledby="profile-card-preview">
      <p id="profile-card-preview" className={styles.cardLabel}>
        Your profile card
      </p>
      <div className={styles.profile}>
        <Avatar name={`${firstName} ${lastName}`} src={profileImageUrl} size={64} shape="square" />
        <div>
          <p className={styles.profileName}>
            {firstName}
            {age !== null && `, ${age}`}
            {isVerified && (
              <Badge variant="success" size="md" className={css({ fontFamily: 'body' })}>
                <BadgeCheck size={14} aria-hidden="true" /> Verified
              </Badge>
            )}
            {churchVouched && <ChurchVouchedBadge />}
          </p>
          <div className={styles.profileFacts}>
            {location && (
              <span className={styles.fact}>
                <MapPin size={14} aria-hidden="true" /> {location}
              </span>
            )}
            {denomination && (
              <span className={styles.fact}>
                <ShieldCheck size={14} aria-hidden="true" /> {denominationLabel(denomination)}
              </span>
            )}
          </div>
        </div>
      </div>
      <p className={styles.profileHint}>
        {isVerified
          ? 'Members see the Verified badge on your profile card.'
          : 'Once your faith is verified, members see a Verified badge on your profile card.'}
      </p>
    </aside>
  )
}
