import type { IncomingMessage } from 'node:http'
import Busboy from 'busboy'
import { HttpError } from './http-error.ts'

export const PAYLOAD_TOO_LARGE = 'The request is too large.'

/** Reads the whole body, refusing (413) as soon as it passes `limit`, even when Content-Length lies. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw new HttpError(413, PAYLOAD_TOO_LARGE)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new HttpError(413, PAYLOAD_TOO_LARGE)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const raw = await readBody(req, limit)
  if (raw.length === 0) return undefined
  const type = String(req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') throw new HttpError(415, 'Please send JSON (Content-Type: application/json).')
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })
  try {
    return JSON.parse(text.decode(raw))
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.')
  }
}

/** The single file of a multipart upload, size-capped while streaming. */
export function readSingleFile(req: IncomingMessage, limit: number): Promise<Buffer> {
  const type = String(req.headers['content-type'] ?? '')
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new HttpError(415, 'Please upload the file as multipart/form-data.'))
  }
  if (Number(req.headers['content-length'] ?? 0) > limit + 64 * 1024) {
    return Promise.reject(new HttpError(413, PAYLOAD_TOO_LARGE))
  }
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy
    try {
      parser = Busboy({ headers: req.headers, limits: { files: 1, fileSize: limit, fields: 5, parts: 6 } })
    } catch {
      return reject(new HttpError(400, 'The upload could not be read.'))
    }
    let file: Promise<Buffer> | undefined
    parser.on('file', (_name, stream) => {
      file = new Promise((done, fail) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('limit', () => fail(new HttpError(413, PAYLOAD_TOO_LARGE)))
        stream.on('end', () => done(Buffer.concat(chunks)))
      })
    })
    parser.on('error', () => reject(new HttpError(400, 'The upload could not be read.')))
    parser.on('close', () => {
      if (!file) return reject(new HttpError(400, 'Please choose a file to upload.'))
      file.then(resolve, reject)
    })
    req.pipe(parser)
  })
}

export interface UploadedForm {
  fields: Record<string, string>
  /** The form's single file, if one was sent; the procedure's input says whether it is required. */
  file: Buffer | undefined
}

const FORM_FIELD_MAX_BYTES = 4096
const FORM_FIELDS_MAX = 20

/** A multipart form of text fields and at most one file, everything size-capped while streaming. */
export function readForm(req: IncomingMessage, fileLimit: number): Promise<UploadedForm> {
  const type = String(req.headers['content-type'] ?? '')
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.reject(new HttpError(415, 'Please send the form as multipart/form-data.'))
  }
  if (Number(req.headers['content-length'] ?? 0) > fileLimit + 128 * 1024) {
    return Promise.reject(new HttpError(413, PAYLOAD_TOO_LARGE))
  }
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy
    try {
      parser = Busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: fileLimit, fields: FORM_FIELDS_MAX, fieldSize: FORM_FIELD_MAX_BYTES, parts: FORM_FIELDS_MAX + 1 },
      })
    } catch {
      return reject(new HttpError(400, 'The form could not be read.'))
    }
    const fields: Record<string, string> = Object.create(null)
    let file: Promise<Buffer> | undefined
    let refused: HttpError | undefined
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) refused ??= new HttpError(413, PAYLOAD_TOO_LARGE)
      else fields[name] = value
    })
    parser.on('file', (_name, stream) => {
      file = new Promise((done, fail) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('limit', () => fail(new HttpError(413, PAYLOAD_TOO_LARGE)))
        stream.on('end', () => done(Buffer.concat(chunks)))
      })
    })
    parser.on('error', () => reject(new HttpError(400, 'The form could not be read.')))
    parser.on('close', () => {
      if (refused) return reject(refused)
      if (!file) return resolve({ fields: { ...fields }, file: undefined })
      file.then((bytes) => resolve({ fields: { ...fields }, file: bytes.length > 0 ? bytes : undefined }), reject)
    })
    req.pipe(parser)
  })
}
