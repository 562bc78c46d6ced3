import { useMutation, useQuery } from '@tanstack/react-query'
import { BookOpen, HeartHandshake, Hourglass, ListChecks, Lock, ShieldCheck, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Progress } from '#client/components/ui/progress.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { UpgradeNote } from '#client/features/billing/upgrade-note.tsx'
import { refreshAllowance } from '#client/features/members/member-updates.ts'
import { toast } from '#client/lib/toast.ts'
import { type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import { planName } from '#shared/content/plans.ts'
import { compatibilityBand } from '#shared/logic/compatibility-band.ts'
import { limitsOf } from '#shared/logic/entitlements.ts'
import { COUNSELING_QUESTION_MAX_LENGTH } from '#shared/schemas/ai.ts'
import type { PlanId } from '#shared/schemas/plan-ids.ts'
import { marriageSupportResources, preMarriageResources } from './counseling-resources'
import type { CounselingTabName } from './counseling-tabs'

type Analysis = RouterOutputs['ai']['compatibilityAnalysis']
type Counsel = RouterOutputs['ai']['counseling']

const styles = {
  card: cx(
    card({ elevation: 'xs' }).root,
    css({ display: 'flex', flexDirection: 'column', gap: '4', p: { base: '5', md: '6' }, maxW: '4xl' }),
  ),
  stack: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  title: css({ textStyle: 'h4', color: 'fg.default', display: 'flex', alignItems: 'center', gap: '2', '& svg': { color: 'brand.fg' } }),
  text: css({ textStyle: 'body', color: 'fg.muted' }),
  body: css({ textStyle: 'body', color: 'fg.default', whiteSpace: 'pre-wrap' }),
  overall: css({ display: 'flex', alignItems: 'baseline', gap: '3', flexWrap: 'wrap' }),
  overallNumber: css({ textStyle: 'display', color: 'brand.fg', fontVariantNumeric: 'tabular-nums' }),
  band: css({ textStyle: 'h4', color: 'fg.default' }),
  bars: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' }),
  bar: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  barLabel: css({
    display: 'flex',
    justifyContent: 'space-between',
    textStyle: 'small',
    color: 'fg.default',
    fontVariantNumeric: 'tabular-nums',
  }),
  lists: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', ps: '5', listStyleType: 'disc', textStyle: 'body', color: 'fg.default' }),
  listTitle: css({ textStyle: 'overline', color: 'fg.muted', mb: '2' }),
  askRow: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' }),
  questionsLeft: css({ textStyle: 'small', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' }),
  counter: css({ textStyle: 'caption', color: 'fg.muted', textAlign: 'end', fontVariantNumeric: 'tabular-nums' }),
  note: css({
    display: 'flex',
    gap: '3',
    p: '4',
    borderRadius: 'control',
    bg: 'info.subtle',
    borderWidth: 'thin',
    borderColor: 'info.border',
    textStyle: 'small',
    color: 'fg.default',
    '& svg': { color: 'info.fg', flexShrink: 0 },
  }),
  resource: css({ display: 'flex', flexDirection: 'column', gap: '0.5' }),
  resourceName: css({ fontWeight: 'semibold' }),
  resourceText: css({ textStyle: 'small', color: 'fg.muted' }),
}

export function CounselingPage({ tab, onTabChange }: { tab: CounselingTabName; onTabChange: (tab: CounselingTabName) => void }) {
  return (
    <>
      <PageTitle
        title="AI Marriage Counseling"
        description="Biblical wisdom and honest insight for the relationship God is building in your life."
      />
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as CounselingTabName)}>
        <TabsList aria-label="Counseling">
          <TabsTrigger value="compatibility">Compatibility</TabsTrigger>
          <TabsTrigger value="counseling">Counseling</TabsTrigger>
          <TabsTrigger value="monitoring">Monitoring</TabsTrigger>
          <TabsTrigger value="resources">Resources</TabsTrigger>
        </TabsList>
        <TabsContent value="compatibility">
          <CompatibilityTab />
        </TabsContent>
        <TabsContent value="counseling">
          <CounselingTab />
        </TabsContent>
        <TabsContent value="monitoring">
          <MonitoringTab />
        </TabsContent>
        <TabsContent value="resources">
          <ResourcesTab />
        </TabsContent>
      </Tabs>
    </>
  )
}

function CompatibilityTab() {
  const analyze = useMutation(
    trpc.ai.compatibilityAnalysis.mutationOptions({
      onSuccess: () => toast({ title: 'Compatibility Analysis Complete', variant: 'success' }),
      meta: {
        // The AI's hourly limit is not the free tier's daily one: this tab words it itself.
        ownCodes: ['TOO_MANY_REQUESTS'],
        failure: (error) => ({
          title: 'Analysis Unavailable',
          description:
            error.data?.code === 'NOT_FOUND' || error.data?.code === 'TOO_MANY_REQUESTS'
              ? error.message
              : 'AI compatibility analysis requires API configuration. Please contact support.',
        }),
      },
    }),
  )
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="analyze-title">
        <h2 id="analyze-title" className={styles.title}>
          <HeartHandshake size={20} aria-hidden="true" /> How well do you fit together?
        </h2>
        <p className={styles.text}>
          Compare yourself with your most recent match: your faith, your values, how you communicate and how you live, from your profiles
          and AI interviews.
        </p>
        <div>
          <Button loading={analyze.isPending} onClick={() => analyze.mutate({})}>
            <Sparkles size={16} aria-hidden="true" /> Analyze Our Compatibility
          </Button>
        </div>
      </section>
      {analyze.data && <AnalysisCard analysis={analyze.data} />}
    </div>
  )
}

function AnalysisCard({ analysis }: { analysis: Analysis }) {
  const bars = [
    ['Spiritual alignment', analysis.spiritualAlignment],
    ['Communication', analysis.communicationCompatibility],
    ['Lifestyle', analysis.lifestyleCompatibility],
    ['Values', analysis.valuesAlignment],
  ] as const
  return (
    <section className={styles.card} aria-labelledby="analysis-title">
      <h2 id="analysis-title" className={styles.title}>
        You and {analysis.partner.firstName}
      </h2>
      <p className={styles.overall}>
        <span className={styles.overallNumber}>{analysis.overallScore}%</span>
        <span className={styles.band}>{compatibilityBand(analysis.overallScore)}</span>
      </p>
      <div className={styles.bars}>
        {bars.map(([label, value]) => (
          <div key={label} className={styles.bar}>
            <span className={styles.barLabel}>
              <span>{label}</span>
              <span>{value}%</span>
            </span>
            <Progress value={value} aria-label={label} />
          </div>
        ))}
      </div>
      <div className={styles.lists}>
        <div>
          <h3 className={styles.listTitle}>Strengths</h3>
          <ul className={styles.list}>
            {analysis.strengths.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className={styles.listTitle}>Growth areas</h3>
          <ul className={styles.list}>
            {analysis.growthAreas.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}

/** Where a member who has asked all of today's questions can ask more: Quantum Soul, or nowhere above it. */
const MORE_QUESTIONS_PLAN = 'elite'

function morePlanFor(plan: PlanId) {
  return limitsOf(plan).counselingPerDay < limitsOf(MORE_QUESTIONS_PLAN).counselingPerDay ? MORE_QUESTIONS_PLAN : null
}

function CounselingTab() {
  const [question, setQuestion] = useState('')
  const allowance = useQuery(trpc.premium.allowance.queryOptions())
  const ask = useMutation(
    trpc.ai.counseling.mutationOptions({
      onSuccess: () => toast({ title: 'Counseling Session Complete', variant: 'success' }),
      onSettled: () => void refreshAllowance(),
      meta: {
        ownCodes: ['TOO_MANY_REQUESTS'],
        failure: (error) => ({
          title: 'Counseling Unavailable',
          description:
            error.data?.code === 'TOO_MANY_REQUESTS'
              ? error.message
              : 'AI marriage counseling requires API configuration. Please contact support.',
        }),
      },
    }),
  )
  const blank = !question.trim()
  const left = allowance.data?.counselingLeft
  const usedUp = left === 0
  const upgradeTo = allowance.data ? morePlanFor(allowance.data.plan) : null
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="ask-title">
        <h2 id="ask-title" className={styles.title}>
          <BookOpen size={20} aria-hidden="true" /> Ask a counselor
        </h2>
        <Textarea
          aria-labelledby="ask-title"
          rows={5}
          maxLength={COUNSELING_QUESTION_MAX_LENGTH}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          placeholder="For example: How can we keep Christ at the centre while we are long-distance?"
        />
        <p className={styles.counter}>
          {question.length}/{COUNSELING_QUESTION_MAX_LENGTH}
        </p>
        {usedUp ? (
          <UpgradeNote icon={Hourglass} planId={upgradeTo} role="status">
            You've asked today's questions. More open 24 hours after the first of them
            {upgradeTo ? `, or ask up to ${limitsOf(upgradeTo).counselingPerDay} a day with ${planName(upgradeTo)}.` : '.'}
          </UpgradeNote>
        ) : (
          <div className={styles.askRow}>
            <Button disabled={blank} loading={ask.isPending} onClick={() => !blank && ask.mutate({ question })}>
              <Sparkles size={16} aria-hidden="true" /> Get AI Counseling
            </Button>
            {left !== undefined && (
              <p className={styles.questionsLeft} role="status">
                {left === 1 ? '1 question left today' : `${left} questions left today`}
              </p>
            )}
          </div>
        )}
      </section>
      {ask.data && <AdviceCard counsel={ask.data} />}
    </div>
  )
}

function AdviceCard({ counsel }: { counsel: Counsel }) {
  return (
    <section className={styles.card} aria-labelledby="advice-title">
      <h2 id="advice-title" className={styles.title}>
        <HeartHandshake size={20} aria-hidden="true" /> Counsel for you
      </h2>
      <p className={styles.body}>{counsel.advice}</p>
      <div className={styles.lists}>
        {counsel.scriptures.length > 0 && (
          <div>
            <h3 className={styles.listTitle}>Scripture</h3>
            <ul className={styles.list}>
              {counsel.scriptures.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h3 className={styles.listTitle}>
            <ListChecks size={14} aria-hidden="true" /> Next steps
          </h3>
          <ul className={styles.list}>
            {counsel.actionItems.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}

function MonitoringTab() {
  return (
    <section className={styles.card} aria-labelledby="monitoring-title">
      <h2 id="monitoring-title" className={styles.title}>
        <ShieldCheck size={20} aria-hidden="true" /> Relationship health monitoring
      </h2>
      <p className={styles.text}>
        As your relationship grows, gentle check-ins can notice when conversations slow down, when prayer together fades, or when a hard
        topic keeps coming back, and suggest a resource or a conversation with your pastor.
      </p>
      <p className={styles.note}>
        <Lock size={18} aria-hidden="true" />
        <span>
          Monitoring is consent-based: it only begins when both of you choose it, and either of you can stop it at any time. It uses
          anonymized patterns, such as how often you talk, never the words you write. Your conversations stay private.
        </span>
      </p>
    </section>
  )
}

function ResourcesTab() {
  return (
    <div className={styles.lists}>
      {[
        { title: 'Preparing for marriage', items: preMarriageResources },
        { title: 'Support for your marriage', items: marriageSupportResources },
      ].map((group) => (
        <section key={group.title} className={styles.card} aria-label={group.title}>
          <h2 className={styles.title}>{group.title}</h2>
          <ul className={styles.stack}>
            {group.items.map((item) => (
              <li key={item.name} className={styles.resource}>
                <span className={styles.resourceName}>{item.name}</span>
                <span className={styles.resourceText}>{item.description}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
