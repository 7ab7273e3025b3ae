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
