/** The composer's modes: Message, Prayer, Verse. */
export const messageTypes = ['text', 'prayer_request', 'verse_share'] as const
export type MessageType = (typeof messageTypes)[number]
