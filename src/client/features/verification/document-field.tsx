import { FileCheck2, Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { DOCUMENT_ACCEPT, documentContentTypes, MAX_DOCUMENT_BYTES } from '#shared/content/verification.ts'

const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  label: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' }),
  drop: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    p: '4',
    borderRadius: 'control',
    borderWidth: 'thick',
    borderStyle: 'dashed',
    borderColor: 'border.default',
    bg: 'bg.surface',
    color: 'fg.muted',
    cursor: 'pointer',
    textStyle: 'small',
    _hover: { borderColor: 'brand.border', color: 'brand.fg' },
    '&:focus-within': { borderColor: 'border.focus' },
    '&[data-invalid=true]': { borderColor: 'danger.solid' },
  }),
  chosen: css({ color: 'fg.default', fontWeight: 'medium', wordBreak: 'break-all' }),
  hint: css({ textStyle: 'small', color: 'fg.muted' }),
  error: css({ textStyle: 'small', color: 'danger.fg', fontWeight: 'medium' }),
}

const accepted = new Set<string>(documentContentTypes)
const MB = 1024 * 1024

/** A document picked for upload, checked here for type and size (the server checks its content again). */
export function useDocument(requiredMessage: string) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | undefined>()
  function choose(next: File | null) {
    setFile(next)
    if (!next) return setError(undefined)
    if (!accepted.has(next.type)) return setError('Please upload a PDF, JPEG, PNG or WebP file.')
    if (next.size > MAX_DOCUMENT_BYTES) return setError('Please upload a file under 10 MB.')
    setError(undefined)
  }
  /** The file when it may be sent; otherwise shows why and returns null. */
  function validate(): File | null {
    if (!file) {
      setError(requiredMessage)
      return null
    }
    return error ? null : file
  }
  return { file, error, choose, validate, reset: () => choose(null) }
}

export type DocumentState = ReturnType<typeof useDocument>

export function DocumentField({ label, hint, document }: { label: string; hint: string; document: DocumentState }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  return (
    <div className={styles.root}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <label className={styles.drop} data-invalid={document.error ? true : undefined}>
        {document.file && !document.error ? <FileCheck2 size={22} aria-hidden="true" /> : <Upload size={22} aria-hidden="true" />}
        {document.file ? (
          <span className={styles.chosen}>
            {document.file.name} ({(document.file.size / MB).toFixed(1)} MB)
          </span>
        ) : (
          <span>Choose a PDF or a photo of the document</span>
        )}
        <input
          ref={input}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className={css({ srOnly: true })}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${document.error ? ` ${id}-error` : ''}`}
          aria-invalid={document.error ? true : undefined}
          onChange={(event) => document.choose(event.target.files?.[0] ?? null)}
        />
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      {document.error && (
        <p id={`${id}-error`} className={styles.error}>
          {document.error}
        </p>
      )}
    </div>
  )
}
