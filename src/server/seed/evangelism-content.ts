import type { evangelismResources } from '#db/schema/index.ts'

type EvangelismSeed = Omit<typeof evangelismResources.$inferInsert, 'id' | 'createdAt' | 'position'>

/** The Evangelism Hub's library, four items per audience, in the order the hub shows them. */
export const evangelismSeeds: readonly EvangelismSeed[] = [
  {
    category: 'seekers',
    title: 'Who Is Jesus? An Honest Look',
    description:
      'Six short films that walk through the life, claims and resurrection of Jesus from the Gospels, made for friends who are curious but not yet convinced.',
    type: 'Video Series',
    duration: '6 episodes',
    participants: 4280,
    rating: 4.9,
    isFeatured: true,
  },
  {
    category: 'seekers',
    title: 'The Gospel of John in 21 Days',
    description: 'One chapter a day with a short reflection and a single question to think over. A gentle first reading of the Bible.',
    type: 'Reading Plan',
    duration: '21 days',
    participants: 3640,
    rating: 4.8,
  },
  {
    category: 'seekers',
    title: 'Questions Skeptics Ask',
    description:
      'Suffering, other religions, science and the reliability of Scripture: a discussion guide for honest conversations over coffee.',
    type: 'Discussion Guide',
    duration: '4 weeks',
    participants: 2150,
    rating: 4.7,
  },
  {
    category: 'seekers',
    title: 'Faith and Reason Conversations',
    description: 'Christian scientists, doctors and teachers talk about how they came to faith and why they stay.',
    type: 'Podcast',
    duration: '8 episodes',
    participants: 1920,
    rating: 4.6,
  },
  {
    category: 'new_believers',
    title: 'First Steps in Faith',
    description:
      'The foundations for a new walk with Christ: assurance of salvation, prayer, reading the Bible, the Sabbath, baptism and finding a church family.',
    type: 'Course',
    duration: '8 weeks',
    participants: 2870,
    rating: 4.9,
    isFeatured: true,
  },
  {
    category: 'new_believers',
    title: 'Learning to Pray',
    description: "Thirty days through the Lord's Prayer and the Psalms, with a simple pattern to make prayer a daily habit.",
    type: 'Devotional',
    duration: '30 days',
    participants: 3110,
    rating: 4.8,
  },
  {
    category: 'new_believers',
    title: 'Understanding Baptism',
    description: 'What Scripture teaches about baptism, what to expect on the day, and how to prepare with your pastor.',
    type: 'Bible Study',
    duration: '3 sessions',
    participants: 1460,
    rating: 4.8,
  },
  {
    category: 'new_believers',
    title: 'Growing Together in Christ',
    description: 'For new believers who are dating: building a relationship on prayer, accountability and shared worship.',
    type: 'Workshop',
    duration: '2 sessions',
    participants: 980,
    rating: 4.7,
  },
  {
    category: 'mature_christians',
    title: 'Sharing Your Testimony with Grace',
    description:
      'Shape your story of faith into a clear, humble three-minute testimony, and practise telling it to friends, coworkers and family.',
    type: 'Workshop',
    duration: '90 minutes',
    participants: 1340,
    rating: 4.9,
    isFeatured: true,
  },
  {
    category: 'mature_christians',
    title: 'Leading a Small Group Bible Study',
    description: 'Plan a study, ask good questions, include quiet members and follow up with seekers between meetings.',
    type: 'Course',
    duration: '6 weeks',
    participants: 870,
    rating: 4.8,
  },
  {
    category: 'mature_christians',
    title: 'Everyday Apologetics',
    description:
      'Give a reason for the hope that is in you (1 Peter 3:15) with gentleness and respect, in the conversations you already have.',
    type: 'Course',
    duration: '10 weeks',
    participants: 1120,
    rating: 4.7,
  },
  {
    category: 'mature_christians',
    title: 'Serving Together as a Couple',
    description: 'For engaged and married couples: discover your shared gifts and plan a ministry of hospitality in your home and church.',
    type: 'Bible Study',
    duration: '5 sessions',
    participants: 640,
    rating: 4.8,
  },
]
