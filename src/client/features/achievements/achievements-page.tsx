import { useQuery } from '@tanstack/react-query'
import {
  Award,
  BookOpen,
  CheckCircle2,
  Crown,
  Flag,
  HandHeart,
  Heart,
  Home,
  type LucideIcon,
  MessageCircle,
  Snowflake,
  Sprout,
  Star,
  Target,
  TrendingUp,
  Trophy,
} from 'lucide-react'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { card } from 'styled-system/recipes'
import { PageLoading } from '#client/components/layout/page-loading.tsx'
import { PageTitle } from '#client/components/layout/page-title.tsx'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Progress } from '#client/components/ui/progress.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import {
  type AchievementCategory,
  type AchievementRarity,
  achievementCategories,
  achievementCategoryLabels,
} from '#shared/content/achievements.ts'
import { progressPercent } from '#shared/logic/achievements.ts'
import type { AchievementTab } from './achievement-tabs'
import { AchievementAnnouncer } from './achievement-toasts'

type Outputs = RouterOutputs['achievements']
type Achievement = Outputs['user'][number] | Outputs['available'][number]
type LeaderboardEntry = Outputs['leaderboard'][number]

const categoryIcons: Record<AchievementCategory, LucideIcon> = {
  faith: BookOpen,
  communication: MessageCircle,
  milestones: Flag,
  service: HandHeart,
  romance: Heart,
  seasonal: Snowflake,
  growth: Sprout,
  family: Home,
  ultimate: Crown,
}

const rarityLabels: Record<AchievementRarity, string> = {
  common: 'Common',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
  ultimate: 'Ultimate',
}
const rarityStyles: Record<AchievementRarity, string> = {
  common: css({ bg: 'bg.muted', color: 'fg.muted' }),
  rare: css({ bg: 'info.subtle', color: 'info.fg', borderColor: 'info.border' }),
  epic: css({ bg: 'brand.subtle', color: 'brand.fg', borderColor: 'brand.border' }),
  legendary: css({ bg: 'accent.subtle', color: 'accent.fg', borderColor: 'accent.border' }),
  ultimate: css({ bg: 'brand.solid', color: 'fg.onBrand' }),
}

const styles = {
  summary: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
    gap: { base: '3', md: '4' },
    mb: { base: '8', md: '10' },
  }),
  stat: cx(
    card({ elevation: 'xs' }).root,
    css({
      display: 'flex',
      alignItems: 'center',
      gap: { base: '3', md: '4' },
      p: { base: '4', md: '5' },
      minW: '0',
    }),
  ),
  statIcon: css({
    display: { base: 'none', sm: 'grid' },
    placeItems: 'center',
    w: '11',
    h: '11',
    flexShrink: 0,
    borderRadius: 'full',
    bg: 'accent.subtle',
    color: 'accent.fg',
  }),
  statLabel: css({ textStyle: 'small', color: 'fg.muted' }),
  statValue: css({
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: { base: 'xl', md: '2xl' },
    lineHeight: '1.2',
    color: 'fg.default',
    overflowWrap: 'anywhere',
  }),
  chips: css({ display: 'flex', flexWrap: 'wrap', gap: '2', mb: '5' }),
  chip: css({ borderRadius: 'full' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: '4' }),
  badge: cx(
    card({ elevation: 'xs' }).root,
    css({
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
      h: 'full',
      p: '5',
    }),
  ),
  achieved: css({ borderColor: 'accent.border', boxShadow: 'sm' }),
  badgeTop: css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' }),
  badgeIcon: css({
    display: 'grid',
    placeItems: 'center',
    w: '12',
    h: '12',
    flexShrink: 0,
    borderRadius: 'full',
    bg: 'bg.muted',
    color: 'fg.subtle',
  }),
  badgeIconAchieved: css({ bg: 'accent.solid', color: 'fg.onAccent' }),
  badgeName: css({ textStyle: 'h4', color: 'fg.default' }),
  badgeText: css({ textStyle: 'small', color: 'fg.muted' }),
  requirement: css({
    textStyle: 'small',
    color: 'fg.default',
    display: 'flex',
    gap: '1.5',
    alignItems: 'flex-start',
    '& svg': { flexShrink: 0, mt: '0.5', color: 'brand.fg' },
  }),
  badgeFoot: css({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    mt: 'auto',
    pt: '3',
    borderTopWidth: 'thin',
    borderColor: 'border.subtle',
    textStyle: 'small',
  }),
  points: css({ fontWeight: 'semibold', color: 'accent.fg' }),
  earned: css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'success.fg', fontWeight: 'medium' }),
  progress: css({ display: 'flex', alignItems: 'center', gap: '2', flex: '1', maxW: '40', color: 'fg.muted' }),
  empty: css({ py: '12', textAlign: 'center', textStyle: 'body', color: 'fg.muted' }),
  board: css({ display: 'flex', flexDirection: 'column', gap: '2', maxW: '3xl' }),
  row: css({
    display: 'grid',
    gridTemplateColumns: 'auto auto 1fr auto',
    alignItems: 'center',
    gap: { base: '3', md: '4' },
    px: { base: '3', md: '5' },
    py: '3',
    borderRadius: 'xl',
    bg: 'bg.surface',
    borderWidth: 'thin',
    borderColor: 'border.subtle',
  }),
  podium: css({ bg: 'accent.subtle', borderColor: 'accent.border', boxShadow: 'sm' }),
  you: css({ outlineWidth: 'thick', outlineStyle: 'solid', outlineColor: 'brand.border' }),
  rank: css({ display: 'grid', placeItems: 'center', w: '9', h: '9', borderRadius: 'full', fontWeight: 'bold', color: 'fg.muted' }),
  gold: css({ bg: 'gold.400', color: 'ink.950' }),
  silver: css({ bg: 'ink.200', color: 'ink.900' }),
  bronze: css({ bg: 'ochre.200', color: 'ochre.700' }),
  who: css({ minW: '0' }),
  whoName: css({ fontWeight: 'semibold', color: 'fg.default', display: 'flex', alignItems: 'center', gap: '2' }),
  whoBadges: css({ textStyle: 'small', color: 'fg.muted' }),
  rowPoints: css({
    fontFamily: 'heading',
    fontWeight: 'semibold',
    fontSize: 'lg',
    color: 'brand.fg',
    textAlign: 'end',
    whiteSpace: 'nowrap',
  }),
}

const earnedDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
const integer = new Intl.NumberFormat('en-US')

export function AchievementsPage({ tab, onTabChange }: { tab: AchievementTab; onTabChange: (tab: AchievementTab) => void }) {
  const user = useQuery(trpc.achievements.user.queryOptions())
  const available = useQuery(trpc.achievements.available.queryOptions())
  const rewards = useQuery(trpc.achievements.rewards.queryOptions())
  if (!user.data || !available.data || !rewards.data) return <PageLoading />

  const achievedCount = user.data.length
  const progress = progressPercent(achievedCount, available.data.length)
  const stats: { label: string; value: string; icon: LucideIcon }[] = [
    { label: 'Total Badges', value: integer.format(achievedCount), icon: Award },
    { label: 'Total Points', value: integer.format(rewards.data.totalPoints), icon: Star },
    { label: 'Current Level', value: rewards.data.level, icon: TrendingUp },
    { label: 'Progress', value: `${progress.toFixed(1)}%`, icon: Target },
  ]

  return (
    <>
      <AchievementAnnouncer />
      <PageTitle
        title="Achievements"
        description="Badges for the steps you take toward a Christ-centred marriage, and the members leading the way."
      />
      <dl className={styles.summary}>
        {stats.map(({ label, value, icon: Icon }) => (
          <div key={label} className={styles.stat}>
            <span className={styles.statIcon} aria-hidden="true">
              <Icon size={20} />
            </span>
            <div className={css({ minW: '0' })}>
              <dt className={styles.statLabel}>{label}</dt>
              <dd className={styles.statValue}>{value}</dd>
            </div>
          </div>
        ))}
      </dl>
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as AchievementTab)}>
        <TabsList aria-label="Achievements sections">
          <TabsTrigger value="badges">Achievement Badges</TabsTrigger>
          <TabsTrigger value="leaderboard">Leaderboard</TabsTrigger>
        </TabsList>
        <TabsContent value="badges">
          <BadgeGrid achieved={user.data} available={available.data} />
        </TabsContent>
        <TabsContent value="leaderboard">
          <Leaderboard />
        </TabsContent>
      </Tabs>
    </>
  )
}

function BadgeGrid({ achieved, available }: { achieved: Achievement[]; available: Achievement[] }) {
  const [category, setCategory] = useState<AchievementCategory | 'all'>('all')
  // Matched by name, as the spec says: anything in the member's list counts as achieved.
  const achievedNames = new Set(achieved.map((achievement) => achievement.name))
  const all = [...achieved, ...available.filter((achievement) => !achievedNames.has(achievement.name))]
  const found = achievementCategories.filter((value) => all.some((achievement) => achievement.category === value))
  const shown = category === 'all' ? all : all.filter((achievement) => achievement.category === category)
  return (
    <>
      <fieldset className={styles.chips} aria-label="Filter by category">
        {(['all', ...found] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === category ? 'solid' : 'outline'}
            aria-pressed={value === category}
            className={styles.chip}
            onClick={() => setCategory(value)}
          >
            {value === 'all' ? 'All' : achievementCategoryLabels[value]}
          </Button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p className={styles.empty}>No achievements found</p>
      ) : (
        <ul className={styles.grid} aria-label="Achievement badges">
          {shown.map((achievement) => (
            <li key={achievement.name}>
              <BadgeCard achievement={achievement} achieved={achievedNames.has(achievement.name)} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function BadgeCard({ achievement, achieved }: { achievement: Achievement; achieved: boolean }) {
  const Icon = categoryIcons[achievement.category]
  return (
    <article className={cx(styles.badge, achieved && styles.achieved)} aria-label={`${achievement.name}${achieved ? ', earned' : ''}`}>
      <div className={styles.badgeTop}>
        <span className={cx(styles.badgeIcon, achieved && styles.badgeIconAchieved)} aria-hidden="true">
          <Icon size={22} />
        </span>
        <Badge variant="outline" className={rarityStyles[achievement.rarity]}>
          {rarityLabels[achievement.rarity]}
        </Badge>
      </div>
      <div>
        <h3 className={styles.badgeName}>{achievement.name}</h3>
        <p className={styles.badgeText}>{achievement.description}</p>
      </div>
      <p className={styles.requirement}>
        <Target size={14} aria-hidden="true" />
        {achievement.requirement}
      </p>
      <div className={styles.badgeFoot}>
        <span className={styles.points}>{achievement.points} points</span>
        {achieved && achievement.achievedDate ? (
          <span className={styles.earned}>
            <CheckCircle2 size={14} aria-hidden="true" /> Earned {earnedDate.format(new Date(achievement.achievedDate))}
          </span>
        ) : (
          <span className={styles.progress}>
            <Progress value={achievement.progress} aria-label={`${achievement.name} progress`} />
            {achievement.progress}%
          </span>
        )}
      </div>
    </article>
  )
}

const podiumStyles = [styles.gold, styles.silver, styles.bronze]

function Leaderboard() {
  const board = useQuery(trpc.achievements.leaderboard.queryOptions())
  if (!board.data) return <PageLoading />
  if (board.data.length === 0) return <p className={styles.empty}>No one has earned a badge yet. Be the first!</p>
  return (
    <ol className={styles.board} aria-label="Leaderboard">
      {board.data.map((entry) => (
        <LeaderboardRow key={entry.userId} entry={entry} />
      ))}
    </ol>
  )
}

function LeaderboardRow({ entry }: { entry: LeaderboardEntry }) {
  const podium = entry.rank <= 3
  return (
    <li className={cx(styles.row, podium && styles.podium, entry.isCurrentMember && styles.you)}>
      <span className={cx(styles.rank, podiumStyles[entry.rank - 1])}>
        <span className={css({ srOnly: true })}>Rank </span>
        {entry.rank === 1 ? (
          <>
            <Trophy size={18} aria-hidden="true" />
            <span className={css({ srOnly: true })}>1</span>
          </>
        ) : (
          entry.rank
        )}
      </span>
      <Avatar name={entry.name} src={entry.photoUrl} size={40} />
      <div className={styles.who}>
        <p className={styles.whoName}>
          {entry.name}
          {entry.isCurrentMember && (
            <Badge variant="brand" size="sm" className={css({ fontFamily: 'body' })}>
              You
            </Badge>
          )}
        </p>
        <p className={styles.whoBadges}>
          {entry.badgeCount} {entry.badgeCount === 1 ? 'badge' : 'badges'}
        </p>
      </div>
      <span className={styles.rowPoints}>{integer.format(entry.totalPoints)} pts</span>
    </li>
  )
}
