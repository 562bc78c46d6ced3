/** The 66 books of the Protestant canon, as references name them. */
export const bibleBooks = [
  'Genesis', 'Exodus', 'Leviticus', 'Numbers', 'Deuteronomy', 'Joshua', 'Judges', 'Ruth', '1 Samuel', '2 Samuel',
  '1 Kings', '2 Kings', '1 Chronicles', '2 Chronicles', 'Ezra', 'Nehemiah', 'Esther', 'Job', 'Psalms', 'Proverbs',
  'Ecclesiastes', 'Song of Solomon', 'Isaiah', 'Jeremiah', 'Lamentations', 'Ezekiel', 'Daniel', 'Hosea', 'Joel', 'Amos',
  'Obadiah', 'Jonah', 'Micah', 'Nahum', 'Habakkuk', 'Zephaniah', 'Haggai', 'Zechariah', 'Malachi',
  'Matthew', 'Mark', 'Luke', 'John', 'Acts', 'Romans', '1 Corinthians', '2 Corinthians', 'Galatians', 'Ephesians',
  'Philippians', 'Colossians', '1 Thessalonians', '2 Thessalonians', '1 Timothy', '2 Timothy', 'Titus', 'Philemon',
  'Hebrews', 'James', '1 Peter', '2 Peter', '1 John', '2 John', '3 John', 'Jude', 'Revelation',
] as const

const aliases: Record<string, string> = { Psalm: 'Psalms', 'Song of Songs': 'Song of Solomon' }
const names = [...bibleBooks, ...Object.keys(aliases)].sort((a, b) => b.length - a.length)
const reference = new RegExp(`^(${names.map((name) => name.replace(/ /g, '\\s+')).join('|')})\\s+\\d{1,3}(:\\d{1,3}(\\s*[-–]\\s*\\d{1,3})?)?\\b`)

/** True when the text begins with a real book, a chapter and optionally verses: "Ephesians 4:26", "1 John 4:19-21". */
export function startsWithScriptureReference(text: string): boolean {
  return reference.test(text.trim())
}
