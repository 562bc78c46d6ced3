import type { Denomination, FaithJourney, Gender } from '#shared/schemas/profile-options.ts'
import { composeBio } from './bios.ts'
import { faithJourneyWeights, keepsSabbath, pickChurchName, pickSpiritualGifts } from './faith.ts'
import { type Heritage, namePools } from './names.ts'
import { createRandom, type Random } from './random.ts'
import { regions } from './regions.ts'

export interface DemoMember {
  email: string
  firstName: string
  lastName: string
  /** Whose names the member was given; their portrait's skin and hair follow it. */
  heritage: Heritage
  gender: Gender
  /** YYYY-MM-DD */
  birthDate: string
  city: string
  stateCode: string
  country: string
  denomination: Denomination
  isSabbathKeeper: boolean
  faithJourney: FaithJourney
  spiritualGifts: string
  churchName: string
  bio: string
  isVerified: boolean
  lastActiveAt: Date
  joinedAt: Date
}

const DEMO_MEMBER_COUNT = 320

const SEED = 20_240_601
const DAY_MS = 86_400_000

const ageBands: readonly { min: number; max: number; weight: number }[] = [
  { min: 18, max: 23, weight: 10 },
  { min: 24, max: 45, weight: 70 },
  { min: 46, max: 59, weight: 13 },
  { min: 60, max: 70, weight: 7 },
]

/**
 * The demo community: the same members for the same `today` on every machine (a seeded generator,
 * no clock and no Math.random). The first two are the published demo accounts, documented in
 * `featuredAccounts`; dates are relative to `today` so ages and activity stay current.
 */
export function demoMembers(today: Date, count = DEMO_MEMBER_COUNT): DemoMember[] {
  const random = createRandom(SEED)
  const members = featuredAccounts(today).slice(0, count)
  const takenBios = new Set(members.map((member) => member.bio))
  for (let index = members.length; index < count; index++) {
    members.push(generatedMember(random, today, index, takenBios))
  }
  return members
}

/**
 * Sign in as either with the password `DEMO_PASSWORD` (src/server/seed/index.ts): demo@covenant.app is
 * Grace Thompson (29, Nashville, Seventh-day Adventist, keeps the Sabbath); demo.man@covenant.app is
 * Daniel Brooks (32, Atlanta, Baptist). A woman and a man, so each sees the other in discovery.
 */
function featuredAccounts(today: Date): DemoMember[] {
  return [
    {
      email: 'demo@covenant.app',
      firstName: 'Grace',
      lastName: 'Thompson',
      heritage: 'anglo',
      gender: 'woman',
      birthDate: birthDateForAge(today, 29, 120),
      city: 'Nashville',
      stateCode: 'TN',
      country: 'US',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
      faithJourney: 'raised_in_the_faith',
      spiritualGifts: 'Hospitality, teaching, encouragement',
      churchName: 'Madison Hills SDA Church',
      bio:
        'Pediatric nurse in Nashville and Sabbath School teacher for the juniors at Madison Hills. ' +
        'I love hiking the Natchez Trace, baking bread for Friday vespers and long talks over herbal tea. ' +
        'Praying for a husband who puts God first and wants a home built around Sabbath rest. ' +
        'Life verse: Lamentations 3:22-23.',
      isVerified: true,
      lastActiveAt: today,
      joinedAt: new Date(today.getTime() - 200 * DAY_MS),
    },
    {
      email: 'demo.man@covenant.app',
      firstName: 'Daniel',
      lastName: 'Brooks',
      heritage: 'africanAmerican',
      gender: 'man',
      birthDate: birthDateForAge(today, 32, 45),
      city: 'Atlanta',
      stateCode: 'GA',
      country: 'US',
      denomination: 'baptist',
      isSabbathKeeper: false,
      faithJourney: 'returned_to_faith',
      spiritualGifts: 'Service, leadership, giving',
      churchName: 'Greater New Hope Baptist Church',
      bio:
        'Civil engineer in Atlanta; I design bridges by day and coach a middle school basketball team on Saturdays. ' +
        "Walked away from church in college and came home at 26, and I haven't looked back. " +
        'Looking for a woman who loves the Lord, laughs easily and is ready to build something that lasts.',
      isVerified: true,
      lastActiveAt: new Date(today.getTime() - 3 * 3_600_000),
      joinedAt: new Date(today.getTime() - 150 * DAY_MS),
    },
  ]
}

function generatedMember(random: Random, today: Date, index: number, takenBios: Set<string>): DemoMember {
  // Alternating keeps both sides of discovery (men see women, women see men) the same size.
  const gender: Gender = index % 2 === 0 ? 'woman' : 'man'
  const region = random.weighted(regions, (r) => r.share)
  const [city, stateCode] = random.weighted(region.cities, ([, , weight = 1]) => weight)
  const heritage = random.weightedKey(region.heritages)
  const names = namePools[heritage]
  const firstName = random.pick(gender === 'man' ? names.men : names.women)
  const lastName = random.pick(names.lastNames)
  const band = random.weighted(ageBands, (b) => b.weight)
  const age = random.int(band.min, band.max)
  const denomination = random.weightedKey(region.denominations)
  const isSabbathKeeper = keepsSabbath(random, denomination)
  const faithJourney = random.weightedKey(faithJourneyWeights)
  const churchName = pickChurchName(random, denomination, city, isSabbathKeeper)
  const about = { gender, age, city, country: region.country, denomination, isSabbathKeeper, faithJourney, churchName }
  let bio = composeBio(random, about)
  while (takenBios.has(bio)) bio = composeBio(random, about)
  takenBios.add(bio)
  // Squared, so most members were around in the last few days and a few have gone quiet.
  const lastActiveAt = new Date(today.getTime() - Math.floor(random.next() ** 2 * 30 * DAY_MS))
  return {
    email: `${emailPart(firstName)}.${emailPart(lastName)}${index}@demo.covenant.app`,
    firstName,
    lastName,
    heritage,
    gender,
    birthDate: birthDateForAge(today, age, random.int(1, 363)),
    city,
    stateCode,
    country: region.country,
    denomination,
    isSabbathKeeper,
    faithJourney,
    spiritualGifts: pickSpiritualGifts(random),
    churchName,
    bio,
    isVerified: random.chance(0.3),
    lastActiveAt,
    joinedAt: new Date(lastActiveAt.getTime() - random.int(1, 540) * DAY_MS - random.int(0, DAY_MS)),
  }
}

/**
 * A birth date that makes the member exactly `age` on `today`, their last birthday `daysSinceBirthday`
 * ago. Keep that within 1–363 so the age holds in every time zone, not only in UTC.
 */
function birthDateForAge(today: Date, age: number, daysSinceBirthday: number): string {
  const month = today.getUTCMonth()
  let birthday = Date.UTC(today.getUTCFullYear() - age, month, today.getUTCDate())
  // Today's 29 February has no anniversary in a common year: Date.UTC rolls it into March, after today.
  if (new Date(birthday).getUTCMonth() !== month) birthday -= DAY_MS
  return new Date(birthday - daysSinceBirthday * DAY_MS).toISOString().slice(0, 10)
}

function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
}
