import { createFileRoute } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Badge } from '../../components/ui/badge'
import { PageTitle } from '../../features/shell/member-shell'
import { FormSection } from '../../features/profile/form-section'
import { PhotoManager } from '../../features/profile/photo-manager'
import { ProfileForm, useProfile } from '../../features/profile/profile-form'
import { PageLoading } from '../../features/shell/page-loading'

export const Route = createFileRoute('/_member/profile')({
  loader: ({ context }) => context.queryClient.ensureQueryData(context.trpc.profile.get.queryOptions()),
  component: ProfilePage,
})

function ProfilePage() {
  const profile = useProfile()
  if (!profile.data) return <PageLoading />
  return (
    <div className={css({ maxW: '3xl', mx: 'auto' })}>
      <PageTitle
        title="Your Profile"
        description={
          profile.data.isComplete
            ? 'This is how other believers get to know you.'
            : 'Complete your profile so we can show you believers near you.'
        }
      />
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
      </div>
    </div>
  )
}
