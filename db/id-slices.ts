/** SQLite binds at most a few thousand parameters per statement, so long id lists are read in slices. */
const IDS_PER_STATEMENT = 500

/** What `read` answers for each slice of `ids`, one statement after another, together. */
export async function readInSlices<Id, Row>(ids: readonly Id[], read: (slice: Id[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = []
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT)
    rows.push(...(await read(ids.slice(start, start + IDS_PER_STATEMENT))))
  return rows
}
