import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A small file beside the e2e server naming its database, keyed by port so parallel runs do not mix. */
export function e2eServerInfoPath(port: string | number | undefined): string {
  return join(tmpdir(), `covenant-e2e-server-${port ?? 'default'}.json`)
}

export function e2eDatabaseUrl(baseURL: string): string {
  const { port } = new URL(baseURL)
  return (JSON.parse(readFileSync(e2eServerInfoPath(port), 'utf8')) as { databaseUrl: string }).databaseUrl
}
