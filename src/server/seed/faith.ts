import type { Denomination, FaithJourney } from '#shared/schemas/profile-options.ts'
import type { Random } from './random.ts'

export const faithJourneyWeights: Record<FaithJourney, number> = {
  raised_in_the_faith: 36,
  came_to_faith_as_adult: 20,
  returned_to_faith: 15,
  growing_in_faith: 17,
  new_believer: 6,
  in_ministry: 6,
}

/** Most Adventists keep the Sabbath, and a few others do too (Seventh Day Baptists, Church of God). */
export function keepsSabbath(random: Random, denomination: Denomination): boolean {
  return random.chance(denomination === 'seventh-day-adventist' ? 0.9 : 0.08)
}

const spiritualGifts = [
  'Hospitality',
  'Teaching',
  'Encouragement',
  'Service',
  'Mercy',
  'Giving',
  'Leadership',
  'Administration',
  'Evangelism',
  'Intercession',
  'Wisdom',
  'Faith',
  'Shepherding',
  'Music',
  'Worship leading',
  'Discernment',
  'Helps',
  'Craftsmanship',
  'Exhortation',
  'Knowledge',
  'Hospitality to strangers',
  'Prayer',
]

/** Stored as the spec shows it: one comma-separated line, e.g. 'Hospitality, teaching, encouragement'. */
export function pickSpiritualGifts(random: Random): string {
  const [first, ...rest] = random.sample(spiritualGifts, random.int(2, 4))
  return [first, ...rest.map((gift) => gift.toLowerCase())].join(', ')
}

const namePrefixes = [
  'Grace',
  'Bethel',
  'Calvary',
  'Mount Zion',
  'New Hope',
  'Shiloh',
  'Emmanuel',
  'Ebenezer',
  'Mount Olive',
  'Living Water',
  'Cornerstone',
  'Trinity',
  'Greater New Life',
  'Victory',
  'Antioch',
  'Maranatha',
]

const saints = [
  'Mark',
  'Luke',
  'Paul',
  'Peter',
  'Andrew',
  'John',
  'Michael',
  'Anne',
  'Patrick',
  'Joseph',
  'Monica',
  'Thomas',
  'James',
  'Stephen',
]

const churchTemplates: Record<Denomination, readonly string[]> = {
  'seventh-day-adventist': [
    '{prefix} SDA Church',
    '{city} Central Seventh-day Adventist Church',
    '{city} SDA Church',
    'Advent Hope SDA Church',
    '{prefix} Seventh-day Adventist Church',
    'Sabbath Rest SDA Fellowship',
    '{city} First SDA Church',
    'Remnant Hope SDA Church',
  ],
  baptist: [
    'First Baptist Church of {city}',
    '{prefix} Baptist Church',
    'Greater {prefix} Baptist Church',
    '{city} Missionary Baptist Church',
    'Second Baptist Church',
    'Northside Baptist Church',
  ],
  'non-denominational': [
    'Grace Community Church',
    '{city} Community Church',
    'Harvest Church',
    'The Bridge Church',
    'Cornerstone Fellowship',
    'Redemption Church {city}',
    'Vineyard Fellowship {city}',
    'Crossroads Church',
    'Hope City Church',
    'Lighthouse Fellowship',
  ],
  protestant: [
    '{city} Evangelical Free Church',
    'Christ Reformed Church',
    'Grace Bible Church',
    'Hope Evangelical Church',
    'Trinity Bible Church',
    'Covenant Church of {city}',
  ],
  catholic: [
    'St. {saint} Catholic Church',
    'Holy Family Catholic Church',
    'Our Lady of Guadalupe Parish',
    'Sacred Heart Parish',
    'St. {saint} Parish',
  ],
  orthodox: [
    'St. George Greek Orthodox Church',
    'Holy Trinity Orthodox Church',
    'St. Nicholas Orthodox Church',
    'St. {saint} Antiochian Orthodox Church',
  ],
  methodist: [
    'First United Methodist Church',
    '{prefix} United Methodist Church',
    'Wesley Chapel',
    'Bethel AME Church',
    '{city} Methodist Church',
    'St. Paul AME Church',
  ],
  lutheran: [
    'Trinity Lutheran Church',
    "St. John's Lutheran Church",
    'Our Savior Lutheran Church',
    'Good Shepherd Lutheran Church',
    'Zion Lutheran Church of {city}',
  ],
  presbyterian: [
    'First Presbyterian Church of {city}',
    'Covenant Presbyterian Church',
    'Westminster Presbyterian Church',
    'Christ Presbyterian Church',
    '{prefix} Presbyterian Church',
  ],
  pentecostal: [
    '{prefix} Pentecostal Church',
    'Full Gospel Tabernacle',
    'Greater Harvest Church of God in Christ',
    'Redeemed Christian Church of God, {city}',
    'Church of God of {city}',
    'Fire and Grace Pentecostal Assembly',
  ],
  anglican: ["St. {saint}'s Anglican Church", 'Christ Church {city}', 'All Saints Church', 'Holy Trinity Church'],
  'assemblies-of-god': [
    '{city} First Assembly of God',
    'Calvary Assembly of God',
    'Life Assembly',
    'Glad Tidings Assembly of God',
    'New Life Assembly of God',
  ],
  'church-of-christ': [
    'Main Street Church of Christ',
    'Central Church of Christ',
    'Northside Church of Christ',
    '{city} Church of Christ',
    'Highland Church of Christ',
  ],
}

/** Sabbath keepers outside Adventism worship with the small churches that meet on Saturday. */
const sabbathChurchTemplates: Partial<Record<Denomination, readonly string[]>> = {
  baptist: ['Seventh Day Baptist Church of {city}'],
  pentecostal: ['Church of God (Seventh Day), {city}'],
}
const otherSabbathChurchTemplates = ['{city} Sabbath Fellowship', 'Sabbath Rest Bible Fellowship']

export function pickChurchName(random: Random, denomination: Denomination, city: string, keepsSabbath: boolean): string {
  const templates =
    keepsSabbath && denomination !== 'seventh-day-adventist'
      ? (sabbathChurchTemplates[denomination] ?? otherSabbathChurchTemplates)
      : churchTemplates[denomination]
  return random
    .pick(templates)
    .replace('{prefix}', random.pick(namePrefixes))
    .replace('{saint}', random.pick(saints))
    .replace('{city}', city)
}
