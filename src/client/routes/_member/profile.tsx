import { createFileRoute, Link } from '@tanstack/react-router'
import { Settings } from 'lucide-react'
import { css } from 'styled-system/css'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { FormSection } from '#client/features/profile/form-section.tsx'
import { InterviewAnswers } from '#client/features/profile/interview-answers.tsx'
import { PhotoManager } from '#client/features/profile/photo-manager.tsx'
import { ProfileForm, useProfile } from '#client/features/profile/profile-form.tsx'

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column-reverse', md: 'row' },
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: { base: '4', md: '6' },
  }),
  settings: css({ flexShrink: 0, mt: { md: '3' } }),
}

export const Route = createFileRoute('/_member/profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
  component: ProfilePage,
})

function ProfilePage() {
  const profile = useProfile()
  if (!profile.data) return <PageLoading />
  return (
    <div className={css({ maxW: '3xl', mx: 'auto' })}>
      <div className={styles.header}>
        <PageTitle
          title="Your Profile"
          description={
            profile.data.isComplete
              ? 'This is how other believers get to know you.'
              : 'Complete your profile so we can show you believers near you.'
          }
        />
        <Button asChild variant="outline" size="sm" className={styles.settings}>
          <Link to="/settings">
            <Settings size={16} aria-hidden="true" /> Account settings
          </Link>
        </Button>
      </div>
      {profile.data.isVerified && (
        <Badge variant="success" className={css({ mb: '4' })}>
          Verified
        </Badge>
      )}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        <FormSection title="Photos" description="Your main photo appears on your profile card.">
          <PhotoManager photos={profile.data.photos} />
        </FormSection>
        <ProfileForm profile={profile.data} />
        <InterviewAnswers />
      </div>
    </div>
  )
}
