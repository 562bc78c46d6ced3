import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const aliases: Record<string, string> = { '#server/': 'src/server/', '#client/': 'src/client/', '#shared/': 'src/shared/', '#db/': 'db/' }
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
}

/** The project file an import names, or undefined for packages and assets. */
function resolveImport(from: string, specifier: string): string | undefined {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix))
  let base: string
  if (alias) base = aliases[alias] + specifier.slice(alias.length)
  else if (specifier.startsWith('.')) base = relative(root, resolve(root, dirname(from), specifier))
  else return undefined
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(join(root, candidate)),
  )
}

/** Type imports count too: a cycle through `import type` costs nothing at run time but ties the modules together all the same. */
function importGraph(folders: string[]) {
  const graph = new Map<string, string[]>()
  for (const file of folders.flatMap(sourceFiles)) {
    const text = readFileSync(join(root, file), 'utf8')
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolveImport(file, match[1] ?? match[2]!))
      .filter((target) => target !== undefined)
    graph.set(file, targets)
  }
  return graph
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return found
}

describe('the import graph', () => {
  it('has no cycle in the client', () => {
    expect(cycles(importGraph(['src/client', 'src/shared']))).toEqual([])
  })

  it('has no cycle on the server', () => {
    expect(cycles(importGraph(['src/server', 'src/shared', 'db']))).toEqual([])
  })

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ])
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']])
  })
})
