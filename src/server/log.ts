/**
 * One JSON line per event (failures on stderr), the shape log shippers read. Errors keep their
 * stack here and only here: responses never carry one.
 */
type Fields = Record<string, unknown> & { err?: unknown }

function line(level: 'info' | 'warn' | 'error', fields: Fields, msg: string) {
  const { err, ...rest } = fields
  const error = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err
  return JSON.stringify({ level, time: new Date().toISOString(), msg, ...rest, ...(err === undefined ? {} : { err: error }) })
}

export const logger = {
  info: (fields: Fields, msg: string) => console.log(line('info', fields, msg)),
  warn: (fields: Fields, msg: string) => console.warn(line('warn', fields, msg)),
  error: (fields: Fields, msg: string) => console.error(line('error', fields, msg)),
}
