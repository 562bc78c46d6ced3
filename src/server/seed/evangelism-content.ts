import type { evangelismResources } from '#db/schema/index.ts'

type EvangelismSeed = Omit<typeof evangelismResources.$inferInsert, 'id' | 'createdAt' | 'position' | 'body'> & { body: string }

/** An item's page is stored as paragraphs separated by blank lines. */
function paragraphs(...texts: string[]): string {
  return texts.join('\n\n')
}

/** The Evangelism Hub's library, four items per audience, in the order the hub shows them. */
export const evangelismSeeds: readonly EvangelismSeed[] = [
  {
    category: 'seekers',
    title: 'Who Is Jesus? An Honest Look',
    description:
      'Six short sessions through the life, claims and resurrection of Jesus in the Gospels, made for friends who are curious but not yet convinced.',
    body: paragraphs(
      'Jesus of Nazareth is the most discussed person in history, and most people have an opinion of him before they have read what his first followers wrote. These sessions start with the sources: the four Gospels, written within living memory of the events by people who knew him or interviewed those who did (Luke 1:1-4).',
      'Session 1, The Man from Nazareth: a carpenter\'s son from an unremarkable village (Mark 6:3) who grew "in wisdom and stature, and in favour with God and man" (Luke 2:52). Session 2, His Words: the Sermon on the Mount (Matthew 5-7) and why the temple officers said, "Never man spake like this man" (John 7:46). Session 3, His Works: healing, forgiving and feeding, and what the crowds made of it (Mark 2:1-12).',
      'Session 4, His Claims: "Before Abraham was, I am" (John 8:58) and "I am the way, the truth, and the life" (John 14:6). A teacher who says such things is either mistaken, deceiving, or telling the truth. Session 5, His Death: why a Roman cross, and why the prophet had already written, "he was wounded for our transgressions" (Isaiah 53:5). Session 6, His Resurrection: the empty tomb and the more than five hundred witnesses Paul could point to while most were still alive (1 Corinthians 15:3-8).',
      'How to use it: meet a curious friend once a week and read the session\'s passage aloud together. Afterwards ask each other one question only: "What surprised you?" You do not need to have the answers. Let Jesus speak for himself.',
    ),
    type: 'Bible Study',
    duration: '6 sessions',
    participants: 4280,
    rating: 4.9,
    isFeatured: true,
  },
  {
    category: 'seekers',
    title: 'The Gospel of John in 21 Days',
    description: 'One chapter a day with a short reflection and a single question to think over. A gentle first reading of the Bible.',
    body: paragraphs(
      'John wrote his Gospel with a plain purpose: "that ye might believe that Jesus is the Christ, the Son of God; and that believing ye might have life through his name" (John 20:31). Its 21 chapters make a natural three-week plan, one chapter a day, about ten minutes each.',
      'Week 1 (chapters 1-7): the Word made flesh, the first disciples, water turned to wine, Nicodemus at night, the woman at the well, and the bread of life. Notice the people who meet Jesus and how differently they respond.',
      'Week 2 (chapters 8-14): the light of the world, the man born blind, the good shepherd, Lazarus raised, and the last supper. Write down each "I am" saying as you find it: the light of the world, the door, the good shepherd, the resurrection and the life, the way.',
      "Week 3 (chapters 15-21): the vine and the branches, Jesus' prayer for his followers, the trial, the cross, the empty tomb, and breakfast on the shore with Peter. Finish by reading John 20:24-31 twice: Thomas's doubt is welcome here.",
      'Each day, ask one question: "What does this chapter show me about who Jesus is?" Write a single sentence in reply. After 21 days you will have a page in your own words, and that page is a good thing to share with whoever gave you this plan.',
    ),
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
    body: paragraphs(
      'Honest questions deserve honest conversations. This guide gives four evenings, each around one question, with passages to read beforehand and a few prompts to start talking. The goal is understanding, not winning: "Let your speech be alway with grace" (Colossians 4:6).',
      'Week 1, Why does God allow suffering? Read Psalm 22, John 11:32-36 and Romans 8:18-28. Scripture never pretends pain is small: Jesus wept at a friend\'s grave. Ask "Where have you seen suffering up close?" before offering any answer. Week 2, Aren\'t all religions the same? Read Acts 17:22-31 and John 14:6. Compare what different faiths say about God, sin and grace, and note where they genuinely differ.',
      'Week 3, Has science disproved God? Read Psalm 19:1-4 and Romans 1:20. Many founders of modern science believed they were studying the works of a faithful Creator. Discuss what science can measure and which questions lie beyond it. Week 4, Can we trust the Bible? Read Luke 1:1-4 and 2 Peter 1:16. Talk about eyewitness testimony, the number and age of the manuscripts, and the places and rulers named in the Gospels that archaeology has confirmed.',
      'For whoever leads: listen twice as long as you speak, repeat the question back before answering, and say "I don\'t know, let\'s look into it" when that is true. Close each evening by asking whether anyone would like prayer, and leave it there.',
    ),
    type: 'Discussion Guide',
    duration: '4 weeks',
    participants: 2150,
    rating: 4.7,
  },
  {
    category: 'seekers',
    title: 'Faith and Reason Conversations',
    description:
      'Eight evenings on how science, medicine and history sit with Christian faith, with passages to read and questions to talk over.',
    body: paragraphs(
      'Many Christians work as scientists, doctors and teachers, and many sceptics assume they must keep their faith and their work in separate rooms. These eight evenings are for a mixed group of believers and friends to talk honestly about where the two meet. Each evening has a passage to read beforehand and three questions.',
      'Evenings 1-2, An ordered universe: read Psalm 8:3-4 and Psalm 19:1-4. Why is the universe understandable at all? What do wonder and curiosity tell us about ourselves? Evenings 3-4, Suffering, death and hope: read 2 Corinthians 4:16-18 and John 11:17-27. How do people who face death at work, in hospitals and hospices, find hope, and what does the resurrection add?',
      'Evenings 5-6, History and the Gospels: read Luke 1:1-4 and 1 Corinthians 15:3-8. What would count as good evidence for events two thousand years ago, and how do the Gospels measure up? Evenings 7-8, Doubt and faith: read Mark 9:14-29 and Jude 1:22. Can someone believe and still have questions? "Lord, I believe; help thou mine unbelief" (Mark 9:24).',
      "For whoever hosts: invite a Christian who works in the evening's field to share their own story for ten minutes, then open the questions. Keep a list of questions the group could not settle and bring them to a Questions Skeptics Ask evening.",
    ),
    type: 'Discussion Guide',
    duration: '8 evenings',
    participants: 1920,
    rating: 4.6,
  },
  {
    category: 'new_believers',
    title: 'First Steps in Faith',
    description:
      'The foundations for a new walk with Christ: assurance of salvation, prayer, reading the Bible, the Sabbath, baptism and finding a church family.',
    body: paragraphs(
      'Welcome to the family of God. These eight weeks lay the foundations of a life with Christ, one topic a week, each with a passage to read every day and one small step to practise.',
      'Week 1, Assurance: "he that hath the Son hath life" (1 John 5:11-13); salvation is a gift received, not a wage earned (Ephesians 2:8-9). Week 2, Prayer: talk with God as a child with a Father, using the Lord\'s Prayer as a pattern (Matthew 6:5-13). Week 3, The Bible: begin with Mark, a chapter a day; "Thy word is a lamp unto my feet" (Psalm 119:105; 2 Timothy 3:16-17). Week 4, The Sabbath: God\'s gift of rest from creation (Genesis 2:2-3; Exodus 20:8-11), made for us (Mark 2:27); plan one Sabbath and keep it well.',
      'Week 5, Baptism: a public step of faith that pictures dying to the old life and rising to the new (Romans 6:3-4); talk with a pastor about being baptised. Week 6, A church family: "not forsaking the assembling of ourselves together" (Hebrews 10:24-25); choose a church and go three weeks running. Week 7, Sharing your faith: "be ready always to give an answer" (1 Peter 3:15); tell one friend what has changed. Week 8, Growing in grace: God finishes what he starts (Philippians 1:6); choose a mentor and a reading plan for the next three months.',
      'Each week, meet a mature believer for half an hour to talk through what you read. Mistakes and questions are part of growing; bring them.',
    ),
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
    body: paragraphs(
      'Prayer is conversation with God, and like any conversation it grows with practice. This 30-day devotional gives you ten minutes a day: read the passage slowly, pray it back in your own words, then sit quietly for a minute before you go on with your day.',
      "Days 1-7 walk through the Lord's Prayer (Matthew 6:9-13), one line a day: Our Father (relationship), hallowed be thy name (worship), thy kingdom come (surrender), our daily bread (dependence), forgive us (confession), as we forgive (reconciliation), deliver us from evil (protection).",
      'Days 8-30 pray through Psalms that teach every kind of prayer: trust (Psalm 23), confession (Psalm 51), thanksgiving (Psalm 103), being known (Psalm 139), lament (Psalm 13), waiting (Psalm 40), praise (Psalm 145), and more. Notice how honest the psalmists are: God can take your real feelings.',
      'A simple daily pattern to keep after day 30: praise God for one thing he is, thank him for one thing he gave, confess one thing honestly, and ask for one person by name. Keep a short list of requests and write down the date when each is answered.',
    ),
    type: 'Devotional',
    duration: '30 days',
    participants: 3110,
    rating: 4.8,
  },
  {
    category: 'new_believers',
    title: 'Understanding Baptism',
    description: 'What Scripture teaches about baptism, what to expect on the day, and how to prepare with your pastor.',
    body: paragraphs(
      'Jesus sent his followers to make disciples, "baptizing them in the name of the Father, and of the Son, and of the Holy Ghost" (Matthew 28:19-20). These three sessions explain what baptism means, who it is for, and how to prepare. Churches differ in some practices, so do this study with your pastor.',
      'Session 1, What baptism means: being buried with Christ and raised to walk in newness of life (Romans 6:3-4); putting on Christ (Galatians 3:27); repentance and the gift of the Holy Spirit (Acts 2:38). It is an outward sign of an inward change, not a ceremony that makes anyone good enough for God.',
      'Session 2, Who and how: in the New Testament people were baptised when they believed (Acts 8:36-38; Acts 16:30-33), and the word itself means to immerse. Read these accounts and note what came before each baptism: hearing the message, believing, and asking.',
      'Session 3, Preparing for the day: go over what you believe with your pastor, write a short testimony to share if your church invites one, invite family and friends, and bring a change of clothes and a towel. Afterwards, keep going: find a mentor, join a small group, and remember the date; it is your spiritual birthday.',
    ),
    type: 'Bible Study',
    duration: '3 sessions',
    participants: 1460,
    rating: 4.8,
  },
  {
    category: 'new_believers',
    title: 'Growing Together in Christ',
    description: 'For new believers who are dating: building a relationship on prayer, accountability and shared worship.',
    body: paragraphs(
      'For couples where one or both have recently come to faith: a relationship built on Christ is "a threefold cord" that "is not quickly broken" (Ecclesiastes 4:12). Two evening sessions, best done together with a mentor couple from your church.',
      'Session 1, Foundations: pray together briefly every time you meet, even for one minute; read the same passage during the week and talk about it; agree on clear physical boundaries and the reasons for them (1 Thessalonians 4:3-7); each choose one older believer whom you allow to ask you hard questions.',
      'Session 2, Worship and community: go to church together and keep your own friendships there too; serve side by side in one ministry for a season and see how you work together; keep the Sabbath as a day of rest and connection, not errands; seek wise counsel before big decisions (Proverbs 15:22).',
      'To take home: each of you writes three things you hope your relationship will look like spiritually a year from now. Share them, pray over them together, and show them to your mentor couple.',
    ),
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
    body: paragraphs(
      'Your story of what God has done is one of the most natural ways to talk about him. When the apostle Paul stood before King Agrippa he simply told his story (Acts 26:1-23). This workshop helps you shape yours into three clear minutes.',
      'Step 1, Before: what your life was like, honestly and without glamorising it. Step 2, How: how you came to Christ, naming the people, the moment or the season, and what you understood of the gospel. Step 3, Since: what has changed and what is still changing. Keep the focus on Jesus, not on how bad or how good you were.',
      'Step 4: write it out in about 400 words, then cut every churchy word a friend would not use ("saved", "sanctified", "fellowship") and say it in plain language. Step 5: practise aloud with a partner and time it. Step 6: end with a question, not a sermon: "Has anything like that happened to you?"',
      'Tell it "with meekness and fear" (1 Peter 3:15): listen more than you speak, and trust the Holy Spirit, not your eloquence, to open hearts. Pray for three people by name this week and look for a natural moment to share.',
    ),
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
    body: paragraphs(
      'Paul told Timothy to entrust what he had learned "to faithful men, who shall be able to teach others also" (2 Timothy 2:2). Over six weeks you will learn to prepare, lead and multiply a small group that welcomes believers and seekers alike.',
      'Week 1, Preparing: choose one passage, not a whole book; read it three times and pray for each member by name. Week 2, Asking good questions: observation (What does it say?), interpretation (What did it mean to its first readers?), application (What will we do this week?). Write no more than seven questions. Week 3, Leading the conversation: wait ten seconds after a question, gently redirect when one voice dominates, and invite quiet members by name only when you know they are comfortable.',
      'Week 4, Welcoming seekers: explain terms, give page numbers rather than assume people know where a book is, and treat doubts as good questions. Week 5, Prayer and care: keep requests short and confidential, and follow up with a message during the week. Week 6, Raising leaders: let an apprentice lead one evening, talk it over afterwards, and plan for the group to multiply once it passes twelve people.',
    ),
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
    body: paragraphs(
      '"Be ready always to give an answer to every man that asketh you a reason of the hope that is in you with meekness and fear" (1 Peter 3:15). Apologetics is not winning arguments; it is helping friends see that faith in Christ is reasonable, in the conversations you already have at work, at home and online.',
      'Weeks 1-2, Method: ask questions before making claims ("What do you mean by that?", "How did you come to that conclusion?"), find common ground as Paul did in Athens (Acts 17:22-31), and stay gracious (Colossians 4:5-6). Weeks 3-4, Does God exist? The beginning of the universe, its fine-tuning, and the moral law we all appeal to (Romans 1:20; Romans 2:14-15).',
      'Weeks 5-6, Can we trust the Gospels? Eyewitness sources, early dates and the manuscript record. Weeks 7-8, Did Jesus rise from the dead? The empty tomb, the appearances and the transformed disciples (1 Corinthians 15:3-8). Weeks 9-10, Hard questions: suffering and evil, other religions, and how a loving God is also just.',
      'Each week ends with a role-play: one person raises a common objection, the other practises a short, kind reply and a good follow-up question. People are rarely argued into the kingdom, but many have been loved and listened into it.',
    ),
    type: 'Course',
    duration: '10 weeks',
    participants: 1120,
    rating: 4.7,
  },
  {
    category: 'mature_christians',
    title: 'Serving Together as a Couple',
    description: 'For engaged and married couples: discover your shared gifts and plan a ministry of hospitality in your home and church.',
    body: paragraphs(
      '"By love serve one another" (Galatians 5:13). A marriage is not only a place to be loved; it is a team God sends out. These five sessions help engaged and married couples find the ministry they can do together.',
      "Session 1, Called to serve: read Galatians 5:13 and Mark 10:43-45 and list the ways you already serve others. Session 2, Your gifts: read Romans 12:4-8 and 1 Peter 4:10, then each of you names the other's gifts before your own. Look for where they overlap and where they complement each other.",
      'Session 3, Hospitality: "given to hospitality" (Romans 12:13; Hebrews 13:2). Plan one simple Sabbath lunch for a newcomer, a single friend or a neighbour. Session 4, Planning a ministry: choose one ongoing way to serve for six months (a home Bible study, mentoring a younger couple, visiting the elderly) and put it on the calendar.',
      'Session 5, Guarding your marriage while you serve: protect your Sabbath rest and your time alone together, agree on a weekly limit for ministry evenings, and pray together about every new commitment before saying yes.',
    ),
    type: 'Bible Study',
    duration: '5 sessions',
    participants: 640,
    rating: 4.8,
  },
]
