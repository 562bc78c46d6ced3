// Scripture is quoted from the King James Version (public domain).
// Every study below is a real publication; a sample size is given only where the publication states it.

export const benefitCategories = ['health', 'emotional', 'financial', 'social', 'spiritual'] as const
export type BenefitCategory = (typeof benefitCategories)[number]

interface Study {
  title: string
  source: string
  year: number
  finding: string
  sampleSize?: string
}

interface BiblicalBasis {
  verse: string
  reference: string
  application: string
}

export interface MarriageBenefit {
  id: string
  title: string
  summary: string
  detailedBenefit: string
  studies: readonly Study[]
  biblicalBasis: readonly BiblicalBasis[]
  practicalApplication: string
  category: BenefitCategory
}

// The landing page shows the first three; Discover's compact list shows five.
export const marriageBenefits = [
  {
    id: 'shared-faith',
    title: 'A Faith That Holds You Together',
    summary: 'Regular worship and shared faith go with a lower risk of divorce and happier relationships.',
    detailedBenefit:
      'Research on religion and family life has repeatedly found that shared faith and regular worship go with more stable marriages. The effects in large reviews are modest, and they are associations rather than guarantees, but they point the same way: couples who pray, worship and serve together have a shared foundation, a community that supports them, and a common language for forgiveness and commitment.',
    studies: [
      {
        title:
          'Religion in the Home in the 1980s and 1990s: A Meta-Analytic Review and Conceptual Analysis of Links Between Religion, Marriage, and Parenting',
        source: 'Journal of Family Psychology (Mahoney, Pargament, Tarakeshwar & Swank)',
        year: 2001,
        finding:
          'Across studies published since 1980, greater religiousness was associated with a lower risk of divorce and better marital functioning, though the effects were small.',
        sampleSize: '94 studies',
      },
      {
        title: 'Religious Service Attendance, Divorce, and Remarriage among U.S. Nurses in Mid and Late Life',
        source: 'PLOS ONE (Li, Kubzansky & VanderWeele)',
        year: 2018,
        finding:
          'Over 14 years of follow-up in the Nurses’ Health Study, women who attended religious services more than once a week had about a 50% lower risk of divorce than those who never attended.',
        sampleSize: '66,444 initially married women',
      },
      {
        title: 'Soul Mates: Religion, Sex, Love, and Marriage among African Americans and Latinos',
        source: 'Oxford University Press (Wilcox & Wolfinger)',
        year: 2016,
        finding:
          'Drawing on national surveys and in-depth interviews, Black and Latino couples who attend church together were significantly more likely to report happy, stable relationships than those who do not regularly attend.',
      },
    ],
    biblicalBasis: [
      {
        verse: 'And if one prevail against him, two shall withstand him; and a threefold cord is not quickly broken.',
        reference: 'Ecclesiastes 4:12',
        application: 'A marriage woven together with God is stronger than two people standing alone.',
      },
      {
        verse:
          'Likewise, ye husbands, dwell with them according to knowledge, giving honour unto the wife, as unto the weaker vessel, and as being heirs together of the grace of life; that your prayers be not hindered.',
        reference: '1 Peter 3:7',
        application: 'Husband and wife are heirs together of grace; how they treat each other touches their prayer life.',
      },
      {
        verse: 'For where two or three are gathered together in my name, there am I in the midst of them.',
        reference: 'Matthew 18:20',
        application: 'When a couple prays together, Christ is present in the middle of their home.',
      },
    ],
    practicalApplication:
      'Choose a partner who shares your faith, and start shared habits early: pray together, worship in the same church and serve side by side.',
    category: 'spiritual',
  },
  {
    id: 'lasting-happiness',
    title: 'Deeper, Lasting Happiness',
    summary: 'Married people are more satisfied with life, especially when their spouse is also their best friend.',
    detailedBenefit:
      'Marriage is not a cure for loneliness by itself, but a committed, loving marriage is one of the strongest supports for emotional well-being. Studies that follow people over time find that the married stay more satisfied with life well beyond the honeymoon years, and that couples who prepare for marriage together start with better communication and less conflict.',
    studies: [
      {
        title: 'How’s Life at Home? New Evidence on Marriage and the Set Point for Happiness',
        source: 'Journal of Happiness Studies (Grover & Helliwell)',
        year: 2019,
        finding:
          'Controlling for people’s life satisfaction before they married, the married were still more satisfied at every stage of marriage, and the well-being effect of marriage was about twice as large for those whose spouse was also their best friend.',
      },
      {
        title: 'Premarital Education, Marital Quality, and Marital Stability: Findings from a Large, Random Household Survey',
        source: 'Journal of Family Psychology (Stanley, Amato, Johnson & Markman)',
        year: 2006,
        finding:
          'Couples who took part in premarital education reported higher marital satisfaction and commitment, lower conflict and about 31% lower odds of divorce.',
      },
    ],
    biblicalBasis: [
      {
        verse: 'And the LORD God said, It is not good that the man should be alone; I will make him an help meet for him.',
        reference: 'Genesis 2:18',
        application: 'God Himself named loneliness as “not good” and answered it with marriage.',
      },
      {
        verse: "And be ye kind one to another, tenderhearted, forgiving one another, even as God for Christ's sake hath forgiven you.",
        reference: 'Ephesians 4:32',
        application: 'Kindness and quick forgiveness are what turn a spouse into a best friend.',
      },
    ],
    practicalApplication:
      'Build a friendship first, and plan to take premarital counselling or a marriage preparation course with your future spouse.',
    category: 'emotional',
  },
  {
    id: 'better-health',
    title: 'Longer, Healthier Lives',
    summary: 'Married adults live longer on average, and a happy marriage is linked to healthier blood pressure.',
    detailedBenefit:
      'Large population studies find that married people tend to live longer than those who never marry, and that a good marriage is tied to measurable markers of health such as blood pressure. The quality of the marriage matters: a supportive, loving relationship brings the benefit, while an unhappy one does not. A spouse encourages healthy habits, notices when something is wrong and shares the load in hard seasons.',
    studies: [
      {
        title: 'Marital Status and Longevity in the United States Population',
        source: 'Journal of Epidemiology and Community Health (Kaplan & Kronick)',
        year: 2006,
        finding:
          'In the 1989 National Health Interview Survey linked to death records through 1997, unmarried adults had significantly higher death rates than those married and living with their spouse; the effect was strongest for people who had never married.',
        sampleSize: '66,999 adults',
      },
      {
        title:
          'Is There Something Unique about Marriage? The Relative Impact of Marital Status, Relationship Quality, and Network Social Support on Ambulatory Blood Pressure and Mental Health',
        source: 'Annals of Behavioral Medicine (Holt-Lunstad, Birmingham & Jones)',
        year: 2008,
        finding:
          'Married participants had greater life satisfaction and healthier night-time blood-pressure dipping than singles, and high marital quality was associated with lower 24-hour blood pressure, less stress and less depression; unhappily married participants fared worse than singles.',
        sampleSize: '303 adults (204 married, 99 single)',
      },
    ],
    biblicalBasis: [
      {
        verse:
          'Two are better than one; because they have a good reward for their labour. For if they fall, the one will lift up his fellow: but woe to him that is alone when he falleth; for he hath not another to help him up.',
        reference: 'Ecclesiastes 4:9-10',
        application: 'A spouse is there to lift you up when you fall, in body as well as in spirit.',
      },
      {
        verse: 'A merry heart doeth good like a medicine: but a broken spirit drieth the bones.',
        reference: 'Proverbs 17:22',
        application: 'The joy of a happy home is good for the body.',
      },
    ],
    practicalApplication:
      'Look for a relationship that brings you peace rather than stress, and build healthy rhythms together: rest, meals, exercise and Sabbath.',
    category: 'health',
  },
  {
    id: 'financial-stability',
    title: 'Building Wealth Together',
    summary: 'Couples who marry and stay married build far more wealth per person than singles or the divorced.',
    detailedBenefit:
      'Two people sharing one household, one set of goals and one budget save more than two living apart, and a lasting marriage lets those savings grow over decades. Divorce does the opposite: in one large study it cut a person’s wealth by about three quarters. Financial unity is both a fruit of a committed marriage and a protection for it.',
    studies: [
      {
        title: 'Marriage and Divorce’s Impact on Wealth',
        source: 'Journal of Sociology (Zagorsky)',
        year: 2005,
        finding:
          'Following young baby boomers in the National Longitudinal Survey of Youth from 1985 to 2000, married people’s per-person wealth was about 93% higher than that of single people, while divorce reduced a person’s wealth by about 77%.',
        sampleSize: '9,055 people',
      },
      {
        title: 'The Case for Marriage: Why Married People Are Happier, Healthier, and Better Off Financially',
        source: 'Doubleday (Waite & Gallagher)',
        year: 2000,
        finding:
          'Reviewing decades of social-science research, the authors conclude that married people on average earn, save and accumulate more than comparable single or cohabiting people.',
      },
    ],
    biblicalBasis: [
      {
        verse:
          'Through wisdom is an house builded; and by understanding it is established: And by knowledge shall the chambers be filled with all precious and pleasant riches.',
        reference: 'Proverbs 24:3-4',
        application: 'A household built with shared wisdom and planning is filled over time.',
      },
      {
        verse: 'Two are better than one; because they have a good reward for their labour.',
        reference: 'Ecclesiastes 4:9',
        application: 'Working as one team multiplies what each of you could do alone.',
      },
    ],
    practicalApplication: 'Talk openly about money, debt and giving before marriage, and plan to keep one shared budget with shared goals.',
    category: 'financial',
  },
  {
    id: 'strong-families',
    title: 'Stronger Families and Communities',
    summary: 'Strong relationships protect health, and children do best on average when raised by both parents.',
    detailedBenefit:
      'Marriage ties a couple into a wider web of family, church and friends. Research on social connection shows how much these relationships matter for long life, and research on children shows that growing up with both parents is, on average, a strong advantage. A Christian home also becomes a place where faith is handed on and where others are welcomed.',
    studies: [
      {
        title: 'Social Relationships and Mortality Risk: A Meta-analytic Review',
        source: 'PLOS Medicine (Holt-Lunstad, Smith & Layton)',
        year: 2010,
        finding:
          'People with stronger social relationships had a 50% greater likelihood of survival over the study periods, an influence comparable with well-established risk factors for mortality.',
        sampleSize: '308,849 participants in 148 studies',
      },
      {
        title: 'Growing Up with a Single Parent: What Hurts, What Helps',
        source: 'Harvard University Press (McLanahan & Sandefur)',
        year: 1994,
        finding:
          'Children who grew up without both of their parents were, on average, more likely to drop out of high school, to become teen parents and to be out of school and work as young adults than children raised by both parents.',
      },
    ],
    biblicalBasis: [
      {
        verse:
          'God setteth the solitary in families: he bringeth out those which are bound with chains: but the rebellious dwell in a dry land.',
        reference: 'Psalm 68:6',
        application: 'God’s answer to isolation is family.',
      },
      {
        verse:
          'And these words, which I command thee this day, shall be in thine heart: And thou shalt teach them diligently unto thy children, and shalt talk of them when thou sittest in thine house, and when thou walkest by the way, and when thou liest down, and when thou risest up.',
        reference: 'Deuteronomy 6:6-7',
        application: 'A godly home passes faith on to the next generation in everyday life.',
      },
    ],
    practicalApplication:
      'Stay rooted in a church family while you date, and talk early with a potential spouse about children, family and hospitality.',
    category: 'social',
  },
] as const satisfies readonly MarriageBenefit[]
