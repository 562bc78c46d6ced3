import { useMutation, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useCurrentUser } from '#client/features/auth/session.ts'
import { toast } from '#client/lib/toast.ts'
import { queryClient, trpc } from '#client/lib/trpc.ts'

interface Earned {
  id: string
  name: string
  points: number
}

function describeEarned(earned: readonly Earned[]): string {
  const parts = earned.map((achievement) => `${achievement.name} (+${achievement.points} points)`)
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
  return `You earned ${list}.`
}

function refreshAchievements() {
  void queryClient.invalidateQueries({ queryKey: trpc.achievements.pathKey() })
}

/**
 * Achievements already toasted on this page, as member id and achievement id: a mutation's answer
 * and the announcer's `unseen` list can both carry the same achievement (the list may be fetched
 * before the acknowledgement lands), and a member is told once. Another member signing in on the
 * same page is told their own.
 */
const announced = new Set<string>()

/**
 * Toasts achievements a mutation just earned (one toast for all of them) and marks them
 * seen, so the page-level announcer does not repeat them.
 */
export function useAnnounceAchievements() {
  const { mutate: acknowledge } = useMutation(trpc.achievements.acknowledge.mutationOptions({ onSettled: refreshAchievements }))
  const memberId = useCurrentUser().user?.id
  return useCallback(
    (all: readonly Earned[]) => {
      const key = (achievement: Earned) => `${memberId}/${achievement.id}`
      const earned = all.filter((achievement) => !announced.has(key(achievement)))
      if (earned.length === 0) return
      for (const achievement of earned) announced.add(key(achievement))
      toast({ title: 'Achievement Unlocked!', description: describeEarned(earned), variant: 'success' })
      acknowledge({ ids: earned.map((achievement) => achievement.id) })
    },
    [acknowledge, memberId],
  )
}

let checkedInOn: string | undefined

/**
 * Mounted on a member page: records today's visit once per day (streak and seasonal badges), then
 * announces anything earned elsewhere in the meantime (a moderator's approval, a profile save).
 */
export function AchievementAnnouncer() {
  const announce = useAnnounceAchievements()
  const unseen = useQuery(trpc.achievements.unseen.queryOptions())
  const { mutate: checkIn } = useMutation(trpc.achievements.checkIn.mutationOptions({ onSuccess: refreshAchievements }))

  useEffect(() => {
    const today = new Date().toISOString().slice(0, 10)
    if (checkedInOn === today) return
    checkedInOn = today
    checkIn()
  }, [checkIn])

  useEffect(() => {
    if (unseen.data) announce(unseen.data)
  }, [unseen.data, announce])

  return null
}
