import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { profiles } from '#db/schema/index.ts'
import { NotFoundError } from '#server/errors.ts'
import type { Denomination } from '#shared/schemas/profile-options.ts'
import { dealbreakerBitsOf, dealbreakersFromBits, type Seeking } from '#shared/schemas/seeking.ts'

const seekingColumns = {
  ageMin: profiles.seekingAgeMin,
  ageMax: profiles.seekingAgeMax,
  maxMiles: profiles.seekingMaxMiles,
  denominations: profiles.seekingDenominations,
  sabbath: profiles.seekingSabbath,
  dealbreakers: profiles.dealbreakers,
}

/** Whom the member hopes to meet, as the form and the API show it. */
export async function seekingOf(db: Database, userId: string): Promise<Seeking> {
  const [row] = await db.select(seekingColumns).from(profiles).where(eq(profiles.userId, userId))
  if (!row) throw new NotFoundError('Profile not found')
  return {
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    maxMiles: row.maxMiles as Seeking['maxMiles'],
    denominations: row.denominations as Denomination[],
    sabbath: row.sabbath,
    dealbreakers: dealbreakersFromBits(row.dealbreakers),
  }
}

export async function setSeeking(db: Database, userId: string, seeking: Seeking): Promise<Seeking> {
  await db
    .update(profiles)
    .set({
      seekingAgeMin: seeking.ageMin,
      seekingAgeMax: seeking.ageMax,
      seekingMaxMiles: seeking.maxMiles,
      seekingDenominations: seeking.denominations,
      seekingSabbath: seeking.sabbath,
      dealbreakers: dealbreakerBitsOf(seeking.dealbreakers),
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, userId))
  return seekingOf(db, userId)
}
