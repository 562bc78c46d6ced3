import { createFileRoute, Link } from '@tanstack/react-router'
import { Eye, Settings } from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { MemberProfileDialog } from '#client/features/members/member-profile-dialog.tsx'
import { FormSection } from '#client/features/profile/form-section.tsx'
import { InterviewAnswers } from '#client/features/profile/interview-answers.tsx'
import { PhotoManager } from '#client/features/profile/photo-manager.tsx'
import { PreferencesEditor } from '#client/features/profile/preferences-editor.tsx'
import { ProfileForm, useProfile } from '#client/features/profile/profile-form.tsx'
import { PromptsEditor } from '#client/features/profile/prompts-editor.tsx'
import { pageHead } from '#client/lib/page-head.ts'

const styles = {
  header: css({
    display: 'flex',
    flexDirection: { base: 'column-reverse', md: 'row' },
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: { base: '4', md: '6' },
  }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2', flexShrink: 0, mt: { md: '3' } }),
}

export const Route = createFileRoute('/_member/profile')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.profile.prompts.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.profile.preferences.queryOptions()),
    ]),
  head: () => pageHead('Your Profile'),
  component: ProfilePage,
})

function ProfilePage() {
  const profile = useProfile()
  const { user } = useCurrentUser()
  const [previewing, setPreviewing] = useState(false)
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
        <div className={styles.actions}>
          <Button variant="outline" size="sm" disabled={!user} onClick={() => setPreviewing(true)}>
            <Eye size={16} aria-hidden="true" /> See your profile as others do
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/settings">
              <Settings size={16} aria-hidden="true" /> Account settings
            </Link>
          </Button>
        </div>
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
        <PromptsEditor />
        <PreferencesEditor />
        <InterviewAnswers />
      </div>
      <MemberProfileDialog userId={user?.id ?? null} open={previewing} onOpenChange={setPreviewing} preview />
    </div>
  )
}
