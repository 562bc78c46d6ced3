import { availableParallelism } from 'node:os'
import { avataaars } from '@dicebear/collection'
import { createAvatar, type Style, type StyleOptions } from '@dicebear/core'
import { inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '#db/client.ts'
import { photos, profiles } from '#db/schema/index.ts'
import { type RawImage, storePhotoFiles } from '#server/services/photos.ts'
import { PHOTO_RENDITIONS } from '#shared/logic/photo-renditions.ts'
import { ageOn } from '#shared/schemas/profile.ts'
import type { DemoMember } from './demo-members.ts'
import type { Heritage } from './names.ts'
import { createRandom } from './random.ts'

type PortraitOptions = typeof avataaars extends Style<infer O> ? StyleOptions<O> : never

/**
 * Portraits are drawn at the `small` rendition, which `card` and `large` then share (renditions never
 * enlarge): flat drawings scale up well, and at ~25 ms a portrait the demo's 320 add a few seconds to a
 * first start, where the card size would add four times as much.
 */
const PORTRAIT = PHOTO_RENDITIONS.small
/** One drawing per core; libvips works each on its own threads while the next is set up. */
const CONCURRENCY = Math.max(2, availableParallelism())
const ROWS_PER_INSERT = 100

// Avataaars' palettes, named; pastel and neon shades are left out so the community looks like people.
const skin = { pale: 'ffdbb4', light: 'edb98a', tan: 'd08b5b', brown: 'ae5d29', dark: '614335' } as const
const hair = {
  black: '2c1b18',
  darkBrown: '4a312c',
  brown: '724133',
  auburn: 'a55728',
  lightBrown: 'b58143',
  blonde: 'd6b370',
  platinum: 'ecdcbf',
  silver: 'e8e1e1',
} as const

type Weights<K extends string> = Partial<Record<K, number>>
type Looks = { skin: Weights<keyof typeof skin>; hair: Weights<keyof typeof hair>; textured: boolean }

const european: Looks = {
  skin: { pale: 5, light: 4, tan: 1 },
  hair: { black: 1, darkBrown: 3, brown: 3, auburn: 1, lightBrown: 2, blonde: 2 },
  textured: false,
}
const african: Looks = { skin: { dark: 5, brown: 4, tan: 1 }, hair: { black: 6, darkBrown: 3 }, textured: true }
const darkHaired = { black: 5, darkBrown: 4, brown: 1 }

const looksByHeritage: Record<Heritage, Looks> = {
  anglo: european,
  german: european,
  africanAmerican: african,
  nigerian: african,
  ghanaian: african,
  kenyan: african,
  caribbean: { skin: { dark: 4, brown: 4, tan: 2 }, hair: darkHaired, textured: true },
  hispanic: { skin: { light: 4, tan: 4, brown: 2 }, hair: darkHaired, textured: false },
  brazilian: { skin: { light: 3, tan: 4, brown: 2, dark: 1 }, hair: darkHaired, textured: false },
  eastAsian: { skin: { pale: 5, light: 5 }, hair: { black: 7, darkBrown: 3 }, textured: false },
  filipino: { skin: { light: 5, tan: 5 }, hair: { black: 7, darkBrown: 3 }, textured: false },
}

const hairstyles = {
  woman: {
    straight: ['bob', 'bun', 'curvy', 'longButNotTooLong', 'miaWallace', 'straight01', 'straight02', 'straightAndStrand', 'bigHair'],
    textured: ['fro', 'froBand', 'curly', 'curvy', 'bigHair', 'bun', 'dreads'],
  },
  man: {
    straight: ['shortFlat', 'shortRound', 'shortWaved', 'theCaesarAndSidePart', 'shaggy', 'shortCurly'],
    textured: ['theCaesar', 'shortCurly', 'frizzle', 'dreads01', 'shortFlat'],
  },
} as const satisfies Record<DemoMember['gender'], Record<'straight' | 'textured', readonly string[]>>

const backgrounds = ['f3e6df', 'e3ecdf', 'dde6f0', 'f5ead2', 'ece3f0']

/**
 * How a demo member is drawn, the same on every run: seeded from their email, the skin and hair of their
 * heritage, a hairstyle (and for some men a beard) of their gender, grey coming in from the mid-forties
 * and reading glasses more often with age.
 */
export function portraitOptions(member: DemoMember, today: Date): PortraitOptions {
  const random = createRandom(hashOf(member.email))
  const age = ageOn(member.birthDate, today)
  const looks = looksByHeritage[member.heritage]
  const greyChance = age < 45 ? 0 : age < 55 ? 0.3 : age < 62 ? 0.6 : 0.9
  const hairColor = random.chance(greyChance) ? hair.silver : hair[random.weightedKey(looks.hair)]
  const balding = member.gender === 'man' && age >= 50 && random.chance(0.4)
  const styles = hairstyles[member.gender][looks.textured ? 'textured' : 'straight']
  const bearded = member.gender === 'man' && random.chance(0.4)
  return {
    seed: member.email,
    size: PORTRAIT.height,
    backgroundColor: [random.pick(backgrounds)],
    skinColor: [skin[random.weightedKey(looks.skin)]],
    top: [balding ? 'sides' : random.pick(styles)],
    topProbability: 100,
    hairColor: [hairColor],
    facialHair: ['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'],
    facialHairColor: [hairColor],
    facialHairProbability: bearded ? 100 : 0,
    accessories: ['prescription01', 'prescription02', 'round'],
    accessoriesProbability: age >= 45 ? 40 : 10,
    clothing: ['blazerAndShirt', 'blazerAndSweater', 'collarAndSweater', 'hoodie', 'shirtCrewNeck', 'shirtScoopNeck', 'shirtVNeck'],
    eyes: ['default', 'happy'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcitedNatural', 'flatNatural'],
    mouth: ['smile', 'default', 'twinkle'],
  }
}

/** The square drawing, scaled to the portrait's height and trimmed at the sides to 4:5 (only shoulders go). */
async function drawPortrait(member: DemoMember, today: Date): Promise<RawImage> {
  const svg = createAvatar(avataaars, portraitOptions(member, today)).toString()
  return sharp(Buffer.from(svg))
    .resize({ ...PORTRAIT, fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true })
}

/**
 * Gives each newly seeded demo member an illustrated portrait as their main photo, stored and served
 * exactly like an upload and marked as an illustration.
 */
export async function seedPortraits(
  db: Database,
  uploadsDir: string,
  seeded: readonly { userId: string; member: DemoMember }[],
  today: Date,
): Promise<void> {
  const stored = await mapConcurrently(seeded, CONCURRENCY, async ({ userId, member }) => {
    const file = await storePhotoFiles(uploadsDir, await drawPortrait(member, today))
    return { ...file, userId, isIllustration: true, createdAt: member.joinedAt }
  })
  await db.transaction(async (tx) => {
    for (let start = 0; start < stored.length; start += ROWS_PER_INSERT) {
      const batch = stored.slice(start, start + ROWS_PER_INSERT)
      await tx.insert(photos).values(batch)
      await tx
        .update(profiles)
        .set({ photoId: sql`(select ${photos.id} from ${photos} where ${photos.userId} = ${profiles.userId})` })
        .where(
          inArray(
            profiles.userId,
            batch.map((row) => row.userId),
          ),
        )
    }
  })
}

async function mapConcurrently<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await map(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** FNV-1a: a stable number from the member's email to seed their own draws. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193)
  return hash >>> 0
}
