// Operator command: give a member a role. Usage: npx tsx scripts/set-role.ts <email> <member|moderator>
import { userRoles } from '#db/schema/index.ts'
import { updateMember } from './update-member.ts'

const [email, role] = process.argv.slice(2)
const validRole = userRoles.find((candidate) => candidate === role)
if (!email || !validRole) {
  console.error(`Usage: npx tsx scripts/set-role.ts <email> <${userRoles.join('|')}>`)
  process.exit(2)
}
await updateMember(email, { role: validRole }, `${email} is now a ${validRole}.`)
