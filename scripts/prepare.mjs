// npm runs `prepare` after every install, `npm ci --omit=dev` on a server included, where the git
// hook installer and Panda (dev tools) are absent: there is nothing to prepare then, and no error.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const bin = (name) => `node_modules/.bin/${name}`

if (!existsSync(bin('panda'))) {
  console.log('Development tools are not installed: skipping the git hooks and the style codegen.')
  process.exit(0)
}
if (existsSync('.git') && existsSync(bin('simple-git-hooks'))) execFileSync(bin('simple-git-hooks'), { stdio: 'inherit' })
execFileSync(bin('panda'), ['codegen', '--silent'], { stdio: 'inherit' })
