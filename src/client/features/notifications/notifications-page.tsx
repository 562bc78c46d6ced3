import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { NotificationList } from './notification-list'

const styles = {
  frame: css({ maxW: '2xl' }),
  panel: css({ p: { base: '2', md: '4' } }),
}

/** The notification centre as a page: where the bell goes on a phone, and "See all" from the panel. */
export function NotificationsPage() {
  return (
    <div className={styles.frame}>
      <PageTitle title="Notifications" description="Likes, Thoughtful Interests, matches and reminders, newest first." />
      <div className={cx(card({ elevation: 'xs' }).root, styles.panel)}>
        <NotificationList />
      </div>
    </div>
  )
}
