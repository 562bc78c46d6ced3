// Operator command: give a member a role. Usage: npx tsx scripts/set-role.ts <email> <member|moderator>
import { eq } from 'drizzle-orm'
import { migrateDatabase, openDatabase } from '../db/client.ts'
import { userRoles, users } from '../db/schema/index.ts'
import { parseEnv } from '../src/server/env.ts'

const [email, role] = process.argv.slice(2)
const validRole = userRoles.find((candidate) => candidate === role)
if (!email || !validRole) {
  console.error(`Usage: npx tsx scripts/set-role.ts <email> <${userRoles.join('|')}>`)
  process.exit(2)
}

const config = parseEnv(process.env)
const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN)
try {
  await migrateDatabase(database.db)
  const updated = await database.db
    .update(users)
    .set({ role: validRole, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id })
  if (updated.length === 0) {
    console.error(`No member with the email ${email}.`)
    process.exitCode = 1
  } else {
    console.log(`${email} is now a ${validRole}.`)
  }
} finally {
  database.close()
}
