/**
 * A `search_memory` call on 10,000 memories beside a `search_notes` call on
 * 10,000 notes, in the same run (target: memory's p95 within 1.5× of notes').
 * The memories are the notes themselves (title as a tag, content as the text,
 * the note's date), so that both searches read the same words and differ only
 * in the tool. The queries are words of the notes (hits on most pages) and
 * misses, in the fixed, regex and fuzzy modes, paged as an agent pages them.
 * Latency through the ToolRuntime, as every host calls it; never fails over
 * timing.
 *
 *   npx tsx bench/memorySearch.ts [--quick]   (also part of bench/run.ts)
 */
import { ToolRuntime, parseTools } from '../src/core/index'
import type { PhoneRecord } from '../src/core/index'
import { generateRecords } from '../cli/gen/tasks'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { MEMORY_TOOLS } from '../test/support/memoryFixture'
import { latency, round } from './measure'

const ROOT = join(import.meta.dirname, '..')
const COUNT = 10_000
const KINDS = ['profile', 'preference', 'fact', 'episode', 'procedure']

/** The note as a memory item: what a person would have told the assistant, with the same words. */
function memoryOf(note: PhoneRecord, i: number): PhoneRecord {
  const title = String(note['标题'] ?? '')
  return {
    id: `mem_${String(i + 1).padStart(5, '0')}`,
    text: String(note['内容'] ?? ''),
    tags: title.toLowerCase().split(/\s+/).filter((w) => w.length > 3).slice(0, 3),
    kind: KINDS[i % KINDS.length] ?? 'fact',
    date: String(note['创建日期'] ?? '2026-01-01'),
  }
}

/** Words that occur in the notes (first and middle of their content) and words that occur nowhere. */
function queriesOf(notes: readonly PhoneRecord[]): string[] {
  const words = notes.slice(0, 40).flatMap((n) => String(n['内容'] ?? '').split(/[\s.,]+/).filter((w) => w.length >= 5).slice(0, 2))
  return [...words, 'no-such-thing', 'Zyxwvut', 'invoice 2291']
}

export function memorySearchLatency(quick: boolean) {
  const tools = [...parseTools(readFileSync(join(ROOT, 'public/data/tools.json'), 'utf8')), ...parseTools(JSON.stringify(MEMORY_TOOLS))]
  const notes = generateRecords('notes', COUNT, 7)
  const memory = notes.map(memoryOf)
  const runtime = new ToolRuntime(tools, { notes, memory }, { setting: 'paginated' })
  const queries = queriesOf(notes)
  const samples = quick ? 60 : 300
  const out: Record<string, unknown> = { memories: COUNT, notes: COUNT, samples }
  // The first call of each tool builds its text index; it is reported apart, not sampled.
  for (const [name, key] of [['search_notes', 'pattern'], ['search_memory', 'query']] as const) {
    const t = performance.now()
    runtime.call(name, { [key]: 'warm' }, 'test')
    out[`${name}_first_call_ms`] = round(performance.now() - t)
  }
  for (const mode of ['fixed', 'regex', 'fuzzy'] as const) {
    const query = (i: number) => (mode === 'regex' ? `^${queries[i % queries.length] ?? ''}` : (queries[i % queries.length] ?? ''))
    const page = (i: number) => 1 + (i % 3)
    const n = mode === 'fuzzy' ? Math.max(9, samples / 10) : samples
    // Alternating rounds, so that a burst of load on the machine falls on both.
    const notesRuns: { p50: number; p95: number; max: number }[] = []
    const memoryRuns: { p50: number; p95: number; max: number }[] = []
    for (let round = 0; round < 3; round++) {
      notesRuns.push(latency((i) => runtime.call('search_notes', { pattern: query(i), mode, page: page(i) }, 'test'), n))
      memoryRuns.push(latency((i) => runtime.call('search_memory', { query: query(i), mode, page: page(i) }, 'test'), n))
    }
    const median = (runs: { p95: number }[]) => [...runs.map((r) => r.p95)].sort((a, b) => a - b)[1] ?? 0
    out[mode] = {
      search_notes: notesRuns,
      search_memory: memoryRuns,
      p95_memory_over_notes: round(median(memoryRuns) / Math.max(median(notesRuns), 0.001)),
    }
  }
  out.target_p95_memory_over_notes = 1.5
  return out
}

if (process.argv[1] === import.meta.filename) console.log(JSON.stringify(memorySearchLatency(process.argv.includes('--quick')), null, 2))
