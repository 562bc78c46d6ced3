import pino, { type DestinationStream, type Level, type LevelWithSilent } from 'pino'

/**
 * An address anywhere in a line (a path, an error message, a failed query's parameters), plain or
 * percent-encoded: members' addresses never reach the log, whichever field carries them.
 */
const EMAIL = /[\w.%+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi

// Most lines hold neither `@` nor `%40`: they skip the pattern, which costs more than the check.
const scrubbed = (line: string) => (line.includes('@') || line.includes('%40') ? line.replace(EMAIL, '[email]') : line).trimEnd()

/**
 * Lines go through the console, as before: info and below to stdout, warnings and failures to
 * stderr, and the test suites that fail on an unexpected `console.error` still see every failure.
 */
const byLevel = (write: (line: string) => void): DestinationStream => ({ write: (line) => write(scrubbed(line)) })

/**
 * Lines gathered and written together once per turn of the event loop. Node writes to a pipe or a
 * file synchronously on Linux: a write per request line took about a tenth of the server's time
 * on a quick read (the current member). What is still gathered is written when the process exits.
 */
function gathered(write: (text: string) => void): (line: string) => void {
  let lines: string[] = []
  const flush = () => {
    if (lines.length === 0) return
    const text = lines.join('\n')
    lines = []
    write(text)
  }
  process.once('exit', flush)
  return (line) => {
    if (lines.length === 0) setImmediate(flush)
    lines.push(line)
  }
}

/**
 * One JSON line per event, the shape log shippers read. Errors keep their stack here and only here:
 * responses never carry one. Credentials are cut from any header object logged by mistake.
 */
export const logger = pino(
  {
    level: 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [
        'cookie',
        'authorization',
        'headers.cookie',
        'headers.authorization',
        'headers["set-cookie"]',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  },
  pino.multistream(
    [
      { level: 'trace', stream: byLevel(gathered((text) => console.log(text))) },
      { level: 'warn', stream: byLevel((line) => console.warn(line)) },
      { level: 'error', stream: byLevel((line) => console.error(line)) },
    ],
    { dedupe: true },
  ),
)

/** One process, one level: the app applies `LOG_LEVEL` when it starts. */
export function setLogLevel(level: LevelWithSilent | Level) {
  logger.level = level
}
