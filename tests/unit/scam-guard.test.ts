import { describe, expect, it } from 'vitest'
import {
  describeScamSignals,
  EARLY_CONVERSATION_MESSAGES,
  explainScamSignals,
  type ScamSignalId,
  scamSignalIds,
  scamSignals,
} from '#shared/logic/scam-guard.ts'

/** Messages of the kind romance scammers send, each with the rule it must meet. */
const scams: [ScamSignalId, string][] = [
  ['money_request', 'Honey can you send me $500 so I can pay for my flight to come see you?'],
  ['money_request', 'Could you please help me with 1,200 dollars, I will pay you back as soon as I get home.'],
  ['money_request', 'I hate to ask but could you lend me some money until my contract payment clears'],
  ['money_request', 'Please send the money through Cash App to $BlessedJames77 tonight'],
  ['money_request', 'Can you help me pay my rent this month? I am short by $800'],
  ['money_request', 'My Zelle is my email, just send it to me there, $300 is enough'],
  ['money_request', 'I need you to cover the balance of my visa, it is only 650 dollars'],
  ['money_request', 'Would you be able to spare $2,000? The bank here won’t release my salary'],
  ['money_request', 'Please send me the money by PayPal, I promise to pay you back immediately'],
  ['gift_cards', 'Can you buy me an iTunes gift card and send me a picture of the back?'],
  ['gift_cards', 'Go to Walmart and get 4 Google Play cards of $100, scratch them and send the codes'],
  ['gift_cards', 'Please pick up some Steam cards for me, I will explain later'],
  ['gift_cards', 'The customs office only accepts Apple gift cards, send me the code and a photo of the receipt'],
  ['gift_cards', 'Buy me a Razer Gold card, my darling, I need it urgently'],
  ['crypto_or_wire', 'Send it in Bitcoin, here is my wallet address: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh'],
  ['crypto_or_wire', 'You can deposit the cash at the bitcoin ATM near you and I will guide you'],
  ['crypto_or_wire', 'Just use Western Union to my agent in Lagos, his name is Mr Okafor'],
  ['crypto_or_wire', 'Can you wire the money to my account? I will send you the routing number'],
  ['crypto_or_wire', 'Transfer the USDT to this address and screenshot it for me'],
  ['crypto_or_wire', 'MoneyGram is the fastest, please do it today love'],
  ['off_platform', 'I am not on here much, text me on WhatsApp instead sweetheart'],
  ['off_platform', 'Do you have Telegram? This site keeps logging me out'],
  ['off_platform', 'Add me on Google Hangouts, my id is pastor.michael.w'],
  ['off_platform', "Let's move this chat over to Signal, it's more private"],
  ['off_platform', 'I will be leaving this site soon because my subscription ends, my Kik username is davidlove'],
  ['off_platform', 'Write me at davidwilliams.love@gmail.com so we can talk more freely'],
  ['off_platform', 'Are you on Viber or WeChat? I rarely check this app'],
  ['phone_number', 'Here is my number +1 (415) 555-0198 text me anytime dear'],
  ['phone_number', 'My cell is 234 803 555 0147, I am working overseas'],
  ['phone_number', 'Call me at 615.555.0134 tonight, I want to hear your voice'],
  ['investment', 'My uncle is a forex expert and he taught me how to trade, you should try it'],
  ['investment', 'I made good profit on this crypto trading platform, guaranteed returns every week'],
  ['investment', 'There is an investment opportunity I want to share only with you, 30% returns monthly'],
  ['investment', 'With $1000 you can double your money in two weeks, I will guide you step by step'],
  ['investment', 'Download the trading app and I will show you how I earn 5% daily'],
  ['investment', 'Have you heard about USDT arbitrage? My mentor helps me profit from it'],
  ['romance_script', 'Good morning my dear, how was your night?'],
  ['romance_script', 'I am an engineer working on an oil rig in the North Sea, the internet is poor here'],
  ['romance_script', 'My package is held at the airport and they want customs fees before they release it'],
  ['romance_script', 'My daughter is sick and the hospital bills are too much, I cannot pay them alone'],
  ['romance_script', 'I need to pay the tax on my inheritance funds before the bank can release them to me'],
  ['romance_script', 'I am stuck in Malaysia and my bank account has been frozen'],
  ['romance_script', 'I am serving on a UN peacekeeping mission in Syria, my contract ends in two months'],
  ['romance_script', 'The diplomatic courier has your box, the clearance fee is small'],
  ['romance_script', 'My lawyer needs $3,500 to complete the paperwork for the gold bars'],
  ['romance_script', 'Thank you my dearest, God brought you into my life'],
]

/** What Christian singles write to each other: church, family, dates, faith, work, verses, times and sums. */
const ordinary: string[] = [
  'Good morning! How was the worship service at your church today?',
  'Our pastor preached on John 3:16 this Sunday and it moved me to tears.',
  'I tithe 10% of my paycheck, it has been a blessing to trust God with my finances.',
  'Are you going to the singles Bible study on Thursday at 7:30?',
  "I'm raising support for our mission trip to Guatemala next summer, the whole youth group is going.",
  'We had a bake sale fundraiser for the mission trip and raised $1,250!',
  'Call me sometime, I would love to hear more about your family.',
  'Psalm 139:13-14 is my favourite passage, I read it every morning.',
  'Would you like to get dinner on Friday? There is a nice Italian place downtown.',
  "My mom's birthday is Saturday so I'm driving to Knoxville for the weekend.",
  'I work as a nurse at Vanderbilt, twelve-hour shifts are tiring but I love it.',
  'The offering this week went to the food pantry, over 300 families were fed.',
  'Romans 8:28 carried me through a hard season last year.',
  'Do you like hiking? The trails at Radnor Lake are beautiful in the fall.',
  'I teach third grade Sunday school, the kids memorised 1 Corinthians 13:4-7.',
  'Church starts at 10:45 and there is coffee in the fellowship hall at 10.',
  'I grew up Baptist but I have been attending a nondenominational church for 5 years.',
  'What is your favourite worship song? Mine is Goodness of God.',
  'My dad is a deacon, he has served the church for over 20 years.',
  'Thank you for praying for my grandmother, she is home from the hospital now.',
  'Please pray for my brother, he starts a new job in Denver on Monday.',
  'How many siblings do you have? I am the oldest of four.',
  'I volunteered at the homeless shelter this morning, it was humbling.',
  'Proverbs 31:10-31 describes the kind of wife I pray to become.',
  'Do you keep the Sabbath? I rest from Friday sunset to Saturday sunset.',
  'We are collecting donations for the church roof repair, the goal is $40,000.',
  'Our church gives to missions in Kenya every month.',
  'I just got back from a conference in Atlanta, the keynote was on Ephesians 5:25.',
  'Coffee after church next week? There is a cafe on 12th Avenue.',
  'I love cooking, my specialty is my grandmother’s peach cobbler.',
  'How was your week? Mine was busy with work deadlines.',
  'My favourite verse is Jeremiah 29:11, it reminds me God has a plan.',
  'I have been a Christian since I was 16, I was baptised at summer camp.',
  "Let's meet at the park at 2pm on Saturday, it should be sunny.",
  'I play guitar on the worship team every other Sunday.',
  'What do you look for in a spouse? For me faith comes first.',
  'I am saving up to buy a house, I want to put down 20% by next year.',
  'The church picnic is on June 14th, you should come!',
  'My small group is reading through the book of Acts, we are on chapter 12.',
  'I paid $15 for the concert tickets, it was worth every penny.',
  'Can you send me the address of your church? I would like to visit.',
  'I would love to hear your testimony when we talk next.',
  'Matthew 6:33 says seek first the kingdom of God.',
  'Do you want kids someday? I would love to have three.',
  'I am a software engineer, I work remotely for a company in Austin.',
  'It was so good to talk with you last night!',
  'My family does a big Christmas dinner, 25 people in one house.',
  'I fast on Wednesdays, it helps me focus on prayer.',
  'The youth retreat costs $180 per student, we are covering scholarships through the church.',
  'My sister just had a baby girl, 7 pounds 8 ounces!',
  'I ran the half marathon in 2:05, slower than I hoped but I finished.',
  'Have you read Mere Christianity? C.S. Lewis is brilliant.',
  'Let me know when you are free this week, I can do Tuesday or Thursday evening.',
  "I'm reading 2 Timothy 1:7 before my job interview tomorrow.",
  'My church has about 400 members and a great choir.',
  'Did you grow up in Nashville or move here?',
  'I moved here in 2019 for work and never left.',
  'We worked at the church from 2018 2019 2020 as volunteers in the nursery.',
  'My grandparents were married 62 years, I want a marriage like theirs.',
  'Happy Sabbath! I hope your day is restful.',
  'I took my nephews to the zoo, they loved the giraffes.',
  'Our Wednesday night supper is only $5 and the food is great.',
  'Would you be willing to pray with me before our first date?',
  'I am a teacher, summers off are the best part.',
  'I give to the building fund every quarter.',
  'The mission trip to Haiti changed my life in 2016.',
  'What denomination is your church? Mine is Presbyterian.',
  'I love the hymn It Is Well With My Soul.',
  'Sorry for the late reply, work was crazy today.',
  'How was your trip to visit your parents?',
  'My favourite book of the Bible is Ruth.',
  'We could go to the 9 am service and then brunch.',
  'I am Seventh-day Adventist, do you know much about our church?',
  'Genesis 2:18 says it is not good for man to be alone.',
  'I have two dogs, a lab named Moses and a beagle named Ruthie.',
  'Our church choir sings at the nursing home every first Sunday.',
  'My job is in accounting, tax season is coming up fast.',
  "What's your favourite thing to do on a Saturday?",
  "I'm making lasagna tonight for my roommates.",
  'I have been praying about what God wants for my life.',
  'Did you watch the game last night? What a finish!',
  'My church is doing a 21-day fast in January.',
  'I just finished reading the Psalms, 150 chapters in 30 days.',
  'Thank you for sharing about your father, I am so sorry for your loss.',
  'I am nervous about meeting in person but also excited.',
  "Let's meet somewhere public for our first date, maybe the coffee shop on Main Street.",
  'I told my mom about you, she said she would pray for us.',
  'Isaiah 40:31 is what got me through nursing school.',
  'The potluck is at 6, bring a side dish if you can.',
  'I serve in the children’s ministry, 30 kids every week!',
  'We raised $3,000 for the crisis pregnancy center at the gala.',
  'I visited Israel in 2022 with my church, walking where Jesus walked was amazing.',
  'My favourite Christmas tradition is reading Luke 2 with my family.',
  'How long have you been a member at your church?',
  'I hope you have a blessed week at work.',
  'The sermon series on marriage has been so good, week 3 was about forgiveness.',
  'I love that you volunteer with the prison ministry.',
  'Do you prefer mountains or the beach?',
  'My roommate and I host a prayer night at our apartment every Tuesday.',
  'Are you free for a phone call this weekend?',
  'I would love to call you Saturday afternoon if that works.',
  'My grandpa was a pastor for 40 years in rural Georgia.',
  'I just started a new job at the hospital, it is going well.',
  'Did you see the sunrise this morning? God’s handiwork is everywhere.',
  'My favourite Bible character is Esther, she was so brave.',
  'Our church has a young adults group that meets on Sunday evenings.',
  "What's your love language? Mine is quality time.",
  'I am training for a 10K, 3 miles a day right now.',
  'I would love to meet your family someday.',
  'The worship night was incredible, 500 people singing together.',
  'Hebrews 11:1 says faith is the substance of things hoped for.',
  'I am going to a wedding next weekend, my college roommate is getting married.',
  'My parents have been married 35 years and they still hold hands.',
  'Can you recommend a good devotional? I finished Jesus Calling.',
  'My church gives 15% of its budget to missions.',
  'I sing alto in the choir, we are practising Handel’s Messiah.',
  'Thank you for a lovely evening, dinner was wonderful.',
  'I am so thankful God brought us together on here.',
  'Would you want to do a Bible reading plan together?',
  'Our pastor is retiring after 30 years, the church is throwing him a party.',
  'I am an elder at my church, it is a big responsibility.',
  'The church bus trip to the Ark Encounter is $45 a person.',
  'Let me know when you land safely, praying for travel mercies.',
  'I had a long day at the office, but your message made me smile.',
  'My favourite verse in Psalm 46 is verse 10, be still and know.',
  "I'm helping my sister move this weekend, pray for my back!",
  'Did you grow up going to church?',
  'I love that you are close to your grandmother.',
  'My church just launched a food truck ministry downtown.',
  'Have you ever been on a mission trip?',
  'I work nights at the fire station, 24 hours on and 48 off.',
  'Which service do you attend, 8:30 or 11?',
  'I made a donation to the church’s scholarship fund in my dad’s name.',
  'Mark 12:30-31 sums up what I want my life to be about.',
  'My best friend from church is getting engaged!',
  'I teach piano lessons on the side, mostly kids from church.',
  'Are you watching the Christmas pageant rehearsal on Saturday?',
  'I would like to take you to dinner, my treat.',
  'I hope your mom recovers quickly, I will keep her in my prayers.',
  'I started journaling my prayers this year.',
  'The Lord has been teaching me patience lately.',
  'My pastor says a good marriage has three people in it: husband, wife and God.',
  'I am reading Numbers right now, chapters 1 to 4 are a lot of counting!',
  'We sent 12 kids to camp this summer thanks to the church scholarship.',
  'I bought a new Bible with wide margins for note taking.',
  'What time works for you on Sunday afternoon?',
  'I am not a morning person, but I try to do my devotions at 6.',
  'Grace and peace to you this week!',
  'Blessings on your new job, I am proud of you.',
  'My church youth group is selling Christmas wreaths for $25 to fund the mission trip.',
  'Let me know if you would like to come to my sister’s baby dedication on the 3rd.',
  'I finished my master’s degree in social work in 2021.',
  'The gospel of John is my favourite, especially chapter 15.',
  'My dear friend Sarah from church invited me to her Bible study.',
  'I love long walks and talking about life and faith.',
  'Let me know your schedule and we can find a time for a call.',
  "I'm grateful for your honesty, it means a lot.",
  'Did you have a good Thanksgiving with your family?',
  'I got my mom an Amazon gift card for her birthday, she loves to read.',
  'My signal is terrible up here in the mountains, sorry for the slow replies.',
  'Our small group uses a WhatsApp group to share prayer requests.',
  'I found a lamp at a consignment shop for $12, a real bargain.',
  'My Instagram account got locked again, so annoying.',
  'Colossians 1:12 speaks of the inheritance of the saints in light.',
  'My grandfather left me a small inheritance and I used it to pay off my student loans.',
  'Dinner is on me this time, I insist!',
  'I still owe you $10 for the coffee, remind me on Sunday.',
  'Would you let me cover the bill tonight?',
  'We are praying for our friends in Ghana who lost their jobs.',
  'Could you send me the photos from the retreat?',
]

describe('the scam guard', () => {
  it('has a big enough corpus to measure', () => {
    expect(scams.length).toBeGreaterThanOrEqual(40)
    expect(ordinary.length).toBeGreaterThanOrEqual(150)
    expect(new Set(scams.map(([rule]) => rule))).toEqual(new Set(scamSignalIds))
  })

  it.each(scams)('flags a scam message with %s: %s', (rule, message) => {
    expect(scamSignals(message, { earlierMessages: 0 })).toContain(rule)
  })

  it('keeps the false-positive rate on ordinary messages at or below 2%', () => {
    const flagged = ordinary
      .map((message) => ({ message, signals: scamSignals(message, { earlierMessages: 0 }) }))
      .filter(({ signals }) => signals.length > 0)
    const rate = flagged.length / ordinary.length
    console.log(
      `scam guard: ${scams.length} scam messages all flagged; false positives ${flagged.length} of ${ordinary.length} ordinary messages (${(rate * 100).toFixed(1)}%)`,
    )
    for (const { message, signals } of flagged) console.log(`  flagged ordinary message (${signals.join(', ')}): ${message}`)
    expect(rate).toBeLessThanOrEqual(0.02)
  })

  it('lets a settled conversation move to another app or share a number, but never ask for money', () => {
    const settled = { earlierMessages: EARLY_CONVERSATION_MESSAGES }
    expect(scamSignals('Text me on WhatsApp, my number is 615-555-0134', { earlierMessages: EARLY_CONVERSATION_MESSAGES - 1 })).toEqual([
      'off_platform',
      'phone_number',
    ])
    expect(scamSignals('Text me on WhatsApp, my number is 615-555-0134', settled)).toEqual([])
    expect(scamSignals('Can you send me $500 through Western Union?', settled)).toEqual(['money_request', 'crypto_or_wire'])
  })

  it('sees through curly apostrophes, capitals and hidden characters', () => {
    expect(scamSignals('WHAT’S APP me', { earlierMessages: 0 })).toEqual([])
    expect(scamSignals('Text me on What’s\u200bApp', { earlierMessages: 0 })).toEqual(['off_platform'])
    expect(scamSignals('CAN YOU SEND ME $400', { earlierMessages: 0 })).toEqual(['money_request'])
  })

  it('names everything a message met in one sentence', () => {
    expect(describeScamSignals(['money_request'])).toBe('This message asks for money.')
    expect(describeScamSignals(['romance_script', 'money_request', 'crypto_or_wire'])).toBe(
      'This message asks for money, asks for cryptocurrency or a wire transfer and uses words often found in romance scams.',
    )
    expect(describeScamSignals([])).toBe('')
  })

  it('explains each signal in calm words, and forgets ids it does not know', () => {
    const explained = explainScamSignals(['gift_cards', 'retired_rule', 'money_request'])
    expect(explained.map((signal) => signal.id)).toEqual(['money_request', 'gift_cards'])
    for (const signal of explainScamSignals(scamSignalIds)) expect(signal.explanation).toMatch(/^This message [^!]+\.$/)
  })
})
