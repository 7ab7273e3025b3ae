// Revisions (#16): a saved edit is a new revision; every finished attempt at the task is scored again and the flips listed.
import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, contentFingerprint, describeChanges, changesMarkdown, goldFromCalls, expectedStateFromChanges, judgeAttempt, lintDataset, loadDataset } from '../src/core/index'
import type { Task, TaskContent } from '../src/core/index'
import { IndexedDbSink, SpievalDatabase, exportDataset, exportDatasetFolder, getAttempt, importAttempts, saveProfile, importDataset, loadTask, saveTaskRevision, taskRevisions, datasetAttempts } from '../src/db/index'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { exportAttempts } from '../src/state/attemptExport'
import { cliArgs } from './support/cli'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const files = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]))
const WRONG = '13655208731' // Tom Becker, the plumber: the distractor of 推理1

let n = 0
async function sampleDb() {
  const db = new SpievalDatabase(`revisions-test-${n++}`)
  const row = await importDataset(files, { name: 'sample', source: 'files' }, db)
  return { db, row }
}

/** A finished attempt at 推理1 through the kernel and the page's sink, calling `telephone`. */
async function attemptAt(db: SpievalDatabase, datasetId: string, actor: string, telephone: string) {
  const loaded = await loadTask(datasetId, '推理1', db)
  if (!loaded) throw new Error('推理1 is missing')
  const sink = new IndexedDbSink({ datasetId, homeScreen: () => '#/', elapsedMs: () => 0, db })
  const row = await db.datasets.get(datasetId)
  if (!row) throw new Error('no data set')
  const attempt = await Attempt.open({ task: loaded.task, tools: row.tools, records: loaded.records, profile: row.profile, setting: 'full', actor, sink })
  await attempt.call('Phone_Call', { telephone }, 'ui')
  await attempt.finish()
  return attempt.id
}

const withGold = (content: TaskContent, telephones: string[]): TaskContent => {
  const task = structuredClone(content.task)
  const call = task.answer[0]
  if (!call) throw new Error('no gold call')
  call.arguments.telephone = telephones
  return { task, records: content.records }
}

describe('saveTaskRevision', () => {
  it('adds an acceptable value: the wrong attempt flips to correct, the right one stays, and both versions are kept', async () => {
    const { db, row } = await sampleDb()
    const wrong = await attemptAt(db, row.id, 'ann', WRONG)
    const right = await attemptAt(db, row.id, 'bob', '13822419087')
    expect((await getAttempt(wrong, db))?.verdict?.correct).toBe(false)
    const before = await loadTask(row.id, '推理1', db)
    if (!before) throw new Error('no task')
    expect((await getAttempt(wrong, db))?.taskFingerprint).toBe(contentFingerprint(before))

    const revised = withGold(before, ['13822419087', WRONG])
    const saved = await saveTaskRevision(row.id, revised, { author: 'carol', replaces: '推理1' }, judgeAttempt, db)
    expect(saved).toMatchObject({ rev: 1, rescored: 2, flips: [{ attemptId: wrong, actor: 'ann', before: false, after: true }] })
    expect((await getAttempt(wrong, db))?.verdict?.correct).toBe(true)
    expect((await getAttempt(right, db))?.verdict?.correct).toBe(true)
    // The attempt still says which version it was made on: revision 0.
    const history = await taskRevisions(row.id, '推理1', db)
    expect(history.map((r) => [r.rev, r.author])).toEqual([[0, ''], [1, 'carol']])
    expect(history[0]?.fingerprint).toBe((await getAttempt(wrong, db))?.taskFingerprint)
    expect(history[1]?.fingerprint).toBe(saved.fingerprint)
    expect(describeChanges(history[0]?.content, revised).map((c) => c.text)).toEqual([
      `gold call 1 (Phone_Call) telephone: [“13822419087”] → [“13822419087”, “${WRONG}”]`,
    ])
    // Taking the value out again flips it back: a second revision.
    const again = await saveTaskRevision(row.id, before, { author: 'carol', replaces: '推理1' }, judgeAttempt, db)
    expect(again).toMatchObject({ rev: 2, flips: [{ attemptId: wrong, before: true, after: false }] })
  })

  it('exports the revision in the published format: only the revised line differs, and the folder loads without errors', async () => {
    const { db, row } = await sampleDb()
    const before = await loadTask(row.id, '推理1', db)
    if (!before) throw new Error('no task')
    await saveTaskRevision(row.id, withGold(before, ['13822419087', WRONG]), { author: 'carol', replaces: '推理1' }, judgeAttempt, db)
    const exported = await exportDataset(row.id, db)
    if (!exported) throw new Error('nothing exported')
    const oldLines = (files['input_data.jsonl'] ?? '').trim().split('\n')
    const newLines = (exported['input_data.jsonl'] ?? '').trim().split('\n')
    expect(newLines.length).toBe(oldLines.length)
    const differing = newLines.map((l, i) => (l === oldLines[i] ? -1 : i)).filter((i) => i >= 0)
    expect(differing).toEqual([0])
    expect(JSON.parse(newLines[0] ?? '').prompt_metadata.answer[0].arguments.telephone).toEqual(['13822419087', WRONG])
    expect(exported['records_db.json']).toBe(files['records_db.json'])
    // npm run validate's checks: the loader throws on an error; the lint finds what it found in the sample.
    const { dataset, warnings } = loadDataset(exported)
    const original = loadDataset(files)
    expect(warnings).toEqual(original.warnings)
    expect(lintDataset(dataset)).toEqual(lintDataset(original.dataset))
  })

  it('refuses an id another task has, and a sealed data set, changing nothing', async () => {
    const { db, row } = await sampleDb()
    const before = await loadTask(row.id, '推理1', db)
    if (!before) throw new Error('no task')
    const clash: TaskContent = { task: { ...before.task, id: '推理2' }, records: before.records }
    await expect(saveTaskRevision(row.id, clash, { author: 'carol', replaces: '推理1' }, judgeAttempt, db)).rejects.toThrow('Another task has the id 推理2')
    expect(await taskRevisions(row.id, '推理1', db)).toEqual([])
    expect((await loadTask(row.id, '推理1', db))?.task).toEqual(before.task)
    await db.datasets.update(row.id, { sealed: { version: 1 } as never })
    await expect(saveTaskRevision(row.id, before, { author: 'carol', replaces: '推理1' }, judgeAttempt, db)).rejects.toThrow('sealed')
  })

  it('renames a task: its attempts and revisions go with it, its place in the files stays', async () => {
    const { db, row } = await sampleDb()
    const wrong = await attemptAt(db, row.id, 'ann', WRONG)
    const before = await loadTask(row.id, '推理1', db)
    if (!before) throw new Error('no task')
    await saveTaskRevision(row.id, { task: { ...before.task, id: '推理1b' }, records: before.records }, { author: 'carol', replaces: '推理1' }, judgeAttempt, db)
    expect(await loadTask(row.id, '推理1', db)).toBeUndefined()
    expect((await getAttempt(wrong, db))?.taskId).toBe('推理1b')
    expect((await taskRevisions(row.id, '推理1b', db)).map((r) => r.rev)).toEqual([0, 1])
    const exported = await exportDataset(row.id, db)
    const first = JSON.parse((exported?.['input_data.jsonl'] ?? '').split('\n')[0] ?? '')
    expect(first.id).toBe('推理1b')
    expect(Object.keys(JSON.parse(exported?.['records_db.json'] ?? '{}'))[0]).toBe('推理1b')
  })

  it('adds a new task at the end, counted in the data set, with revision 0', async () => {
    const { db, row } = await sampleDb()
    const base = await loadTask(row.id, '推理1', db)
    if (!base) throw new Error('no task')
    const { source: _source, ...rest } = base.task
    const task: Task = { ...rest, id: '新1', messages: [{ role: 'user', content: 'Call Tom Ruiz' }], instruction: 'Call Tom Ruiz' }
    const saved = await saveTaskRevision(row.id, { task, records: base.records }, { author: 'carol' }, judgeAttempt, db)
    expect(saved.rev).toBe(0)
    expect((await db.datasets.get(row.id))?.tasks).toBe(row.tasks + 1)
    const exported = await exportDataset(row.id, db)
    const lines = (exported?.['input_data.jsonl'] ?? '').trim().split('\n')
    expect(JSON.parse(lines.at(-1) ?? '').id).toBe('新1')
    expect(loadDataset(exported ?? {}).dataset.tasks.at(-1)?.instruction).toBe('Call Tom Ruiz')
    expect(await datasetAttempts(row.id, db)).toEqual([])
  })
})

describe('gold by demonstration', () => {
  it('takes the kept execution calls, each value the one acceptable value', () => {
    const steps = [
      { seq: 0, name: 'search_contacts', arguments: { pattern: 'Tom' }, source: 'ui' as const, kind: 'retrieval' as const, ok: true, content: '' },
      { seq: 1, name: 'Phone_Call', arguments: { telephone: WRONG }, source: 'ui' as const, kind: 'execution' as const, ok: true, content: '', withdrawn: true },
      { seq: 2, name: 'Phone_Call', arguments: { telephone: '13822419087', type: 'VOICE' }, source: 'ui' as const, kind: 'execution' as const, ok: true, content: '' },
      { seq: 3, name: 'Messages_Send', arguments: { content: 'x' }, source: 'ui' as const, kind: 'execution' as const, ok: false, content: 'Error' },
    ]
    expect(goldFromCalls(steps)).toEqual({ answer: [{ name: 'Phone_Call', arguments: { telephone: ['13822419087'], type: ['VOICE'] } }], freeParams: [[]] })
  })

  it('turns live changes into expected_state, naming an updated record by a field only it has', () => {
    const records = { contacts: [{ name: 'Tom Ruiz', phone: '1' }, { name: 'Tom Becker', phone: '1' }] }
    const { expected, unnamed } = expectedStateFromChanges(
      [
        { app: 'contacts', op: 'insert', id: 'contacts:n0', after: { name: 'Ann', phone: '2' } },
        { app: 'contacts', op: 'update', id: 'contacts:0', before: { name: 'Tom Ruiz', phone: '1' }, after: { name: 'Tom Ruiz', phone: '3' }, fields: ['phone'] },
        { app: 'contacts', op: 'delete', id: 'contacts:1', before: { name: 'Tom Becker', phone: '1' } },
      ],
      records,
    )
    expect(unnamed).toEqual([])
    expect(expected).toEqual([
      { app: 'contacts', op: 'insert', record: { name: ['Ann'], phone: ['2'] } },
      { app: 'contacts', op: 'update', where: { name: 'Tom Ruiz' }, record: { phone: ['3'] } },
      { app: 'contacts', op: 'delete', where: { name: 'Tom Becker' } },
    ])
  })

  it('CHANGES.md lists each revised task and its changes', () => {
    const text = changesMarkdown('Sample', [{ taskId: '推理1', revisions: 1, authors: ['carol'], changes: [{ part: 'gold', text: 'gold call 1 (Phone_Call) telephone: [a] → [a, b]' }] }])
    expect(text).toContain('## 推理1')
    expect(text).toContain('1 revision by carol.')
    expect(text).toContain('- gold call 1 (Phone_Call) telephone: [a] → [a, b]')
  })
})

describe('exportDatasetFolder', () => {
  it('adds CHANGES.md: the revised task and what changed, nothing for untouched tasks', async () => {
    const { db, row } = await sampleDb()
    const plain = await exportDatasetFolder(row.id, db)
    expect(plain?.['CHANGES.md']).toContain('No task was revised.')
    const before = await loadTask(row.id, '推理1', db)
    if (!before) throw new Error('no task')
    await saveTaskRevision(row.id, withGold(before, ['13822419087', WRONG]), { author: 'carol', replaces: '推理1' }, judgeAttempt, db)
    const folder = await exportDatasetFolder(row.id, db)
    const changes = folder?.['CHANGES.md'] ?? ''
    expect(changes).toContain('1 task revised or added')
    expect(changes).toContain('## 推理1')
    expect(changes).toContain(`- gold call 1 (Phone_Call) telephone: [“13822419087”] → [“13822419087”, “${WRONG}”]`)
    expect(changes).not.toContain('推理2')
    const { ['CHANGES.md']: _changes, ...published } = folder ?? {}
    expect(published).toEqual(await exportDataset(row.id, db))
  })
})

describe('an attempt’s task version in exports', () => {
  it('travels as task_fingerprint and is kept on import; a malformed one is refused', async () => {
    const { db, row } = await sampleDb()
    const id = await attemptAt(db, row.id, 'ann', WRONG)
    const fingerprint = (await getAttempt(id, db))?.taskFingerprint
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/)
    const exported = await exportAttempts(row.id, {}, db)
    const line = JSON.parse((exported.files['response.jsonl'] ?? '').split('\n')[0] ?? '{}')
    expect(line.task_fingerprint).toBe(fingerprint)

    const other = await sampleDb()
    await importAttempts(other.row.id, exported.files, 'ann.zip', judgeAttempt, other.db)
    const [imported] = await datasetAttempts(other.row.id, other.db)
    expect(imported?.taskFingerprint).toBe(fingerprint)

    const bad = { 'response.jsonl': JSON.stringify({ ...line, task_fingerprint: 'abc' }) + '\n' }
    await expect(importAttempts(other.row.id, bad, 'bad.jsonl', judgeAttempt, other.db)).rejects.toThrow('task_fingerprint')
  })
})

describe('the revised folder on the command line', () => {
  it('npm run validate passes on the downloaded folder, and npm run score on a person’s export gives the verdicts the page re-scored', async () => {
    const { db, row } = await sampleDb()
    const wrong = await attemptAt(db, row.id, 'ann', WRONG)
    await attemptAt(db, row.id, 'ann', '13822419087')
    const before = await loadTask(row.id, '推理1', db)
    if (!before) throw new Error('no task')
    await saveTaskRevision(row.id, withGold(before, ['13822419087', WRONG]), { author: 'carol', replaces: '推理1' }, judgeAttempt, db)
    expect((await getAttempt(wrong, db))?.verdict?.correct).toBe(true)

    const dir = mkdtempSync(join(tmpdir(), 'revised-'))
    try {
      for (const [name, text] of Object.entries((await exportDatasetFolder(row.id, db)) ?? {})) writeFileSync(join(dir, name), text)
      const validate = spawnSync(process.execPath, [...cliArgs('cli/validate.ts'), dir], { cwd: ROOT, encoding: 'utf8' })
      expect(validate.status, validate.stderr + validate.stdout).toBe(0)
      const people = await exportAttempts(row.id, {}, db)
      writeFileSync(join(dir, 'response.jsonl'), people.files['response.jsonl'] ?? '')
      const out = join(dir, 'result.json')
      const score = spawnSync(
        process.execPath,
        [...cliArgs('cli/score.ts'), '--input_data', join(dir, 'input_data.jsonl'), '--input_response_data', join(dir, 'response.jsonl'), '--output_file', out],
        { cwd: ROOT, encoding: 'utf8' },
      )
      expect(score.status, score.stderr).toBe(0)
      const details = readFileSync(join(dir, 'details.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; correct: boolean })
      const scored = details.filter((d) => d.id === '推理1').map((d) => d.correct)
      const page = (await datasetAttempts(row.id, db)).map((a) => a.verdict?.correct)
      expect(scored.length).toBeGreaterThan(0)
      expect(scored).toEqual(page.slice(0, scored.length))
      expect(scored.every(Boolean)).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('saveProfile', () => {
  it('changes the data set’s profile: the export writes it, CHANGES.md says what changed and who; a sealed data set refuses', async () => {
    const { db, row } = await sampleDb()
    const profile = { ...row.profile, name: 'Dana Hayes', phone: '15800000000' }
    const saved = await saveProfile(row.id, profile, { author: 'carol' }, judgeAttempt, db)
    expect(saved).toEqual({ flips: [], rescored: 0 })
    const folder = await exportDatasetFolder(row.id, db)
    expect(JSON.parse(folder?.['profile.json'] ?? '{}')).toMatchObject({ name: 'Dana Hayes', phone: '15800000000', occupation: row.profile.occupation })
    const changes = folder?.['CHANGES.md'] ?? ''
    expect(changes).toContain('## The profile')
    expect(changes).toContain('Edited by carol')
    expect(changes).toContain(`- name: “${row.profile.name}” → “Dana Hayes”`)
    expect(changes).not.toContain('- occupation')
    expect(loadDataset(folder ?? {}).dataset.profile.name).toBe('Dana Hayes')
    await db.datasets.update(row.id, { sealed: { version: 1 } as never })
    await expect(saveProfile(row.id, profile, { author: 'carol' }, judgeAttempt, db)).rejects.toThrow('sealed')
  })

  it('scores the data set’s finished live attempts again (their effects stamp the profile), and leaves static ones', async () => {
    const db = new SpievalDatabase(`revisions-test-${n++}`)
    const liveFiles = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(ROOT, 'public/data-live', name), 'utf8')]))
    const row = await importDataset(liveFiles, { name: 'live', source: 'files' }, db)
    const first = (await db.tasks.where('[datasetId+order]').between([row.id, -Infinity], [row.id, Infinity]).first())?.task
    if (!first) throw new Error('no task')
    const loaded = await loadTask(row.id, first.id, db)
    if (!loaded) throw new Error('no records')
    const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: () => '#/', elapsedMs: () => 0, db })
    const live = await Attempt.open({ task: loaded.task, tools: row.tools, records: loaded.records, profile: row.profile, setting: 'full', actor: 'ann', sink, state: 'live' })
    await live.finish()
    const plain = await Attempt.open({ task: loaded.task, tools: row.tools, records: loaded.records, profile: row.profile, setting: 'full', actor: 'ann', sink })
    await plain.finish()
    const saved = await saveProfile(row.id, { ...row.profile, now: '2026-04-01 09:00:00' }, { author: 'carol' }, judgeAttempt, db)
    expect(saved.rescored).toBe(1)
  })
})
