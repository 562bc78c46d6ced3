import { type InfiniteData, type QueryKey, useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '#client/lib/toast.ts'
import { queryClient, type RouterOutputs, trpc } from '#client/lib/trpc.ts'
import type { DiscoverProfile } from './profile-card'

type DiscoverPages = InfiniteData<RouterOutputs['members']['discover']>

/** Where a card sat in one loaded feed, so an undo (or a failed pass) puts it back in the same place. */
interface Spot {
  queryKey: QueryKey
  page: number
  index: number
}

interface Passed {
  profile: DiscoverProfile
  spots: Spot[]
}

const discoverFeeds = trpc.members.discover.infiniteQueryFilter()

/** Takes the member's card out of every loaded feed at once and says where it was. */
function takeOut(userId: string): Spot[] {
  const spots: Spot[] = []
  for (const [queryKey, data] of queryClient.getQueriesData<DiscoverPages>(discoverFeeds)) {
    data?.pages.forEach((page, pageIndex) => {
      const index = page.profiles.findIndex((profile) => profile.userId === userId)
      if (index >= 0) spots.push({ queryKey, page: pageIndex, index })
    })
    if (data) queryClient.setQueryData<DiscoverPages>(queryKey, withoutMember(data, userId))
  }
  return spots
}

function withoutMember(data: DiscoverPages, userId: string): DiscoverPages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, profiles: page.profiles.filter((profile) => profile.userId !== userId) })) }
}

function putBack({ profile, spots }: Passed) {
  for (const spot of spots) {
    queryClient.setQueryData<DiscoverPages>(spot.queryKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page, pageIndex) =>
              pageIndex === spot.page && !page.profiles.some((shown) => shown.userId === profile.userId)
                ? { ...page, profiles: [...page.profiles.slice(0, spot.index), profile, ...page.profiles.slice(spot.index)] }
                : page,
            ),
          }
        : data,
    )
  }
}

/** A pass or its undo changes Likes You as well; the feed is read again so its next page stays right. */
function refreshPassedLists() {
  void queryClient.invalidateQueries(trpc.members.discover.pathFilter())
  void queryClient.invalidateQueries(trpc.likes.received.pathFilter())
}

/**
 * Passing on Discover cards: the card leaves the grid before the server answers (and comes back if
 * it refuses), and the newest pass can be undone, which puts its card back where it was.
 */
export function usePasses() {
  const [lastPassed, setLastPassed] = useState<Passed | null>(null)

  const pass = useMutation(
    trpc.likes.pass.mutationOptions({
      onSuccess: refreshPassedLists,
      meta: { failure: { title: 'Not passed' } },
    }),
  )

  const undo = useMutation(
    trpc.likes.undoPass.mutationOptions({
      onSuccess: ({ userId }) => {
        if (lastPassed && userId === lastPassed.profile.userId) putBack(lastPassed)
        setLastPassed(null)
        if (userId === null) toast({ title: 'Nothing to undo', description: 'There is no pass left to take back.' })
        refreshPassedLists()
      },
      meta: { failure: { title: 'Not undone' } },
    }),
  )

  return {
    lastPassed: lastPassed?.profile ?? null,
    async pass(profile: DiscoverProfile) {
      // A refetch already under way would bring the card back.
      await queryClient.cancelQueries(discoverFeeds)
      const passed = { profile, spots: takeOut(profile.userId) }
      setLastPassed(passed)
      pass.mutate(
        { userId: profile.userId },
        {
          onError: () => {
            putBack(passed)
            setLastPassed((current) => (current === passed ? null : current))
          },
        },
      )
    },
    undo: () => undo.mutate(),
    isUndoing: undo.isPending,
    /** An undo waits for the pass before it, or it would take back the one before that. */
    canUndo: !pass.isPending,
    dismiss: () => setLastPassed(null),
  }
}
