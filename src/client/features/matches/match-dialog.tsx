import { Link } from '@tanstack/react-router'
import { Heart, MessageCircle } from 'lucide-react'
import { css } from 'styled-system/css'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent } from '#client/components/ui/dialog.tsx'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { MemberPhoto } from '#client/features/members/member-photo.tsx'
import { closeMatch, useMatchMoment } from './match-moment'

const styles = {
  // The moment is a celebration, not a form: everything sits on the centre line.
  content: css({ textAlign: 'center', '& > header': { alignItems: 'center', ps: '14' } }),
  couple: css({ display: 'flex', justifyContent: 'center', alignItems: 'center', py: '4' }),
  photo: css({
    w: { base: '28', sm: '32' },
    flexShrink: 0,
    borderRadius: 'full',
    borderWidth: 'accent',
    borderColor: 'bg.surface',
    boxShadow: 'lg',
  }),
  heart: css({
    position: 'relative',
    zIndex: '1',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    w: '12',
    h: '12',
    mx: '-5',
    borderRadius: 'full',
    bg: 'brand.solid',
    color: 'fg.onBrand',
    boxShadow: 'md',
  }),
}

/**
 * "It's a Match!": both photos, the other member's name, and the way to the conversation. Mounted once
 * in the member shell; whoever learns of a match (a like pressed, the live feed, a notification) opens it.
 */
export function MatchDialog() {
  const moment = useMatchMoment()
  const { user } = useCurrentUser()
  if (!moment || !user) return null
  const { member, conversationId } = moment
  return (
    <Dialog open onOpenChange={(open) => !open && closeMatch()}>
      <DialogContent
        title="It's a Match! 💕"
        description={`You and ${member.firstName} have liked each other! Start messaging now.`}
        className={styles.content}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">Keep browsing</Button>
            </DialogClose>
            <Button asChild>
              <Link to="/messaging" search={{ conversation: conversationId ?? undefined }} onClick={closeMatch}>
                <MessageCircle size={18} aria-hidden="true" /> Send a message
              </Link>
            </Button>
          </>
        }
      >
        <div className={styles.couple}>
          <MemberPhoto name={user.firstName} src={user.profileImageUrl} sizes="8rem" className={styles.photo} />
          <span className={styles.heart} aria-hidden="true">
            <Heart size={22} fill="currentColor" />
          </span>
          <MemberPhoto name={member.firstName} src={member.photoUrl} sizes="8rem" className={styles.photo} />
        </div>
      </DialogContent>
    </Dialog>
  )
}
