import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * package.json's `sideEffects` lets the build leave a module out of the page's first load when nothing there uses
 * its exports (#27). A module that does something as it is imported (subscribes to a store, registers a listener)
 * must be listed, or the build may drop what it does. This holds the list to the sources.
 */
const ROOT = join(import.meta.dirname, '..')
const declared = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { sideEffects: string[] }).sideEffects

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Top-level statements that run code as the module is imported (declarations, imports and exports do not). */
function effectsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  return source.statements
    .filter((statement) => ts.isExpressionStatement(statement) || ts.isIfStatement(statement) || ts.isIterationStatement(statement, false) || ts.isTryStatement(statement) || ts.isBlock(statement))
    .map((statement) => statement.getText(source).split('\n')[0] ?? '')
}

describe('package.json sideEffects', () => {
  const withEffects = sources(join(ROOT, 'src')).flatMap((file) => {
    const effects = effectsOf(file)
    return effects.length > 0 ? [{ file: `./${relative(ROOT, file)}`, first: effects[0] }] : []
  })

  it('lists every source module that does something as it is imported', () => {
    const unlisted = withEffects.filter(({ file }) => !declared.includes(file))
    expect(unlisted).toEqual([])
  })

  it('lists no source module that does nothing as it is imported (each entry keeps a module in the first load)', () => {
    const files = new Set(withEffects.map(({ file }) => file))
    expect(declared.filter((entry) => entry.startsWith('./src/') && !files.has(entry))).toEqual([])
  })

  it('finds what it is looking for (the page subscribes to its stores at import)', () => {
    expect(withEffects.map(({ file }) => file)).toContain('./src/state/view.ts')
    expect(withEffects.length).toBeGreaterThanOrEqual(5)
  })
})
