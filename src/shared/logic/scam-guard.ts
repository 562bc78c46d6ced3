/**
 * The scam guard's rules: what romance scammers send, as patterns a message is checked against.
 * Shared so the composer can warn its sender at once and the server decides the same way. Each
 * pattern needs a request or a telling phrase, not a single word, so that ordinary talk about
 * offerings, a mission-trip fundraiser, a phone call or a verse reference passes untouched.
 */

/** Moving to another app or sharing a phone number counts only this early in a conversation. */
export const EARLY_CONVERSATION_MESSAGES = 10

/** The advice the recipient's safety note ends with. */
export const SCAM_SAFETY_ADVICE = "Never send money to someone you haven't met."

/** The sender's question before a flagged message goes out; the server refuses with the same words. */
export const SCAM_CONFIRMATION_NEEDED = 'This message looks like something scammers send. Send it anyway?'

interface ScamRule {
  id: string
  /** Calm words for either member, naming what the message does. */
  explanation: string
  /** The same in a few words, for one sentence naming everything a message met. */
  summary: string
  /** Only counts while the conversation is young (fewer than EARLY_CONVERSATION_MESSAGES earlier messages). */
  early?: boolean
  patterns: RegExp[]
}

// Phrases reused across rules, as regular-expression source.
const CLAUSE = '[^.?!\\n]'
const MONEY =
  '(?:money|cash|funds|\\$\\s?\\d[\\d,.]*k?|\\d[\\d,.]*\\s?(?:dollars|usd|euros?|pounds|bucks|naira|cedis)|(?:the|this|that) (?:fee|fees|balance|payment|customs|clearance|hospital bills?|medical bills?)|my (?:fee|fees|bills|rent|taxe?s|ticket|flight|visa|customs|hospital bills?|medical bills?|lawyer|shipping))'
const APPS =
  "(?:what'?s\\s?app|whatsap|watsapp|wh[a@]ts\\s?app|telegram|signal|kik|viber|wechat|we chat|google hangouts?|hangouts|google chat|google voice|skype|snap\\s?chat|line app)"
const GIFT_CARD =
  '(?:gift\\s?cards?|(?:itunes|google play|steam|razer gold|vanilla|ebay|apple|amazon|sephora|target)\\s+(?:gift\\s?)?cards?)'

const rules = [
  {
    id: 'money_request',
    explanation: 'This message asks for money.',
    summary: 'asks for money',
    patterns: [
      new RegExp(
        `\\b(?:can|could|would|will) you${CLAUSE}{0,40}?\\b(?:send|wire|transfer|lend|loan|spare|pay|cover|help(?: me)?(?: with| pay| to pay| cover)?)\\b${CLAUSE}{0,40}?${MONEY}`,
      ),
      new RegExp(
        `\\b(?:please|i need you to|help me)\\b${CLAUSE}{0,20}?\\b(?:send|wire|transfer|lend|loan|spare|pay|cover)\\b${CLAUSE}{0,40}?${MONEY}`,
      ),
      new RegExp(`\\bsend (?:me|it to me|us)\\b${CLAUSE}{0,30}?${MONEY}`),
      new RegExp(`\\b(?:lend|loan) me\\b${CLAUSE}{0,20}?${MONEY}|\\bborrow${CLAUSE}{0,20}?${MONEY}`),
      /\b(?:send|transfer|pay)\s+(?:me|it to me|it to my|to my)\b[^.?!\n]{0,30}?\b(?:cash\s?app|venmo|zelle|paypal|apple pay|chime)\b/,
      /\bmy (?:cash\s?app|venmo|zelle|paypal|chime)\s*(?:is|tag|handle|account|email|:)/,
      /(?:^|\s)\$[a-z][a-z0-9_]{2,}\b(?![\d,.])/,
      /\bi (?:will|'ll|promise to) (?:pay|refund) you back (?:as soon as|once|immediately|double)/,
    ],
  },
  {
    id: 'gift_cards',
    explanation: 'This message asks for gift cards, which cannot be traced or refunded.',
    summary: 'asks for gift cards',
    patterns: [
      new RegExp(`\\b(?:scratch|codes?|pins?|pictures?|photos?|pics?)\\b${CLAUSE}{0,40}?\\b${GIFT_CARD}`),
      new RegExp(`\\b${GIFT_CARD}${CLAUSE}{0,50}?\\b(?:codes?|pins?|scratch|pictures?|photos?|pics?|back of)\\b`),
      new RegExp(
        `\\b(?:(?:can|could|would|will) you|please|i need you to)\\b${CLAUSE}{0,40}?\\b(?:buy|get|send|purchase|pick up)\\b${CLAUSE}{0,40}?\\b${GIFT_CARD}`,
      ),
      new RegExp(`\\b(?:buy|get|send|purchase)\\s+(?:me|us)\\b${CLAUSE}{0,30}?\\b${GIFT_CARD}`),
    ],
  },
  {
    id: 'crypto_or_wire',
    explanation: 'This message asks for cryptocurrency or a wire transfer, which cannot be reversed.',
    summary: 'asks for cryptocurrency or a wire transfer',
    patterns: [
      /\b(?:send|transfer|deposit|pay|fund|load)\b[^.?!\n]{0,40}?\b(?:bitcoin|btc|usdt|tether|ethereum|eth|crypto(?:currency)?)\b/,
      /\b(?:bitcoin|btc|usdt|crypto|ethereum|eth)\s+(?:wallet|address|atm|machine)\b/,
      /\bwallet address\b/,
      /\b(?:western union|moneygram|money gram|world remit|worldremit|remitly)\b/,
      /\bwire\s+(?:transfer|the money|the funds|me|\$)/,
      /\b(?:bank|account) (?:transfer|details|info)\b[^.?!\n]{0,30}?\b(?:send|give|transfer|need)|\b(?:send|give)\b[^.?!\n]{0,20}?\b(?:bank|account) (?:details|info|number)\b/,
      /\brouting (?:and account )?number\b|\biban\b|\bswift code\b/,
    ],
  },
  {
    id: 'off_platform',
    explanation: 'This message asks to move the conversation to another app early on, where Covenant cannot help keep you safe.',
    summary: 'asks to move to another app early on',
    early: true,
    patterns: [
      new RegExp(
        `\\b(?:text|message|chat|talk|reach|contact|add|find|hit|call|write)\\b(?: me| with me| each other)?(?: up)?\\s+(?:on|via|through|over|at|in)\\s+${APPS}`,
      ),
      new RegExp(`\\b(?:my|your) ${APPS}\\s*(?:number|id|handle|username|name|:)`),
      new RegExp(`\\b(?:do you (?:have|use)|are you on|download|install|get on|join me on|use)\\s+${APPS}`),
      new RegExp(`\\b(?:move|switch|continue|take|shift)\\b${CLAUSE}{0,25}?\\b(?:to|on|over to)\\s+${APPS}`),
      /\b(?:leave|leaving|quit|quitting|delete|deleting|close|closing)\s+(?:this|the)\s+(?:app|site|platform|website|dating site)\b/,
      /\b(?:not|rarely|hardly|barely|seldom)\s+(?:on|use|check|active on|online on)\s+(?:here|this (?:app|site|platform))/,
      /[a-z0-9._%+-]+@(?:gmail|yahoo|ymail|hotmail|outlook|live|aol|icloud|proton|protonmail|mail)\.[a-z.]{2,}/,
    ],
  },
  {
    id: 'phone_number',
    explanation: 'This message shares a phone number early in the conversation.',
    summary: 'shares a phone number early on',
    early: true,
    patterns: [
      /\b(?:my|the)\s+(?:cell|phone|mobile|number|digits)\b[^.?!\n]{0,20}?\d[\d\s().-]{5,}\d/,
      /\b(?:text|call|reach|whatsapp)\s+me\s+(?:at|on)\s+\+?\d[\d\s().-]{5,}\d/,
    ],
  },
  {
    id: 'investment',
    explanation: 'This message talks about an investment or trading opportunity; romance scams often turn into investment scams.',
    summary: 'talks about investing or trading',
    patterns: [
      /\bforex\b|\bbinary options?\b|\bpig butchering\b/,
      /\b(?:crypto|bitcoin|btc|usdt|gold|currency|futures)\s+(?:trading|investments?|mining|platforms?|signals?|arbitrage)\b/,
      /\btrading (?:platform|app|account|signals?|strategy|mentor|expert)\b/,
      /\binvestment (?:platform|opportunit(?:y|ies)|plan|package|portfolio|app)\b/,
      /\bguarantee(?:d|s)?\s+(?:returns?|profits?|income|earnings)\b/,
      /\bdouble (?:your|the|my) (?:money|investment|capital)\b/,
      /\b(?:returns?|profits?|roi|interest) of \d+\s?%|\b\d+\s?%\s+(?:returns?|profits?|roi)\b/,
      /\b(?:earn|make|made|get)\s+\d+\s?%\s+(?:daily|weekly|every (?:day|week)|a (?:day|week))/,
      /\b(?:my|an?) (?:uncle|aunt|mentor|cousin|friend|analyst)\b[^.?!\n]{0,40}?\b(?:trading|trades|crypto|forex)\b[^.?!\n]{0,40}?\b(?:teach|show|help|profit|earn|returns?)\b/,
      /\binvest\s+(?:with me|in this|in crypto|in bitcoin|in forex|on (?:this|the) platform)\b/,
      /\bpassive income\b/,
    ],
  },
  {
    id: 'romance_script',
    explanation: 'This message uses words often found in romance scams, such as a crisis far away or fees to release money.',
    summary: 'uses words often found in romance scams',
    patterns: [
      /(?:^|[.!?,]\s*|\b(?:hello|hi|hey|good (?:morning|night|evening|afternoon)|morning|evening|night|thank you|thanks|how are you)\s+)my (?:dear|dearest)(?=\s*[,!.?]|\s*$|\s+(?:how|i|good|are|do|did|have|thank))/,
      /\b(?:stuck|stranded|trapped)\s+(?:abroad|overseas|in (?:nigeria|ghana|malaysia|turkey|dubai|istanbul|syria|afghanistan|iraq|yemen|the gulf)|at (?:the )?(?:airport|customs|border))\b/,
      /\boil (?:rig|platform)\b|\boffshore (?:rig|platform)\b|\bon (?:the|an) rig\b/,
      /\bcustoms (?:fees?|charges?|clearance|duty|duties)\b|\bclearance (?:fees?|charges?|certificate)\b/,
      /\b(?:release|clear)\s+(?:the|my|your)\s+(?:package|parcel|consignment|box|funds|gold)\b|\bconsignment (?:box|fees?|company|delivery)\b|\bdiplomatic (?:box|bag|courier|package)\b|\btrunk box\b|\bgold bars\b/,
      /\b(?:hospital|medical) (?:bills?|fees?|charges?)\b[^.?!\n]{0,60}?\b(?:pay|help|send|money|\$)|\b(?:pay|help|send|money)\b[^.?!\n]{0,40}?\b(?:hospital|medical) (?:bills?|fees?|charges?)\b/,
      /\b(?:claim|release|transfer|receive|access|unlock)\s+(?:the|my|our)\s+inheritance\b|\binheritance\s+(?:funds?|money|of \$|worth|papers|documents|lawyer|attorney|fees?|tax)\b|\bnext of kin\b/,
      /\b(?:my|the) (?:bank account|funds|bank)\s+(?:is|are|has been|have been|was|were|got)\s+(?:frozen|blocked|locked|on hold|seized)\b|\bmy account (?:is|has been|was|got) frozen\b|\bcan'?t access my (?:bank|account|funds|money)\b/,
      /\bpeace ?keeping mission\b|\bun peacekeep/,
      /\b(?:lawyer|attorney|barrister|agent)\b[^.?!\n]{0,30}?\b(?:needs?|requires?|asked for|wants?)\s+(?:\$|money|payment|a fee)/,
    ],
  },
] as const satisfies readonly ScamRule[]

export type ScamSignalId = (typeof rules)[number]['id']

export interface ScamSignal {
  id: ScamSignalId
  explanation: string
}

export const scamSignalIds = rules.map((rule) => rule.id) as [ScamSignalId, ...ScamSignalId[]]

/** Lower case, straight apostrophes, no invisible characters or lookalike forms, single spaces. */
function normalise(content: string): string {
  return content
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200f\u2060\ufeff]/g, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[ \t]+/g, ' ')
}

/** A phone number: ten to fifteen digits in one run of digits and separators, and not a list of years. */
function sharesPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(/(?<![\d:/])\+?\(?\d[\d\s().-]{8,22}\d(?![\d:/])/g)) {
    const digits = match[0].replace(/\D/g, '')
    if (digits.length < 10 || digits.length > 15) continue
    const groups = match[0].split(/[\s().-]+/).filter(Boolean)
    if (groups.every((group) => /^(?:19|20)\d\d$/.test(group))) continue
    return true
  }
  return false
}

/**
 * The rules a message meets, in rule order. `earlierMessages` is how many messages the
 * conversation held before this one: moving apps or sharing a number counts only early on.
 */
export function scamSignals(content: string, context: { earlierMessages: number }): ScamSignalId[] {
  const text = normalise(content)
  const early = context.earlierMessages < EARLY_CONVERSATION_MESSAGES
  return rules
    .filter((rule: ScamRule) => {
      if (rule.early && !early) return false
      if (rule.id === 'phone_number' && sharesPhoneNumber(text)) return true
      return rule.patterns.some((pattern) => pattern.test(text))
    })
    .map((rule) => rule.id)
}

/** True when some rule the message meets depends on how young the conversation is. */
export function dependsOnConversationAge(signals: readonly ScamSignalId[]): boolean {
  return signals.some((id) => rules.some((rule: ScamRule) => rule.id === id && rule.early))
}

/** One calm sentence naming what a message met: "This message asks for money and asks for gift cards." */
export function describeScamSignals(ids: readonly string[]): string {
  const summaries = rules.filter((rule) => ids.includes(rule.id)).map((rule) => rule.summary)
  if (summaries.length === 0) return ''
  const last = summaries.pop()!
  return `This message ${summaries.length > 0 ? `${summaries.join(', ')} and ${last}` : last}.`
}

/** The stored rule ids with their explanations (ids of rules since retired are left out). */
export function explainScamSignals(ids: readonly string[]): ScamSignal[] {
  return rules.filter((rule) => ids.includes(rule.id)).map((rule) => ({ id: rule.id, explanation: rule.explanation }))
}
