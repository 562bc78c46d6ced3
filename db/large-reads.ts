/**
 * Reads too large for one statement. SQLite binds at most a few thousand parameters per statement,
 * and a libsql server (sqld) refuses to send an answer over 10 MB, which reading every member at
 * once on a large community would be.
 */

const IDS_PER_STATEMENT = 500

/** What `read` answers for each slice of `ids`, one statement after another, together. */
export async function readInSlices<Id, Row>(ids: readonly Id[], read: (slice: Id[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = []
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT)
    rows.push(...(await read(ids.slice(start, start + IDS_PER_STATEMENT))))
  return rows
}

/**
 * Every row of a read ordered by id, a page at a time: `readPage` answers at most `limit` rows with
 * ids after `after` (every row when it is null), in id order.
 */
export async function* readInPages<Row>(
  readPage: (after: string | null, limit: number) => Promise<Row[]>,
  idOf: (row: Row) => string,
  limit: number,
): AsyncGenerator<Row[]> {
  let after: string | null = null
  for (;;) {
    const rows = await readPage(after, limit)
    if (rows.length > 0) yield rows
    if (rows.length < limit) return
    after = idOf(rows.at(-1)!)
  }
}
