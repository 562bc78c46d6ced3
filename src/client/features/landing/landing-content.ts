import { CalendarHeart, type LucideIcon, ShieldCheck, Sparkles } from 'lucide-react'

// Illustrative only: the couples are fictional and their pictures are drawn, as the section says on screen.
export const successStories = [
  {
    names: 'Daniel & Grace',
    detail: 'Met on Covenant · married 2023',
    quote:
      'We both wanted a home built on prayer. Our first conversation was about our favourite psalm, and we have not stopped talking since.',
    image: '/images/story-garden.svg',
    alt: 'Illustration of a couple holding hands under a blossoming tree',
  },
  {
    names: 'Samuel & Naomi',
    detail: 'Sabbath keepers · married 2024',
    quote: 'I had almost given up on meeting someone who keeps the Sabbath as I do. Now we welcome it together every Friday at sunset.',
    image: '/images/story-beach.svg',
    alt: 'Illustration of a couple on a beach watching the sun set over the sea',
  },
  {
    names: 'Michael & Esther',
    detail: 'Engaged after a year of courtship',
    quote: 'He asked my pastor’s blessing before he asked me. We will marry in the church where we both came to faith.',
    image: '/images/story-wedding.svg',
    alt: 'Illustration of a bride and groom in front of a white chapel',
  },
] as const

export const galleryPhotos = [
  { src: '/images/gallery-rings.svg', alt: 'Two gold wedding rings, interlocked', caption: 'Two lives, one covenant' },
  { src: '/images/gallery-chapel.svg', alt: 'A white chapel on a green hill at dawn', caption: 'Where vows are spoken' },
  { src: '/images/gallery-bible.svg', alt: 'An open Bible in warm light', caption: 'Built on His Word' },
  { src: '/images/gallery-arch.svg', alt: 'A flower arch over a garden aisle', caption: 'A garden wedding' },
  { src: '/images/gallery-coffee.svg', alt: 'Two cups of coffee whose steam rises into a heart', caption: 'Coffee after church' },
  { src: '/images/gallery-candles.svg', alt: 'Two lit candles beside a loaf of bread', caption: 'Welcoming the Sabbath' },
] as const

export const featureTiles: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Sparkles,
    title: 'AI Faith Matching',
    text: 'Compatibility that starts with what matters most: your faith, Sabbath keeping, your values and the home you hope to build.',
  },
  {
    icon: ShieldCheck,
    title: 'Verified Believers',
    text: 'Faith, income and education verification, so you know who you are getting to know before you meet.',
  },
  {
    icon: CalendarHeart,
    title: 'Sabbath & Community',
    text: 'Sabbath resources, church events and an evangelism hub, so you grow in faith and fellowship while you meet.',
  },
]
