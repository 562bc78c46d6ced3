import { Link } from '@tanstack/react-router'
import { Crown, Heart, HeartHandshake, LogOut, Menu, MessageCircle, X } from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Logo } from '#client/components/layout/logo.tsx'
import { memberTools } from '#client/components/layout/member-tools.tsx'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useLogout } from '#client/features/auth/use-logout.ts'
import { useUnreadCount } from '#client/features/messaging/messaging-events.tsx'
import { NotificationBell } from '#client/features/notifications/notification-bell.tsx'
import { planName } from '#shared/content/plans.ts'

interface NavUser {
  firstName: string
  lastName: string
  profileImageUrl: string | null
  plan: Parameters<typeof planName>[0]
}

const destinations = [
  { to: '/', label: 'Discover' },
  { to: '/verification', label: 'Verification', badge: 'Required' },
  { to: '/events', label: 'Community' },
  { to: '/sabbath', label: 'Sabbath' },
  { to: '/evangelism', label: 'Evangelism' },
  { to: '/pricing', label: 'Premium', badge: 'Elite' },
] as const

const styles = {
  bar: css({
    position: 'sticky',
    top: '0',
    zIndex: 'sticky',
    bg: 'bg.surface/95',
    backdropFilter: 'blur(8px)',
    borderBottomWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  inner: css({ maxW: '7xl', mx: 'auto', px: 'gutter', h: '16', display: 'flex', alignItems: 'center', gap: '4' }),
  // Six destinations, two badges and the member's corner need the full width: below xl they sit in the menu.
  links: css({ display: { base: 'none', xl: 'flex' }, alignItems: 'center', gap: '1', flex: '1', justifyContent: 'center' }),
  link: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    px: '3',
    py: '2',
    borderRadius: 'md',
    color: 'fg.muted',
    fontWeight: 'medium',
    fontSize: 'sm',
    textDecoration: 'none',
    _hover: { color: 'fg.default', bg: 'bg.muted' },
    '&[data-status=active]': { color: 'brand.fg', bg: 'brand.subtle' },
    focusVisibleRing: 'outside',
  }),
  end: css({ display: 'flex', alignItems: 'center', gap: '2', ml: 'auto' }),
  member: css({
    display: { base: 'none', md: 'flex' },
    alignItems: 'center',
    gap: '2',
    textDecoration: 'none',
    color: 'fg.default',
    px: '2',
    py: '1',
    borderRadius: 'md',
    _hover: { bg: 'bg.muted' },
  }),
  // With the bell and Likes You beside the six destinations, the name and plan fit only on the widest screens.
  memberText: css({ display: { base: 'none', '2xl': 'flex' }, flexDirection: 'column', lineHeight: '1.2' }),
  memberName: css({ fontWeight: 'semibold', fontSize: 'sm' }),
  memberPlan: css({ fontSize: 'xs', color: 'accent.fg', display: 'inline-flex', alignItems: 'center', gap: '1' }),
  iconButton: css({ position: 'relative' }),
  // On a phone the bar keeps what needs a glance (the bell, messages); Likes You and matches wait in the menu.
  wideOnly: css({ display: { base: 'none', md: 'inline-flex' } }),
  unread: css({ position: 'absolute', top: '0', right: '0', minW: '5', justifyContent: 'center', fontVariantNumeric: 'tabular-nums' }),
  menuToggle: css({ display: { base: 'inline-flex', xl: 'none' } }),
  mobileMenu: css({
    display: { base: 'flex', xl: 'none' },
    flexDirection: 'column',
    gap: '1',
    px: 'gutter',
    pb: '4',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
    pt: '3',
  }),
}

export function TopNav({ user }: { user: NavUser }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const logout = useLogout()
  const unread = useUnreadCount()
  const fullName = `${user.firstName} ${user.lastName}`
  const links = destinations.map((destination) => (
    <Link
      key={destination.to}
      to={destination.to}
      className={styles.link}
      activeOptions={{ exact: destination.to === '/' }}
      onClick={() => setMenuOpen(false)}
    >
      {destination.label}
      {'badge' in destination && (
        <Badge variant={destination.badge === 'Elite' ? 'accent' : 'brand'} size="sm">
          {destination.badge}
        </Badge>
      )}
    </Link>
  ))

  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <Logo />
        <nav aria-label="Main" className={styles.links}>
          {links}
        </nav>
        <div className={styles.end}>
          <NotificationBell />
          <Button asChild variant="ghost" size="sm" className={cx(styles.iconButton, styles.wideOnly)}>
            <Link to="/likes" aria-label="Likes You">
              <Heart size={20} aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className={cx(styles.iconButton, styles.wideOnly)}>
            <Link to="/matches" aria-label="Matches">
              <HeartHandshake size={20} aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className={styles.iconButton}>
            <Link to="/messaging" aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}>
              <MessageCircle size={20} aria-hidden="true" />
              {unread > 0 && (
                <Badge variant="brand" size="sm" className={styles.unread} aria-hidden="true">
                  {unread > 99 ? '99+' : unread}
                </Badge>
              )}
            </Link>
          </Button>
          <Link to="/profile" className={styles.member} aria-label={`Your profile: ${fullName}`}>
            <Avatar name={fullName} src={user.profileImageUrl ?? undefined} />
            <span className={styles.memberText}>
              <span className={styles.memberName}>{user.firstName}</span>
              <span className={styles.memberPlan}>
                <Crown size={12} aria-hidden="true" />
                {planName(user.plan)}
              </span>
            </span>
          </Link>
          <Button variant="ghost" size="sm" onClick={() => logout.mutate()} loading={logout.isPending} aria-label="Log out">
            <LogOut size={18} aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className={styles.menuToggle}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Main" className={cx(styles.mobileMenu)}>
          {links}
          <Link to="/likes" className={styles.link} onClick={() => setMenuOpen(false)}>
            Likes You
          </Link>
          <Link to="/matches" className={styles.link} onClick={() => setMenuOpen(false)}>
            Your matches
          </Link>
          {memberTools.map((tool) => (
            <Link key={tool.to} to={tool.to} className={styles.link} onClick={() => setMenuOpen(false)}>
              {tool.label}
            </Link>
          ))}
          <Link to="/profile" className={styles.link} onClick={() => setMenuOpen(false)}>
            Your profile · {planName(user.plan)}
          </Link>
        </nav>
      )}
    </header>
  )
}
