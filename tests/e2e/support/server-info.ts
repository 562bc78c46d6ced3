import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A small file beside the e2e server naming its database, keyed by port so parallel runs do not mix. */
export function e2eServerInfoPath(port: string | number | undefined): string {
  return join(tmpdir(), `covenant-e2e-server-${port ?? 'default'}.json`)
}

function serverInfo(baseURL: string): { databaseUrl: string; mailDir: string } {
  return JSON.parse(readFileSync(e2eServerInfoPath(new URL(baseURL).port), 'utf8'))
}

export function e2eDatabaseUrl(baseURL: string): string {
  return serverInfo(baseURL).databaseUrl
}

/** The folder the e2e server writes its emails to. */
export function e2eOutbox(baseURL: string): string {
  return serverInfo(baseURL).mailDir
}
