import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { judgeAttempt, lineMaker, parseResponses, rowOf } from '../src/core/index'
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, fileEntry, readArchive } from '../src/core/archive/index'
import { collectTrajectories } from '../src/core/trajectories/index'
import { SpievalDatabase, importDataset } from '../src/db/index'
import { importAttemptSources } from '../src/db/archive'
import { readResponseFile } from '../src/analysis/store'
import { readSources } from '../src/state/exchange'
import { fixtureDataset, fixtureFiles } from './fixtures'

const calls = [{ name: 'Messages_Send', arguments: { telephone: '13822419087', text: 'hi' } }]

/** Lines as their writers make them, and who made each. */
const LINES: [string, Record<string, unknown>, ReturnType<typeof lineMaker>][] = [
  ['npm run agent', { model: 'oracle' }, { kind: 'agent', model: 'oracle' }],
  ['the episode server', { model: 'agent', actor: 'agent' }, { kind: 'agent', model: 'agent' }],
  ['an archive of a page run', { actor: 'quillon', run_tag: { id: 'r1', repeat: 0, model: 'quillon' } }, { kind: 'agent', model: 'quillon' }],
  ['the MCP server or a plain scorer input', {}, { kind: 'agent' }],
  ['a person on the page', { actor: 'ann' }, { kind: 'person', actor: 'ann' }],
  ['a study participant before the collector names them', { actor: '' }, { kind: 'person', actor: '' }],
  ['an empty model beside an actor', { model: '', actor: 'ann' }, { kind: 'person', actor: 'ann' }],
  ['an empty model alone', { model: '' }, { kind: 'agent' }],
]

describe('who made a response line', () => {
  it.each(LINES)('%s', (_, keys, maker) => {
    expect(lineMaker({ id: '多意图1', run: 0, calls, ...keys })).toEqual(maker)
  })

  it('is the same answer in the import, npm run analyze and the trajectory exports', () => {
    const dataset = fixtureDataset()
    for (const [what, keys, maker] of LINES) {
      const text = JSON.stringify({ id: '多意图1', run: 0, calls, ...keys }) + '\n'
      const imported = readArchive({ 'plain.jsonl': text })
      expect(imported.issues, what).toEqual([])
      const [parsed] = parseResponses(text).lines
      if (!parsed) throw new Error(`${what}: the scorer's reader took no line`)
      const row = rowOf(parsed)
      const trajectory = collectTrajectories(dataset, [{ name: 'plain.jsonl', text }]).trajectories[0]
      if (maker.kind === 'person') {
        expect(imported.attempts[0]?.run, what).toBeUndefined()
        expect(row.label, what).toBe('people · paginated')
        expect(trajectory?.model, what).toBeNull()
      } else {
        const model = maker.model ?? 'plain'
        expect(imported.attempts[0]?.run?.model, what).toBe(model)
        expect(row.label, what).toBe(`${maker.model ?? 'responses'} · paginated`)
        expect(trajectory?.actor, what).toBeNull()
        expect(trajectory?.model, what).toBe(maker.model ?? null)
      }
    }
  })
})

describe('plain response files imported into the page', () => {
  it('make a run each, named after its file, instead of one run for all', async () => {
    const db = new SpievalDatabase('line-maker-test')
    const row = await importDataset(fixtureFiles(), { name: 'fixture', source: 'files' }, db)
    const plain = (text: string) => JSON.stringify({ id: '多意图1', run: 0, calls: [{ name: 'Messages_Send', arguments: { telephone: '13822419087', text } }] }) + '\n'
    await importAttemptSources(
      row.id,
      [
        { name: 'baseline.jsonl', files: { 'response.jsonl': plain('hi') } },
        { name: 'tuned.jsonl', files: { 'response.jsonl': plain('hello') } },
      ],
      judgeAttempt,
      db,
    )
    const runs = (await db.attempts.toArray()).map((a) => a.run).sort((a, b) => (a?.id ?? '').localeCompare(b?.id ?? ''))
    expect(runs).toEqual([
      { id: 'imported:baseline', repeat: 0, model: 'baseline' },
      { id: 'imported:tuned', repeat: 0, model: 'tuned' },
    ])
    // The Analysis view names the same files' rows alike.
    expect(['baseline.jsonl', 'tuned.jsonl'].map((name) => readResponseFile(name, plain('hi')).lines[0]?.raw.model)).toEqual(['baseline', 'tuned'])
  })

  it('picked loose with a manifest (an unzipped export), are named after the response file among them', async () => {
    const db = new SpievalDatabase('line-maker-loose')
    const row = await importDataset(fixtureFiles(), { name: 'fixture', source: 'files' }, db)
    const text = JSON.stringify({ id: '多意图1', run: 0, calls }) + '\n'
    const manifest = JSON.stringify({ format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION, files: { 'tuned.jsonl': fileEntry(text) } })
    const { sources, problems } = await readSources([new File([manifest], 'manifest.json'), new File([text], 'tuned.jsonl')])
    expect(problems).toEqual([])
    expect(sources.map((s) => s.name)).toEqual(['manifest.json + tuned.jsonl'])
    await importAttemptSources(row.id, sources, judgeAttempt, db)
    expect((await db.attempts.toArray()).map((a) => a.run)).toEqual([{ id: 'imported:tuned', repeat: 0, model: 'tuned' }])
  })
})
