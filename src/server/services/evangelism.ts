import { asc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { evangelismResources } from '#db/schema/index.ts'
import type { EvangelismCategory } from '#shared/schemas/evangelism.ts'

/** The hub's content, in its curated order; `all` is every category. */
export function listEvangelismContent(db: Database, category: EvangelismCategory | 'all') {
  return db
    .select({
      id: evangelismResources.id,
      category: evangelismResources.category,
      title: evangelismResources.title,
      description: evangelismResources.description,
      type: evangelismResources.type,
      duration: evangelismResources.duration,
      participants: evangelismResources.participants,
      rating: evangelismResources.rating,
      isFeatured: evangelismResources.isFeatured,
    })
    .from(evangelismResources)
    .where(category === 'all' ? undefined : eq(evangelismResources.category, category))
    .orderBy(asc(evangelismResources.position))
}
