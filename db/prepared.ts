import type { Database } from './client.ts'

/**
 * A query that drizzle builds once for each database instead of on every call, its values given as
 * `sql.placeholder`s when it runs. For the hot reads: building a query's SQL cost drizzle more than
 * running it (the session lookup: about 0.3 ms built each time against 0.13 ms prepared).
 */
export function preparedOnce<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>()
  return (db) => {
    let query = built.get(db)
    if (!query) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
