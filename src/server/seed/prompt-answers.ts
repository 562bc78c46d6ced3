import type { ProfilePromptId } from '#shared/content/profile-prompts.ts'
import type { DemoMember } from './demo-members.ts'
import { createRandom } from './random.ts'

/** Its own stream, so adding prompts leaves every other demo detail as it was. */
const PROMPTS_SEED = 7_310_415

/** A few answers per prompt; `{city}` and `{church}` are the member's own. */
const answers: Record<ProfilePromptId, readonly string[]> = {
  verse: [
    'Lamentations 3:22-23. His mercies are new every morning, and I need every one of them.',
    'Micah 6:8: do justly, love mercy, walk humbly. It fits on a sticky note and takes a lifetime.',
    'Isaiah 40:31. I have run out of strength more than once, and He has never run out.',
    'Proverbs 3:5-6, written inside the cover of every Bible I have owned.',
  ],
  sabbath_afternoons: [
    'A long lunch with friends from church, a nap I do not apologise for, then a walk before sunset.',
    'Hiking somewhere near {city} with a thermos and a Psalm to read at the top.',
    'Visiting the older members of {church}, then vespers with whoever is still around.',
    'Board games, potluck leftovers and a sunset I actually stop to watch.',
  ],
  marriage_non_negotiable: [
    'Praying together, even on the days we do not feel like it.',
    'Honesty, including about money. Especially about money.',
    'Church on the weekend as a family, not as two people who happen to sit together.',
    'We forgive quickly and never go to bed angry.',
  ],
  prayed_for: [
    'Courage to say yes to a mission trip I have been putting off for two years.',
    'My younger brother, who is finding his way back to faith.',
    'A spouse who loves God more than they love me, which is a high bar on purpose.',
    'Patience. I have been told this is a dangerous prayer.',
  ],
  church_role: [
    'In the back row of the choir, singing harmony nobody asked for.',
    'At the welcome table at {church}, learning every newcomer’s name.',
    'Running the sound desk and pretending the feedback was intentional.',
    'Teaching the kindergarten class and learning more than they do.',
  ],
  faith_moment: [
    'At a youth camp when I was sixteen, when a counsellor asked what I believed, not what my parents did.',
    'In a hospital waiting room, where I stopped bargaining and started trusting.',
    'Reading the Gospel of John straight through one winter in {city}.',
    'When a small church welcomed me back after years away and nobody asked where I had been.',
  ],
  first_date: [
    'Coffee and a walk through a farmers’ market, where we argue about the best tomatoes.',
    'Volunteering together at a food bank, then tacos.',
    'A quiet dinner and the question “what is God teaching you lately?”',
    'Mini golf. I am competitive, and you should know that early.',
  ],
  serving: [
    'Cooking for anyone who just had a baby, moved house or lost someone.',
    'Tutoring kids after school at our church’s learning centre.',
    'Fixing things: bikes, shelves, the church van when it makes that noise again.',
    'Driving the older members of {church} to appointments on weekdays.',
  ],
  family_tradition: [
    'Reading the Christmas story aloud before anyone opens a present.',
    'Sunday dinners with an open chair for whoever needs one.',
    'Writing down answered prayers in a notebook that is now three notebooks.',
    'Singing grace in harmony, badly, with everyone.',
  ],
  worship_song: [
    '“Great Is Thy Faithfulness”, the old hymnal version.',
    '“Goodness of God”. I cannot get through it without tearing up.',
    '“It Is Well”, ever since a hard year taught me what it means.',
    '“Way Maker”, loudly, in the car.',
  ],
  hoping_for: [
    'prays first and plans second, and laughs at my jokes at least half the time.',
    'is kind to waiters, patient with children, and serious about Jesus.',
    'wants a home with an open door and a full table.',
    'will serve alongside me and tell me the truth in love.',
  ],
  laugh: [
    'A terrible pun, delivered with total confidence.',
    'Stories from my nieces and nephews, who have no filter.',
    'Watching me attempt to parallel park.',
    'Church-sign puns. “Come in for a faith lift” gets me every time.',
  ],
}

const promptIds = Object.keys(answers) as ProfilePromptId[]

/** Two or three answered prompts for most demo members; a few have none, as real profiles would. */
export function demoPrompts(member: DemoMember, index: number): { promptId: ProfilePromptId; answer: string }[] {
  const random = createRandom(PROMPTS_SEED + index)
  if (random.chance(0.15)) return []
  return random.sample(promptIds, random.int(2, 3)).map((promptId) => ({
    promptId,
    answer: random
      .pick(answers[promptId])
      .replaceAll('{city}', member.city)
      .replaceAll('{church}', member.churchName || 'church'),
  }))
}
