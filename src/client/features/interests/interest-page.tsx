import { useQuery } from '@tanstack/react-query'
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router'
import { ArrowLeft, HeartHandshake, Lightbulb, Search } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { EmptyState } from '#client/components/ui/empty-state.tsx'
import { Skeleton } from '#client/components/ui/skeleton.tsx'
import { trpc } from '#client/lib/trpc.ts'
import { InterestForm } from './interest-form'
import { InterestTarget } from './interest-target'

const tips = [
  'Mention something specific from their profile, so they know you read it.',
  'Share a little of your own faith journey.',
  'Keep it warm, respectful and short enough to read in a minute.',
  'Suggest a public place for a first meeting, such as a café or a church event.',
  'Pray before you send, and leave the outcome to God.',
]

const styles = {
  back: css({ mb: '4' }),
  layout: css({
    display: 'grid',
    gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'token(sizes.80) minmax(0, 1fr)' },
    gap: { base: '6', lg: '8' },
    alignItems: 'start',
  }),
  aside: css({ display: 'flex', flexDirection: 'column', gap: '6', position: { lg: 'sticky' }, top: { lg: '24' } }),
  tips: cx(card({ variant: 'accent' }).root, css({ p: { base: '5', md: '6' } })),
  tipsTitle: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'h4', color: 'fg.default', mb: '3' }),
  tipsList: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    ps: '5',
    listStyleType: 'disc',
    textStyle: 'small',
    color: 'fg.default',
  }),
  tipsDesktop: css({ display: { base: 'none', lg: 'block' } }),
  tipsMobile: css({ display: { base: 'block', lg: 'none' } }),
}

function Tips({ className }: { className?: string }) {
  return (
    <section className={cx(styles.tips, className)} aria-label="Tips for a thoughtful interest">
      <h2 className={styles.tipsTitle}>
        <Lightbulb size={20} aria-hidden="true" /> Tips for a thoughtful first message
      </h2>
      <ul className={styles.tipsList}>
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  )
}

function BackToProfiles() {
  return (
    <Button asChild variant="ghost" size="sm" className={styles.back}>
      <Link to="/">
        <ArrowLeft size={16} aria-hidden="true" /> Back to Profiles
      </Link>
    </Button>
  )
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState
      icon={Search}
      title={title}
      action={
        <Button asChild>
          <Link to="/">Discover Believers</Link>
        </Button>
      }
    >
      {text}
    </EmptyState>
  )
}

/** The Thoughtful Interest screen for one member (`?member=`), or a pointer back to Discover without one. */
export function InterestPage({ memberId }: { memberId: string | undefined }) {
  return (
    <>
      <BackToProfiles />
      <PageTitle
        title="Send Thoughtful Interest"
        description="A personal note says more than a like. Take a moment to write something real."
      />
      {memberId ? (
        <InterestFor memberId={memberId} />
      ) : (
        <Notice
          title="Who would you like to get to know?"
          text="Open a member's profile in Discover and choose Send Thoughtful Interest."
        />
      )}
    </>
  )
}

function InterestFor({ memberId }: { memberId: string }) {
  const profile = useQuery(trpc.members.byId.queryOptions({ userId: memberId }))
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const goBack = () => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }))

  if (profile.isPending) {
    return (
      <div className={styles.layout} role="status" aria-busy="true" aria-label="Loading profile">
        <Skeleton className={css({ h: '72', borderRadius: 'card' })} />
        <Skeleton className={css({ h: '96', borderRadius: 'card' })} />
      </div>
    )
  }
  if (profile.isError)
    return <Notice title={profile.error.message} text="They may have paused their profile. There are many more believers to meet." />

  const member = profile.data
  return (
    <div className={styles.layout}>
      <div className={styles.aside}>
        <InterestTarget profile={member} />
        <Tips className={styles.tipsDesktop} />
      </div>
      {member.relationship.interestSent ? (
        <EmptyState icon={HeartHandshake} title={`You have already sent ${member.firstName} a Thoughtful Interest.`}>
          A Thoughtful Interest is sent once. If {member.firstName} likes you back, you will match.
        </EmptyState>
      ) : (
        <InterestForm profile={member} onSent={goBack} beforeSend={<Tips className={styles.tipsMobile} />} />
      )}
    </div>
  )
}
