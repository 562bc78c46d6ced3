import { and, asc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { photos, profilePrompts } from '#db/schema/index.ts'
import { InvalidInputError } from '#server/errors.ts'
import { promptText } from '#shared/content/profile-prompts.ts'
import type { InterestAbout } from '#shared/schemas/interests.ts'
import type { LikeAbout } from '#shared/schemas/likes.ts'
import type { ProfilePrompts } from '#shared/schemas/prompts.ts'
import { approvedPhoto } from './photos.ts'

export const PROMPT_NOT_ON_PROFILE = 'That prompt is no longer on their profile. Please like something they still show.'
export const PHOTO_NOT_ON_PROFILE = 'That photo is no longer on their profile. Please like something they still show.'

/** A member's answered prompts in their order, each with the prompt's words. */
export async function promptsOf(db: Database, userId: string) {
  const rows = await db
    .select({ promptId: profilePrompts.promptId, answer: profilePrompts.answer })
    .from(profilePrompts)
    .where(eq(profilePrompts.userId, userId))
    .orderBy(asc(profilePrompts.position))
  return rows.map((row) => ({ promptId: row.promptId, prompt: promptText(row.promptId), answer: row.answer }))
}

/** Replaces the member's prompts with these, in this order, in one batch. */
export async function setPrompts(db: Database, userId: string, { prompts }: ProfilePrompts, now = new Date()) {
  await db.batch([
    db.delete(profilePrompts).where(eq(profilePrompts.userId, userId)),
    ...prompts.map((prompt, position) =>
      db
        .insert(profilePrompts)
        .values({ userId, promptId: prompt.promptId, answer: prompt.answer, position, createdAt: now, updatedAt: now }),
    ),
  ])
  return promptsOf(db, userId)
}

/**
 * What a like answers, as the receiver's profile shows it now: a prompt keeps its words and answer
 * (the member may change them later), a photo must still be theirs.
 */
export async function aboutOnProfile(db: Database, receiverId: string, about: LikeAbout): Promise<InterestAbout> {
  if (about.kind === 'photo') {
    const [photo] = await db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.id, about.photoId), eq(photos.userId, receiverId), approvedPhoto))
    if (!photo) throw new InvalidInputError(PHOTO_NOT_ON_PROFILE)
    return { kind: 'photo', photoId: photo.id }
  }
  const [prompt] = await db
    .select({ answer: profilePrompts.answer })
    .from(profilePrompts)
    .where(and(eq(profilePrompts.userId, receiverId), eq(profilePrompts.promptId, about.promptId)))
  if (!prompt) throw new InvalidInputError(PROMPT_NOT_ON_PROFILE)
  return { kind: 'prompt', promptId: about.promptId, prompt: promptText(about.promptId), answer: prompt.answer }
}
