import { migrateDatabase, openDatabase } from '#db/client.ts'
import { parseEnv } from '#server/env.ts'
import { seedContent } from '#server/seed/content.ts'
import { seedDemoMembers } from '#server/seed/index.ts'

const config = parseEnv(process.env)
const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN)
await migrateDatabase(database.db)
const inserted = await seedDemoMembers(database.db, { uploadsDir: config.UPLOADS_DIR })
console.log(inserted ? `Seeded ${inserted} demo members.` : 'The database already has members; nothing seeded.')
const content = await seedContent(database.db, { demoActivity: true })
console.log(
  `Content: ${content.sabbathEvents} Sabbath events, ${content.sabbathResources} Sabbath guides, ${content.evangelismResources} evangelism items added.`,
)
database.close()
