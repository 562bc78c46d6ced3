import type { sabbathEvents, sabbathResources } from '#db/schema/index.ts'

type SabbathEventSeed = Omit<typeof sabbathEvents.$inferInsert, 'id' | 'createdAt'>
type SabbathResourceSeed = Omit<typeof sabbathResources.$inferInsert, 'id' | 'createdAt' | 'position'>

/**
 * The four weekly events of the Sabbath Corner. Each first date is a real Friday or Saturday in
 * the host's zone; the events repeat every week at that local time. The online ones meet at
 * `meetingUrl`, which only their attendees are given.
 */
export const sabbathEventSeeds: readonly SabbathEventSeed[] = [
  {
    title: 'Friday Evening Singles Study Group',
    type: 'Study Group',
    description:
      'Welcome the Sabbath with other marriage-minded singles: a short devotional, an open discussion of a passage on love and covenant, and a prayer partner for the week ahead.',
    firstStartsAt: new Date('2024-01-05T19:00:00-06:00'),
    hostTimeZone: 'America/Chicago',
    durationMinutes: 75,
    isOnline: true,
    meetingUrl: 'https://meet.covenant.app/friday-singles-study',
  },
  {
    title: 'Sabbath School Lesson Study',
    type: 'Bible Study',
    description:
      "Walk through this week's Sabbath School lesson in small breakout groups led by experienced teachers. Bring your Bible and your questions; newcomers are always welcome.",
    firstStartsAt: new Date('2024-01-06T09:30:00-06:00'),
    hostTimeZone: 'America/Chicago',
    durationMinutes: 60,
    isOnline: true,
    meetingUrl: 'https://meet.covenant.app/sabbath-school',
  },
  {
    title: 'Sabbath Morning Worship',
    type: 'Worship Service',
    description:
      'Hymns, prayer and an expository sermon, streamed live so Sabbath keepers everywhere can worship together. Stay afterwards for a prayer room with the ministry team.',
    firstStartsAt: new Date('2024-01-06T11:00:00-05:00'),
    hostTimeZone: 'America/New_York',
    durationMinutes: 90,
    isOnline: true,
    meetingUrl: 'https://live.covenant.app/sabbath-worship',
  },
  {
    title: 'Sabbath Fellowship Potluck',
    type: 'Fellowship',
    description:
      'A plant-based potluck lunch after church in Nashville, Tennessee. Bring a dish to share, meet Covenant members in person, and stay for an afternoon walk along the river.',
    firstStartsAt: new Date('2024-01-06T12:30:00-06:00'),
    hostTimeZone: 'America/Chicago',
    durationMinutes: 150,
    isOnline: false,
  },
]

/** The free guides; their text is in src/server/content/sabbath-resources. */
export const sabbathResourceSeeds: readonly SabbathResourceSeed[] = [
  {
    title: 'Preparing for Sabbath: A Friday Checklist',
    description:
      'A practical checklist from Thursday evening to Friday sunset, covering meals, home, work and heart, so the Sabbath begins in peace rather than in a rush.',
    type: 'Guide',
    fileName: 'preparing-for-sabbath-friday-checklist.txt',
  },
  {
    title: 'Welcoming the Sabbath Together',
    description:
      'Why the first hour matters, and a simple twenty-minute order of readings, hymns and prayer for couples and friends to welcome the Sabbath on Friday evening.',
    type: 'Article',
    fileName: 'welcoming-the-sabbath-together.txt',
  },
  {
    title: 'Sabbath Activities for Couples',
    description:
      'Fifteen restful ideas for Sabbath afternoons in creation, Scripture and service, with guidelines for courting couples and an eight-week sampler.',
    type: 'Activity Guide',
    fileName: 'sabbath-activities-for-couples.txt',
  },
]
