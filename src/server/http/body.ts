import type { IncomingMessage } from 'node:http'
import Busboy from 'busboy'
import { InvalidInputError, TooLargeError, UnsupportedTypeError } from '#server/errors.ts'

/** Reads the whole body, refusing (413) as soon as it passes `limit`, even when Content-Length lies. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw new TooLargeError()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new TooLargeError()
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** How long a refusal waits for a body it will not use, so a slow sender cannot hold the answer back. */
const DISCARD_WAIT_MS = 5_000

/**
 * Reads and drops what is left of a body the server will not use, so a client still writing it reads
 * the refusal instead of failing its write. Only a declared length within `limit` is read, and for at
 * most DISCARD_WAIT_MS; a larger, chunked or unfinished body is left unread. True when the whole body
 * has been read and the connection may carry another request.
 */
export function discardBody(req: IncomingMessage, limit: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true)
  const declared = req.headers['content-length']
  if (req.destroyed || req.headers['transfer-encoding'] !== undefined || declared === undefined || Number(declared) > limit) {
    return Promise.resolve(false)
  }
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer)
      req.off('end', settle)
      req.off('close', settle)
      resolve(req.complete)
    }
    const timer = setTimeout(settle, DISCARD_WAIT_MS)
    req.on('end', settle)
    req.on('close', settle)
    req.resume()
  })
}

export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const raw = await readBody(req, limit)
  if (raw.length === 0) return undefined
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase()
  if (type !== 'application/json') throw new UnsupportedTypeError('Please send JSON (Content-Type: application/json).')
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  try {
    return JSON.parse(text.decode(raw))
  } catch {
    throw new InvalidInputError('The request body is not valid JSON.')
  }
}

export interface UploadedForm {
  fields: Record<string, string>
  /** The form's single file, if one was sent; the procedure's input says whether it is required. */
  file: Buffer | undefined
}

const FORM_FIELD_MAX_BYTES = 4096
const FORM_FIELDS_MAX = 20
/** Room for the multipart framing and the text fields around the file. */
const FORM_OVERHEAD_BYTES = 128 * 1024
const UNREADABLE = 'The upload could not be read.'

/**
 * A multipart form of text fields and at most one file, everything size-capped while streaming.
 * Every stream involved has an error handler before any data flows, so a body cut short, reset or
 * oversized ends this request with a 4xx and nothing else. The body is never read past the limit.
 */
export function readForm(req: IncomingMessage, fileLimit: number): Promise<UploadedForm> {
  const type = String(req.headers['content-type'] ?? '')
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new UnsupportedTypeError('Please send the form as multipart/form-data.'))
  }
  if (Number(req.headers['content-length'] ?? 0) > fileLimit + FORM_OVERHEAD_BYTES) return Promise.reject(new TooLargeError())
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy
    try {
      parser = Busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: fileLimit, fields: FORM_FIELDS_MAX, fieldSize: FORM_FIELD_MAX_BYTES, parts: FORM_FIELDS_MAX + 1 },
      })
    } catch {
      return reject(new InvalidInputError(UNREADABLE))
    }
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      req.unpipe(parser)
      // Not in this tick: busboy still touches the file stream right after it emits 'limit'.
      setImmediate(() => parser.destroy())
      reject(error)
    }
    const fields: Record<string, string> = Object.create(null)
    const chunks: Buffer[] = []
    let sawFile = false
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new TooLargeError())
      else fields[name] = value
    })
    parser.on('file', (_name, stream) => {
      sawFile = true
      stream.on('error', () => fail(new InvalidInputError(UNREADABLE)))
      stream.on('limit', () => fail(new TooLargeError()))
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    })
    parser.on('filesLimit', () => fail(new InvalidInputError('Please upload one file at a time.')))
    parser.on('error', () => fail(new InvalidInputError(UNREADABLE)))
    parser.on('close', () => {
      if (settled) return
      settled = true
      const file = Buffer.concat(chunks)
      resolve({ fields: { ...fields }, file: sawFile && file.length > 0 ? file : undefined })
    })
    req.on('error', () => fail(new InvalidInputError(UNREADABLE)))
    req.on('aborted', () => fail(new InvalidInputError(UNREADABLE)))
    req.pipe(parser)
  })
}

/** The single file of a multipart upload (a photo). */
export async function readSingleFile(req: IncomingMessage, limit: number): Promise<Buffer> {
  const { file } = await readForm(req, limit)
  if (!file) throw new InvalidInputError('Please choose a file to upload.')
  return file
}
