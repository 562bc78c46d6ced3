import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { evangelismCategories, evangelismContentTypes } from '#shared/schemas/evangelism.ts'
import { createdAt, id } from './columns.ts'

/** The hub's courses, studies and series; participants and rating are curated with the content. */
export const evangelismResources = sqliteTable(
  'evangelism_resources',
  {
    id: id(),
    category: text('category', { enum: evangelismCategories }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The item's own page: its lessons or study text, as paragraphs separated by blank lines. */
    body: text('body').notNull().default(''),
    type: text('type', { enum: evangelismContentTypes }).notNull(),
    duration: text('duration').notNull(),
    participants: integer('participants').notNull(),
    rating: real('rating').notNull(),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('evangelism_resources_category_idx').on(t.category, t.position)],
)
