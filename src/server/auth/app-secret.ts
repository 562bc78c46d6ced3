import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Config } from '#server/env.ts'

/**
 * The configuration with `APP_SECRET` set: the environment's, or one generated on the first start
 * and kept in `APP_SECRET_FILE`, so links signed before a restart keep working. Created exclusively
 * (`wx`): two processes starting together end up reading the same secret.
 */
export async function withAppSecret(config: Config): Promise<Config & { APP_SECRET: string }> {
  if (config.APP_SECRET) return { ...config, APP_SECRET: config.APP_SECRET }
  const file = config.APP_SECRET_FILE
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err
  })
  const secret = (await readFile(file, 'utf8')).trim()
  if (secret.length < 32) throw new Error(`${file} does not hold a usable secret: delete it to have one generated`)
  return { ...config, APP_SECRET: secret }
}
