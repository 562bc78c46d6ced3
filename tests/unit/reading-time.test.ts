import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SABBATH_RESOURCES_DIR } from '#server/services/sabbath.ts'
import { readingMinutes, readTimeLabel } from '#shared/logic/reading-time.ts'

const words = (n: number) => Array.from({ length: n }, () => 'sabbath').join(' ')

describe('readingMinutes', () => {
  it('counts words at 200 a minute, rounded, at least one minute', () => {
    expect(readingMinutes('')).toBe(1)
    expect(readingMinutes(words(50))).toBe(1)
    expect(readingMinutes(words(400))).toBe(2)
    expect(readingMinutes(words(1099))).toBe(5)
  })

  it('ignores checkbox marks and rules that are not words', () => {
    expect(readingMinutes(`[ ] ${words(400)} --- [ ] ===`)).toBe(2)
  })

  it('gives every Sabbath guide a few minutes of reading', async () => {
    for (const name of await readdir(SABBATH_RESOURCES_DIR)) {
      const minutes = readingMinutes(await readFile(join(SABBATH_RESOURCES_DIR, name), 'utf8'))
      expect(minutes, name).toBeGreaterThanOrEqual(3)
      expect(minutes, name).toBeLessThanOrEqual(6)
    }
  })
})

describe('readTimeLabel', () => {
  it('says minutes of reading', () => {
    expect(readTimeLabel(4)).toBe('4 min read')
  })
})
