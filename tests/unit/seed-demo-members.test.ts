import { describe, expect, it } from 'vitest'
import { type DemoMember, demoMembers } from '#server/seed/demo-members.ts'
import { findPlace } from '#server/services/places.ts'
import { denominationValues, faithJourneys } from '#shared/schemas/profile-options.ts'

const today = new Date('2025-03-15T12:00:00Z')
const members = demoMembers(today)

function ageOn(birthDate: string, day: Date): number {
  const [year, month, date] = birthDate.split('-').map(Number) as [number, number, number]
  const hadBirthday = day.getUTCMonth() + 1 > month || (day.getUTCMonth() + 1 === month && day.getUTCDate() >= date)
  return day.getUTCFullYear() - year - (hadBirthday ? 0 : 1)
}

function share(predicate: (member: DemoMember) => boolean): number {
  return members.filter(predicate).length / members.length
}

describe('demoMembers', () => {
  it('is deterministic for a given day', () => {
    expect(demoMembers(today)).toEqual(members)
  })

  it('makes 320 members by default and as many as asked', () => {
    expect(members).toHaveLength(320)
    expect(demoMembers(today, 50)).toHaveLength(50)
    expect(demoMembers(today, 1).map((m) => m.email)).toEqual(['demo@covenant.app'])
  })

  it('starts with the two published demo accounts', () => {
    const [grace, daniel] = members
    expect(grace).toMatchObject({
      email: 'demo@covenant.app',
      firstName: 'Grace',
      lastName: 'Thompson',
      gender: 'woman',
      city: 'Nashville',
      stateCode: 'TN',
      country: 'US',
      denomination: 'seventh-day-adventist',
      isSabbathKeeper: true,
    })
    expect(ageOn(grace!.birthDate, today)).toBe(29)
    expect(daniel).toMatchObject({
      email: 'demo.man@covenant.app',
      firstName: 'Daniel',
      lastName: 'Brooks',
      gender: 'man',
      city: 'Atlanta',
      stateCode: 'GA',
      country: 'US',
      denomination: 'baptist',
    })
    expect(ageOn(daniel!.birthDate, today)).toBe(32)
  })

  it('balances men and women', () => {
    expect(share((m) => m.gender === 'woman')).toBeGreaterThanOrEqual(0.45)
    expect(share((m) => m.gender === 'man')).toBeGreaterThanOrEqual(0.45)
  })

  it.each(['2025-03-15T12:00:00Z', '2024-02-29T23:30:00Z', '2027-12-31T00:10:00Z'])(
    'keeps every age within 18–70 on %s, mostly 24–45',
    (iso) => {
      const day = new Date(iso)
      const ages = demoMembers(day).map((m) => ageOn(m.birthDate, day))
      expect(Math.min(...ages)).toBeGreaterThanOrEqual(18)
      expect(Math.max(...ages)).toBeLessThanOrEqual(70)
      expect(ages.filter((age) => age >= 24 && age <= 45).length / ages.length).toBeGreaterThan(0.6)
    },
  )

  it('has about a third Sabbath keepers, most but not all of them Adventists', () => {
    const keepers = share((m) => m.isSabbathKeeper)
    expect(keepers).toBeGreaterThanOrEqual(0.25)
    expect(keepers).toBeLessThanOrEqual(0.45)
    const adventists = members.filter((m) => m.denomination === 'seventh-day-adventist')
    expect(adventists.filter((m) => m.isSabbathKeeper).length / adventists.length).toBeGreaterThan(0.75)
    expect(adventists.some((m) => !m.isSabbathKeeper)).toBe(true)
    expect(members.some((m) => m.isSabbathKeeper && m.denomination !== 'seventh-day-adventist')).toBe(true)
  })

  it('uses only known denominations and faith journeys, and most of them', () => {
    const used = new Set(members.map((m) => m.denomination))
    for (const denomination of used) expect(denominationValues).toContain(denomination)
    expect(used.size).toBeGreaterThanOrEqual(10)
    for (const member of members) expect(faithJourneys).toContain(member.faithJourney)
  })

  it('spreads members over at least 40 US cities in 20 states, about a tenth abroad', () => {
    const us = members.filter((m) => m.country === 'US')
    expect(new Set(us.map((m) => `${m.city}, ${m.stateCode}`)).size).toBeGreaterThanOrEqual(40)
    expect(new Set(us.map((m) => m.stateCode)).size).toBeGreaterThanOrEqual(20)
    const abroad = share((m) => m.country !== 'US')
    expect(abroad).toBeGreaterThanOrEqual(0.05)
    expect(abroad).toBeLessThanOrEqual(0.18)
  })

  // The first place looked up builds the gazetteer: a second or more on a busy machine.
  it('places every member in a city the gazetteer knows', () => {
    const places = new Set(members.map((m) => `${m.country}|${m.stateCode}|${m.city}`))
    const unknown = [...places].filter((place) => {
      const [country, stateCode, city] = place.split('|') as [string, string, string]
      return findPlace(country, stateCode, city) === null
    })
    expect(unknown).toEqual([])
  }, 30_000)

  it('gives unique emails in the demo domain', () => {
    const emails = members.map((m) => m.email)
    expect(new Set(emails).size).toBe(emails.length)
    for (const email of emails.slice(2)) expect(email).toMatch(/^[a-z]+\.[a-z]+\d+@demo\.covenant\.app$/)
  })

  it('writes a different bio for everyone, 1 to 4 sentences, with every blank filled', () => {
    const bios = members.map((m) => m.bio)
    expect(new Set(bios).size).toBe(bios.length)
    const sentences = (bio: string) =>
      bio
        .replaceAll('St. ', 'St ')
        .replaceAll('D.C.', 'DC')
        .split(/(?<=[.!?])\s+/)
    const sentenceCounts = new Set(bios.map((bio) => sentences(bio).length))
    expect([...sentenceCounts].sort()).toEqual([1, 2, 3, 4])
    for (const bio of bios) expect(bio).not.toMatch(/[{}]|undefined/)
  })

  it('fills the faith details the matching screens show', () => {
    for (const member of members) {
      expect(member.spiritualGifts).toMatch(/^[A-Z][a-z ]+(, [a-z ]+){1,3}$/)
      expect(member.churchName).not.toBe('')
    }
  })

  it('verifies about 30% and spreads activity over the last 30 days', () => {
    const verified = share((m) => m.isVerified)
    expect(verified).toBeGreaterThanOrEqual(0.2)
    expect(verified).toBeLessThanOrEqual(0.4)
    const daysAgo = members.map((m) => (today.getTime() - m.lastActiveAt.getTime()) / 86_400_000)
    expect(Math.min(...daysAgo)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...daysAgo)).toBeLessThanOrEqual(30)
    expect(daysAgo.filter((days) => days > 15).length).toBeGreaterThan(0)
    for (const member of members) expect(member.joinedAt.getTime()).toBeLessThan(member.lastActiveAt.getTime())
  })
})
