import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * One folder per run of a test layer, holding every test's own folder (its database, uploads and
 * mail), and removed when the run ends: a run leaves nothing behind in the temporary directory.
 */
export default function setup() {
  const folder = mkdtempSync(join(tmpdir(), 'covenant-tests-'))
  process.env.COVENANT_TEST_FOLDER = folder
  return () => rmSync(folder, { recursive: true, force: true })
}
