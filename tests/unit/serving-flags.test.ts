import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import { SERVING_V8_FLAGS } from '#server/app-processes.ts'

const root = resolve(import.meta.dirname, '../..')

/** The V8 flags of every `node … dist/server/index.mjs` command line in a file. */
const commandLinesIn = (file: string) =>
  [...readFileSync(resolve(root, file), 'utf8').matchAll(/node ((?:--[\w=-]+ )*)dist\/server\/index\.mjs/g)].map((line) =>
    line[1]!.trim().split(' '),
  )

// `npm start`, the systemd unit and the README cannot import the constant, so each carries a copy.
it('starts a single process with the flags the app processes get, wherever the command is written', () => {
  for (const file of ['package.json', 'docs/deploy.md', 'README.md']) {
    const commandLines = commandLinesIn(file)
    expect(commandLines.length, file).toBeGreaterThan(0)
    for (const flags of commandLines) expect(flags, file).toEqual(SERVING_V8_FLAGS)
  }
})
