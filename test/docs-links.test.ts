// The manual's links: every relative link of the README, docs/ and bench/RESULTS.md names a file the repository
// holds, and every #anchor a heading of that file (GitHub's slugs), so that no reader is sent nowhere.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './fixtures'

const PAGES = ['README.md', 'bench/RESULTS.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]

function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-')
}

function anchorsOf(path: string): Set<string> {
  const text = readFileSync(path, 'utf8').replace(/```[\s\S]*?```/g, '')
  return new Set([...text.matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1] ?? '')))
}

describe('the docs', () => {
  it('link only to files and headings the repository holds', () => {
    const broken: string[] = []
    for (const page of PAGES) {
      const text = readFileSync(join(ROOT, page), 'utf8').replace(/```[\s\S]*?```/g, '')
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^(https?:|mailto:)/.test(target)) continue
        const [path, anchor] = target.split('#')
        const file = path ? join(ROOT, dirname(page), path) : join(ROOT, page)
        if (!existsSync(file)) broken.push(`${page}: ${target} (no file ${relative(ROOT, file)})`)
        else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${page}: ${target} (no heading)`)
      }
    }
    expect(broken).toEqual([])
  })

  it('never send a reader to the project\u2019s outside contract files', () => {
    for (const page of PAGES) expect(readFileSync(join(ROOT, page), 'utf8'), page).not.toMatch(/\b(DESIGN|SPIEVAL|MOBILEPA)\.md\b/)
  })
})

/** `npm run NAME -- --flag …` as the docs show it, over continued lines (a trailing backslash) in code. */
function shownCommands(text: string): { script: string; flags: string[]; line: string }[] {
  const joined = text.replace(/\\\n\s*/g, ' ')
  return [...joined.matchAll(/npm run ([a-z][a-z0-9:-]*)([^\n`|]*)/g)].map((m) => ({
    script: m[1] ?? '',
    flags: [...(m[2] ?? '').matchAll(/(?:^|\s|\[)--([a-z][a-z_-]*)/g)].map((f) => f[1] ?? ''),
    line: m[0],
  }))
}

/** The source a script runs: its entry file and the files it imports from the repository, followed through. */
function sourceOf(entry: string): string {
  const seen = new Set<string>()
  const walk = (file: string): string => {
    if (seen.has(file) || !existsSync(file)) return ''
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    const imports = [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => join(dirname(file), m[1] ?? ''))
    const files = imports.flatMap((path) => [`${path}.ts`, join(path, 'index.ts')].filter((f) => f.includes('/cli/') || f.includes('/server/') || f.includes('/bench/')))
    return text + files.map(walk).join('\n')
  }
  return walk(join(ROOT, entry))
}

describe('the commands the docs show', () => {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  it('exist, and take the flags shown', () => {
    const wrong: string[] = []
    for (const page of PAGES) {
      for (const { script, flags, line } of shownCommands(readFileSync(join(ROOT, page), 'utf8'))) {
        const command = scripts[script]
        if (!command) {
          wrong.push(`${page}: ${line} (no script "${script}")`)
          continue
        }
        const entry = /tsx (\S+\.ts)/.exec(command)?.[1]
        if (!entry) continue // vite, playwright: their flags are theirs
        const source = sourceOf(entry)
        for (const flag of flags) if (!new RegExp(`['"\\s{,]${flag}['"]?\\s*:|--${flag}\\b`).test(source)) wrong.push(`${page}: ${line} (${entry} takes no --${flag})`)
      }
    }
    expect(wrong).toEqual([])
  })
})
