import type { BatchItem, BatchResponse } from 'drizzle-orm/batch'
import type { Database } from './client.ts'

type Statements = readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]

interface Waiting {
  statements: Statements
  resolve(results: readonly unknown[]): void
  reject(error: unknown): void
}

const gathering = new WeakMap<Database, Waiting[]>()

/**
 * Commits `statements` as one atomic unit, sharing the transaction (one commit, one round trip to
 * sqld) with every other unit submitted to the same database in the same turn of the event loop
 * (docs/decisions/029). Each unit's statements run together and in submission order, as if it had
 * its own `db.batch`, and the promise settles only once the transaction holding them has committed.
 * Should the shared transaction fail it stores nothing: when a unit's own rows broke a constraint,
 * each unit is tried again alone, so only that one is refused; any other failure (the disk, a lock
 * held longer than a writer waits, a closed client) refuses every unit of the transaction with its error.
 */
export function commitTogether<T extends Statements>(db: Database, statements: T): Promise<BatchResponse<T>> {
  return new Promise((resolve, reject) => {
    let units = gathering.get(db)
    if (!units) {
      units = []
      gathering.set(db, units)
      // After the poll phase: every frame and request read in this turn has submitted its unit by then.
      setImmediate(() => void commitGathered(db))
    }
    units.push({ statements, resolve: resolve as Waiting['resolve'], reject })
  })
}

async function commitGathered(db: Database) {
  const units = gathering.get(db)!
  gathering.delete(db)
  if (units.length === 1) return commitAlone(db, units[0]!)
  let results: readonly unknown[]
  try {
    results = await db.batch(units.flatMap((unit) => unit.statements) as unknown as Statements)
  } catch (error) {
    if (brokeAConstraint(error)) for (const unit of units) await commitAlone(db, unit)
    else for (const unit of units) unit.reject(error)
    return
  }
  let next = 0
  for (const unit of units) {
    unit.resolve(results.slice(next, next + unit.statements.length))
    next += unit.statements.length
  }
}

async function commitAlone(db: Database, unit: Waiting) {
  try {
    unit.resolve(await db.batch(unit.statements))
  } catch (error) {
    unit.reject(error)
  }
}

/** SQLite's constraint codes (a unique key, a foreign key, a trigger's RAISE) name the rows, not the database. */
function brokeAConstraint(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (String((cause as { code?: unknown }).code ?? '').startsWith('SQLITE_CONSTRAINT')) return true
  }
  return false
}
