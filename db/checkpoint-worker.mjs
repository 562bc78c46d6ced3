// Copies the write-ahead log into the database file from a thread of its own (docs/decisions/044),
// so the app's writers rarely find a checkpoint to do, or its fsyncs to wait for, on their event loop.
// Plain JavaScript beside db/client.ts, which starts it: the compiled server runs it as it is.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'libsql'

const { path, busyMs, idleMs } = workerData
const connection = new Database(path)
// PASSIVE never waits for a reader or a writer: it copies what it can and leaves the rest for next time.
const checkpoint = connection.prepare('PRAGMA wal_checkpoint(PASSIVE)')
let timer
let logged = 0
/** Soon again while the log grows; seldom while nothing is written. */
const copy = () => {
  let grew = false
  try {
    const { log } = checkpoint.get()
    grew = log !== logged
    logged = log
  } catch {
    // A run that failed (an I/O error, the file gone as the app shuts down): the next turn tries again.
    // One that finds another process's checkpoint under way is not a failure: it copies nothing.
  }
  timer = setTimeout(copy, grew ? busyMs : idleMs)
}
copy()

parentPort.once('message', () => {
  clearTimeout(timer)
  connection.close()
  parentPort.close()
})
