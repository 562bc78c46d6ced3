import { eq } from 'drizzle-orm'
import { migrateDatabase, openDatabase } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { parseEnv } from '#server/env.ts'

/** For operator commands: changes one member, found by email, in the database `DATABASE_URL` names. */
export async function updateMember(email: string, values: Partial<Pick<typeof users.$inferInsert, 'role' | 'plan'>>, done: string) {
  const config = parseEnv(process.env)
  const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN)
  try {
    await migrateDatabase(database.db)
    const updated = await database.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id })
    if (updated.length === 0) {
      console.error(`No member with the email ${email}.`)
      process.exitCode = 1
    } else {
      console.log(done)
    }
  } finally {
    database.close()
  }
}
