import { type Denomination, denominationLabel, type FaithJourney, type Gender } from '#shared/schemas/profile-options.ts'
import type { Random } from './random.ts'

export interface BioSubject {
  gender: Gender
  age: number
  city: string
  country: string
  denomination: Denomination
  isSabbathKeeper: boolean
  faithJourney: FaithJourney
  churchName: string
}

const occupations = [
  'a pediatric nurse',
  'an ER nurse',
  'a third-grade teacher',
  'a high school math teacher',
  'a software developer',
  'an electrician',
  'a physical therapist',
  'an accountant',
  'a dental hygienist',
  'a civil engineer',
  'a pharmacist',
  'a graphic designer',
  'a firefighter',
  'a paramedic',
  'a small-business owner',
  'a chef',
  'a logistics manager',
  'a social worker',
  'a family physician',
  'a medical lab scientist',
  'a real estate agent',
  'an HVAC technician',
  'a youth counselor',
  'a UX researcher',
  'a credit analyst',
  'a long-haul truck driver',
  'a landscape architect',
  'a speech therapist',
  'a veterinary technician',
  'a music teacher',
  'a data analyst',
  'a hospital chaplain',
  'a carpenter',
  'a flight attendant',
  'a project manager',
  'a pastry chef',
  'a public defender',
  'a mechanical engineer',
  'an insurance adjuster',
  'a barber',
  'a librarian',
  'an occupational therapist',
  'a high school football coach',
  'a financial advisor',
  'a nurse practitioner',
  'a preschool teacher',
  'a radiology tech',
  'a church administrator',
]

const studies = [
  'a nursing student',
  'an education major',
  'a theology student',
  'a pre-med student',
  'an engineering student',
  'a culinary student',
  'a business student',
  'a music major',
]

const retiredFields = [
  'teaching',
  'nursing',
  'the Army',
  'the postal service',
  'engineering',
  'banking',
  'pastoral ministry',
  'accounting',
  'the fire department',
  'hospital administration',
]

/** Each reads after "I'm" or "you'll find me", so any template can take any of them. */
const hobbies = [
  'hiking state parks',
  'baking sourdough',
  'playing pickup basketball',
  'gardening',
  'restoring old furniture',
  'trying new recipes',
  'going on long bike rides',
  'fishing off the pier',
  'hosting board game nights',
  'camping',
  'taking photos',
  'running half marathons',
  'reading biographies',
  'playing piano',
  'playing guitar',
  'volunteering at the food pantry',
  'woodworking',
  'learning Spanish',
  'watching college football',
  'painting watercolors',
  'taking road trips',
  'kayaking',
  'cooking for friends',
  'thrifting',
  'playing tennis',
  'crocheting',
  'playing chess',
  'rock climbing',
  'birdwatching',
  'journaling',
  'quilting',
  'making pottery',
  'fixing up old cars',
  'swimming laps',
  'listening to history podcasts',
  'Bible journaling',
  'visiting national parks',
  'trying plant-based recipes',
  'singing harmony with anyone who will let me',
  'building Lego sets with my nephews',
  'taking sunrise walks',
  "working on my grandfather's farm",
]

const verses = [
  'Proverbs 3:5-6',
  'Jeremiah 29:11',
  'Micah 6:8',
  'Isaiah 40:31',
  'Philippians 4:13',
  'Ruth 1:16',
  '1 Corinthians 13:4-7',
  'Ecclesiastes 4:12',
  'Psalm 46:10',
  'Psalm 23',
  'Romans 8:28',
  'Joshua 1:9',
  'Lamentations 3:22-23',
  'Isaiah 41:10',
  'Matthew 6:33',
  'Galatians 5:22-23',
  'Colossians 3:14',
  'Zephaniah 3:17',
  'Psalm 37:4',
  '2 Corinthians 5:17',
  'Hebrews 11:1',
  'Song of Songs 8:7',
  'Proverbs 31:30',
  'Ephesians 4:2',
  '1 John 4:19',
  'Psalm 139:14',
  'Romans 12:12',
  'Philippians 4:6-7',
  'James 1:5',
  'Habakkuk 3:19',
  'Psalm 118:24',
  '2 Timothy 1:7',
]

const sabbathVerses = ['Exodus 20:8', 'Isaiah 58:13', 'Mark 2:27', 'Revelation 14:12']

const missionFields = ['Guatemala', 'Kenya', 'Thailand', 'Peru', 'the Philippines', 'Romania', 'Haiti', 'Zambia']

const workIntros = [
  "I'm {occupation} in {city}.",
  '{job} by day, {pastime} whenever I can.',
  'I work as {occupation} and most days I love it.',
  'Moved to {city} for work as {occupation} and stayed for the people.',
  "I've been {occupation} for {years} years and still look forward to Mondays.",
  'Day job: {job}; calling: loving people well.',
  'I spend my weekdays as {occupation} and my weekends outside.',
  'Working as {occupation} has taught me a lot about patience.',
  "{city} is home, and I'm {occupation} here.",
]

const studentIntros = [
  "I'm {occupation} in {city}, one year from graduating.",
  'Currently {occupation}, mostly running on study groups and prayer.',
  "I'm {occupation} and the first in my family to go to college.",
]

const retiredIntros = [
  'Retired after {retiredYears} years in {field}, and somehow busier than ever.',
  "I spent {retiredYears} years in {field}; now there's time for {pastime} and the grandkids.",
  'Recently retired from {field} and ready for a new chapter.',
]

const journeyLines: Record<FaithJourney, readonly string[]> = {
  raised_in_the_faith: [
    'Grew up in {aDenomination} home and made the faith my own in college.',
    'Raised in church, and still grateful my parents took us every single week.',
    'My grandmother prayed for me daily; I grew up knowing Jesus and chose Him for myself at {childAge}.',
    'Church kid through and through, but my faith got real in my twenties.',
  ],
  came_to_faith_as_adult: [
    'I came to Christ at {turningAge} through a coworker who kept inviting me to Bible study.',
    "Didn't grow up in church; met Jesus at {turningAge} and nothing has been the same.",
    'Gave my life to the Lord at {turningAge} after a hard season, and He has been faithful every day since.',
    'A friend handed me a Bible when I was {turningAge}, and I read the Gospel of John in one night.',
  ],
  returned_to_faith: [
    'Wandered for a few years and came home to the Lord at {turningAge}; grace is real.',
    'Prodigal story: walked away in college, came back stronger.',
    'I drifted for a while; He never let go of me.',
  ],
  growing_in_faith: [
    'Still learning, still growing, and grateful for new mercies every morning.',
    "My faith is a work in progress and I'm okay with that.",
    'In a season of going deeper: early mornings, a notebook and the Psalms.',
  ],
  new_believer: [
    "Baptized last {season}, so I'm new at this and loving it.",
    'New believer, big questions, bigger God.',
    "I gave my life to Christ this year and I'm soaking up everything I can.",
  ],
  in_ministry: [
    'I serve as youth pastor at {church}.',
    'I work in campus ministry, walking with college students through big questions.',
    'Full-time in ministry as a worship leader, which mostly means lots of rehearsals and lots of joy.',
    'Spent two years as a missionary in {missionField}; back home now and serving at {church}.',
    "I lead a prison ministry team and it's the best part of my week.",
    "I'm a Bible worker, happiest when someone opens the Scriptures for the first time.",
  ],
}

const hobbyLines = [
  'Weekends usually mean {hobby} or {hobby2}.',
  "You'll find me {hobby} most evenings.",
  'I love {hobby}, {hobby2} and a good cup of tea.',
  "Lately I've been spending a lot of time {hobby}.",
  "Happiest when I'm {hobby} or {hobby2}.",
  'Big fan of {hobby}, and lately {hobby2} too.',
  "My friends would say I'm always up for {hobby}.",
  'Free time goes to {hobby} and {hobby2}.',
]

const churchLines = [
  'I sing in the choir at {church}.',
  "You'll find me at {church} most {worshipDays}.",
  "I help with the kids' ministry at {church}.",
  "I serve on the hospitality team at {church}, so I'm usually near the potluck table.",
  'Member of {church}, where I lead a small group on Wednesday nights.',
  'Part of the worship team at {church}, usually on keys.',
  '{church} has been my church family for {years} years.',
  'I go to {church} and love our midweek prayer meeting.',
  'Usher at {church} and unofficial greeter of every new face.',
  'I help run the food pantry at {church}.',
]

const sabbathLines = [
  'I teach a Sabbath School class for young adults at {church}.',
  'Sabbath afternoons are for nature walks and fellowship lunch.',
  'Friday sunset is my favorite time of the week: phone off, heart open.',
]

const sundayLines = [
  'I teach Sunday school for middle schoolers at {church}.',
  'Sunday mornings are for church, Sunday afternoons for family dinner.',
]

const verseLines = [
  'Favorite verse: {verse}.',
  '{verse} has carried me through a lot.',
  'Life verse: {verse}.',
  'Currently memorizing {verse}.',
  'I keep {verse} on a sticky note by my desk.',
  '{verse} is the verse I come back to again and again.',
  'Always encouraged by {verse}.',
]

const hopeLines = [
  'Looking for a {partner} who loves Jesus first and laughs easily.',
  'Praying for a {spouse} to build a Christ-centered home with.',
  "I'd love to find someone to serve alongside, pray with and grow old with.",
  'Hoping to meet a {partner} who is kind, steady and serious about marriage.',
  'Looking for my best friend and future {spouse}, someone who puts God first.',
  "If you love the Lord, your family and a good road trip, we'll get along.",
  "Someday I'd love a house full of kids and a table full of guests.",
  'Hoping for a partner in faith, in laughter and in doing the dishes.',
  "I'm here because I believe God still writes love stories.",
  "Not interested in games; I'm here for something that lasts.",
  'Praying for a {spouse} who wants family worship to be part of everyday life.',
  'Would love to meet someone who values honesty, humility and hard work.',
  'Ready to date with intention and see where God leads.',
  'Looking for a {partner} of faith who is close to family and quick to forgive.',
  "I'd like to meet someone as comfortable at a prayer meeting as at a ball game.",
  "Marriage is a covenant, not a contract, and I'm looking for someone who sees it the same way.",
]

const sabbathHopeLines = [
  'Looking for someone who keeps the Sabbath and wants to build a home around it.',
  "I'd love a {spouse} to welcome the Sabbath with on Friday evenings.",
]

const quirkLines = [
  'Firm believer that every meal is better shared.',
  'Dog {parent} to a very spoiled golden retriever.',
  "Oldest of five, so I'm good at sharing and terrible at whispering.",
  'Introvert until you get me talking about books.',
  'I laugh loudly and often.',
  'Honest, a little goofy, fiercely loyal.',
  "Family dinners at my parents' place are non-negotiable.",
  'I make a mean banana bread.',
  'Early riser; my best conversations with God happen before sunrise.',
  'Proud {sibling} of six.',
  'Plant-based for ten years and happy to cook for you.',
  "I'm the friend who remembers birthdays.",
  'Still trying to keep a houseplant alive.',
  'Small-town heart, big-city job.',
  'I believe in handwritten notes and long walks.',
  'Terrible singer, enthusiastic worshipper.',
]

const sentenceCountWeights = { '1': 15, '2': 35, '3': 32, '4': 18 }

/** Where each kind of sentence tends to sit, so a bio reads like a person wrote it (jittered per bio). */
const sentenceOrder = { intro: 0, quirk: 1, journey: 1.5, hobby: 2, church: 3, verse: 3.5, hope: 4 }
type SentenceKind = keyof typeof sentenceOrder

/** 1–4 sentences drawn from a few hundred fragments, filled with the member's own details. */
export function composeBio(random: Random, subject: BioSubject): string {
  const { age, isSabbathKeeper } = subject
  const isMan = subject.gender === 'man'
  // An Adventist who is relaxed about the Sabbath still goes to a church that meets on Saturday.
  const worshipsOnSabbath = isSabbathKeeper || subject.denomination === 'seventh-day-adventist'
  const occupation = random.pick(age <= 22 ? studies : occupations)
  const [hobby, hobby2, pastime] = random.sample(hobbies, 3) as [string, string, string]
  const words: Record<string, string> = {
    city: subject.city,
    church: subject.churchName,
    aDenomination: withArticle(
      subject.denomination === 'non-denominational' ? 'non-denominational' : denominationLabel(subject.denomination),
    ),
    occupation,
    job: occupation.replace(/^an? /, ''),
    years: String(random.int(2, Math.max(2, Math.min(age - 21, 25)))),
    retiredYears: String(random.int(25, 40)),
    field: random.pick(retiredFields),
    hobby,
    hobby2,
    pastime,
    verse: random.pick(isSabbathKeeper ? [...verses, ...sabbathVerses] : verses),
    childAge: String(random.int(9, 16)),
    turningAge: String(random.int(18, Math.max(18, Math.min(age - 1, 40)))),
    season: random.pick(['spring', 'summer', 'fall', 'winter']),
    missionField: random.pick(missionFields),
    partner: isMan ? 'woman' : 'man',
    spouse: isMan ? 'wife' : 'husband',
    parent: isMan ? 'dad' : 'mom',
    sibling: isMan ? 'uncle' : 'aunt',
    kids: random.pick(['one', 'two', 'three']),
    worshipDays: worshipsOnSabbath ? 'Sabbaths' : 'Sundays',
  }

  const isRetired = age >= 63 && random.chance(0.65)
  const lines: Record<SentenceKind, readonly string[]> = {
    intro: isRetired ? retiredIntros : age <= 22 ? studentIntros : workIntros,
    quirk: quirkLines,
    journey: journeyLines[subject.faithJourney],
    hobby: hobbyLines,
    church: [...churchLines, ...(worshipsOnSabbath ? sabbathLines : sundayLines)],
    verse: verseLines,
    hope: [...hopeLines, ...(isSabbathKeeper ? sabbathHopeLines : []), ...lifeStageHopes(random, age)],
  }

  const count = Number(random.weightedKey(sentenceCountWeights))
  const kinds = random
    .sample(Object.keys(sentenceOrder) as SentenceKind[], count)
    .map((kind) => ({ kind, rank: sentenceOrder[kind] + random.next() * 2 }))
    .sort((a, b) => a.rank - b.rank)
  const bio = kinds.map(({ kind }) => capitalize(fill(random.pick(lines[kind]), words))).join(' ')
  return localSpelling(bio, subject.country)
}

/** Later-life and single-parent lines, only for members they could be true of. */
function lifeStageHopes(random: Random, age: number): string[] {
  const hopes: string[] = []
  if (age >= 45 && random.chance(0.5)) {
    hopes.push("Widowed a few years ago; my kids say it's time, and I think they're right.")
  }
  if (age >= 50) hopes.push('Empty nester, ready for a new chapter with a {partner} who loves the Lord.')
  if (age >= 27 && age <= 50 && random.chance(0.4)) {
    hopes.push('Single {parent} of {kids} and looking for someone who loves kids.')
  }
  return hopes
}

function fill(template: string, words: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const word = words[key]
    if (word === undefined) throw new Error(`bio template needs an unknown word: ${key}`)
    return word
  })
}

function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
}

function capitalize(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

const commonwealth = new Set(['GB', 'AU', 'CA', 'NG', 'KE', 'GH', 'JM'])

function localSpelling(bio: string, country: string): string {
  if (!commonwealth.has(country)) return bio
  const spelled = bio.replaceAll('favorite', 'favourite').replaceAll('Favorite', 'Favourite')
  return country === 'GB' || country === 'AU' ? spelled.replace(/\b([Mm])om\b/g, '$1um') : spelled
}
