import { asc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { evangelismResources } from '#db/schema/index.ts'
import { NotFoundError } from '#server/errors.ts'
import type { EvangelismCategory } from '#shared/schemas/evangelism.ts'

const RESOURCE_NOT_FOUND = 'That item is not in the Evangelism Hub. It may have been removed.'

const cardColumns = {
  id: evangelismResources.id,
  category: evangelismResources.category,
  title: evangelismResources.title,
  description: evangelismResources.description,
  type: evangelismResources.type,
  duration: evangelismResources.duration,
  participants: evangelismResources.participants,
  rating: evangelismResources.rating,
  isFeatured: evangelismResources.isFeatured,
}

/** The hub's content, in its curated order; `all` is every category. */
export function listEvangelismContent(db: Database, category: EvangelismCategory | 'all') {
  return db
    .select(cardColumns)
    .from(evangelismResources)
    .where(category === 'all' ? undefined : eq(evangelismResources.category, category))
    .orderBy(asc(evangelismResources.position))
}

/** One item's own page: what its card shows, and its text as paragraphs. */
export async function getEvangelismResource(db: Database, id: string) {
  const [item] = await db
    .select({ ...cardColumns, body: evangelismResources.body })
    .from(evangelismResources)
    .where(eq(evangelismResources.id, id))
  if (!item) throw new NotFoundError(RESOURCE_NOT_FOUND)
  const { body, ...card } = item
  return {
    ...card,
    paragraphs: body
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
  }
}
