// Scripture is quoted from the King James Version (public domain).

export interface DailyVerse {
  verse: string
  reference: string
  theme: string
  application: string
}

// Ten exactly: the verse of the day is picked by day of year modulo 10.
export const dailyVerses = [
  {
    verse:
      'For I know the thoughts that I think toward you, saith the LORD, thoughts of peace, and not of evil, to give you an expected end.',
    reference: 'Jeremiah 29:11',
    theme: 'Hope',
    application: 'God’s plans for your future, including your future marriage, are for your good. Wait with hope rather than anxiety.',
  },
  {
    verse:
      'Trust in the LORD with all thine heart; and lean not unto thine own understanding. In all thy ways acknowledge him, and he shall direct thy paths.',
    reference: 'Proverbs 3:5-6',
    theme: 'Trust',
    application: 'Bring every relationship decision to God in prayer before you act on your own feelings, and let Him direct the path.',
  },
  {
    verse: 'And if one prevail against him, two shall withstand him; and a threefold cord is not quickly broken.',
    reference: 'Ecclesiastes 4:12',
    theme: 'Partnership',
    application:
      'A marriage with God at its centre is stronger than two people alone. Look for someone who will pray with you, not just beside you.',
  },
  {
    verse: 'Whoso findeth a wife findeth a good thing, and obtaineth favour of the LORD.',
    reference: 'Proverbs 18:22',
    theme: 'Marriage',
    application: 'Seeking a spouse is a good and God-honoured desire. Pursue it with intention, integrity and prayer.',
  },
  {
    verse: 'Delight thyself also in the LORD; and he shall give thee the desires of thine heart.',
    reference: 'Psalm 37:4',
    theme: 'Delight',
    application: 'Make your relationship with God your first joy today; as you delight in Him, He shapes the desires of your heart.',
  },
  {
    verse:
      'But they that wait upon the LORD shall renew their strength; they shall mount up with wings as eagles; they shall run, and not be weary; and they shall walk, and not faint.',
    reference: 'Isaiah 40:31',
    theme: 'Patience',
    application: 'Waiting on God’s timing is not wasted time. Let this season strengthen your faith and character.',
  },
  {
    verse:
      'Except the LORD build the house, they labour in vain that build it: except the LORD keep the city, the watchman waketh but in vain.',
    reference: 'Psalm 127:1',
    theme: 'Foundation',
    application: 'Build your relationships on God’s word from the first conversation; what He builds will stand.',
  },
  {
    verse: 'And above all things have fervent charity among yourselves: for charity shall cover the multitude of sins.',
    reference: '1 Peter 4:8',
    theme: 'Love',
    application: 'Practise a love that forgives quickly and keeps no record of wrongs; it is the heart of every lasting marriage.',
  },
  {
    verse: 'Remember the sabbath day, to keep it holy.',
    reference: 'Exodus 20:8',
    theme: 'Rest',
    application: 'Set apart holy time with God each week, and look for a partner who will keep that rest and worship with you.',
  },
  {
    verse: 'But seek ye first the kingdom of God, and his righteousness; and all these things shall be added unto you.',
    reference: 'Matthew 6:33',
    theme: 'Priorities',
    application:
      'Put God’s kingdom first in how you spend your time, money and heart, and trust Him with the rest, including whom you will marry.',
  },
] as const satisfies readonly DailyVerse[]
