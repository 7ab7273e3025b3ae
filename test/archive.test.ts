import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { zipSync, strToU8 } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  Attempt,
  MemorySink,
  OracleAgent,
  judgeAttempt,
  TaskHost,
  parseResponses,
  responseLine,
  runAgent,
  scoreResponses,
  scoreTask,
  toolProperties,
} from '../src/core/index'
import type { CallSource, Dataset, Task, TrajectoryStep } from '../src/core/index'
import { ArchiveError, ZIP_LIMITS, buildArchive, readArchive, unzipArchive, zipArchive } from '../src/core/archive/index'
import type { ArchivedAttempt, ArchivedStep } from '../src/core/archive/index'
import { SpievalDatabase, attemptCalls, importAttempts, importDataset } from '../src/db/index'
import { importAttemptSources } from '../src/db/archive'
import type { AttemptRow, CallRow } from '../src/db/index'
import { ROOT, fixtureDataset, fixtureFiles } from './fixtures'
import { MIB, craftedZip } from './support/craftedZip'
import { exportAttempts } from '../src/state/attemptExport'
import { storedResponseLines } from '../src/analysis/store'
import { loadPeople, usePeople } from '../src/people/store'
import { cliArgs } from './support/cli'
import { cpuTimed } from './support/cpuTime'

let n = 0
const freshDb = () => new SpievalDatabase(`archive-test-${n++}`)

const T0 = Date.UTC(2026, 2, 1, 9, 0, 0)
const MIN = 60_000

function taskOf(dataset: Dataset, id: string): Task {
  const task = dataset.tasks.find((t) => t.id === id)
  if (!task) throw new Error(`no task ${id}`)
  return task
}

/**
 * Runs calls through the attempt kernel, as the phone would, and returns
 * the attempt as stored: steps with their times, a verdict when finished.
 */
async function attempt(
  dataset: Dataset,
  init: { id: string; taskId: string; actor: string; started: number; ended?: number; flags?: ArchivedAttempt['flags'] },
  calls: { name: string; args: unknown; source?: CallSource }[],
  withdraw: number[] = [],
): Promise<ArchivedAttempt> {
  const task = taskOf(dataset, init.taskId)
  const kernel = await Attempt.open({ task, tools: dataset.tools, records: dataset.records[task.id] ?? {}, setting: 'paginated', actor: init.actor, sink: new MemorySink() })
  for (const c of calls) await kernel.call(c.name, c.args, c.source ?? 'ui')
  for (const seq of withdraw) await kernel.withdraw(seq)
  const steps: ArchivedStep[] = kernel.trajectory().map(({ data: _data, ...s }) => ({ ...s, at: init.started + (s.seq + 1) * 1000 }))
  const finished = init.ended !== undefined
  const verdict = finished ? scoreTask(task, kernel.submittedCalls(), toolProperties(dataset.tools)) : undefined
  return {
    id: init.id,
    taskId: init.taskId,
    access: 'paginated',
    actor: init.actor,
    started: init.started,
    elapsedMs: finished ? (init.ended ?? 0) - init.started - 5000 : 42_500,
    finished,
    ...(init.ended !== undefined ? { ended: init.ended } : {}),
    // As IndexedDB would give it back after JSON: no undefined keys.
    ...(verdict ? { verdict: JSON.parse(JSON.stringify({ correct: verdict.correct, errorType: verdict.errorType, mismatches: verdict.mismatches })) } : {}),
    ...(init.flags ? { flags: init.flags } : {}),
    steps,
  }
}

/**
 * Two people. ann: 推理1 solved (a withdrawn call, a flag in Chinese), then
 * 推理1 again, started before but ended after, wrong; 多意图1 unfinished with a
 * failed call. 李雷: 多意图1 solved, in Chinese; 推理1 unfinished but with the
 * right call kept.
 */
async function people(dataset: Dataset) {
  const a1 = await attempt(
    dataset,
    {
      id: 'a1',
      taskId: '推理1',
      actor: 'ann',
      started: T0,
      ended: T0 + 10 * MIN,
      flags: [{ kind: 'ambiguous', comment: '经理有两个号码，短信里的是新的', at: T0 + 11 * MIN }],
    },
    [
      { name: 'search_contacts', args: { pattern: 'Rachel' } },
      { name: 'Phone_Call', args: { telephone: '13911112222' } },
      { name: 'search_sms', args: { pattern: 'new number' }, source: 'api' },
      { name: 'Phone_Call', args: { telephone: '13933334444' } },
    ],
    [1],
  )
  const a2 = await attempt(dataset, { id: 'a2', taskId: '推理1', actor: 'ann', started: T0 - 60 * MIN, ended: T0 + 120 * MIN }, [
    { name: 'Phone_Call', args: { telephone: '13911112222', type: 'VOICE' } },
  ])
  const a3 = await attempt(dataset, { id: 'a3', taskId: '多意图1', actor: 'ann', started: T0 + 180 * MIN }, [
    { name: 'Messages_Send', args: { telephone: '13822419087' } },
    { name: 'Messages_Send', args: { telephone: '13822419087', text: '预算已批准' } },
  ])
  const l1 = await attempt(dataset, { id: 'l1', taskId: '多意图1', actor: '李雷', started: T0 + 5 * MIN, ended: T0 + 25 * MIN }, [
    { name: 'search_contacts', args: { pattern: 'Tom' } },
    { name: 'Messages_Send', args: { telephone: '13822419087', text: '汤姆，预算批了' } },
    { name: 'search_sms', args: '{"pattern": "新号码"}', source: 'api' },
    { name: 'Messages_Send', args: { telephone: '13933334444', text: 'Rachel 你好，会议改到周一' } },
  ])
  const l2 = await attempt(dataset, { id: 'l2', taskId: '推理1', actor: '李雷', started: T0 + 30 * MIN }, [
    { name: 'Phone_Call', args: { telephone: '13933334444' } },
  ])
  return [a1, a2, a3, l1, l2]
}

const byId = (list: readonly ArchivedAttempt[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1))
const parseLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

function build(dataset: Dataset, attempts: ArchivedAttempt[]) {
  return buildArchive({ attempts, tasks: dataset.tasks, tools: dataset.tools, dataset: { name: 'fixture' }, exportedAt: '2026-03-02T00:00:00.000Z' })
}

/** An archive's files with the export time blanked: everything else must be byte for byte the same. */
function timeless(files: Record<string, string>): Record<string, string> {
  const manifest = JSON.parse(files['manifest.json'] ?? '{}') as Record<string, unknown>
  return { ...files, 'manifest.json': JSON.stringify({ ...manifest, exported_at: 'x' }) }
}

/** Stores attempts as the phone does (an attempt row, a call row per step), not through the import under test. */
async function store(db: SpievalDatabase, datasetId: string, attempts: ArchivedAttempt[]): Promise<void> {
  const rows: AttemptRow[] = attempts.map(({ steps, ...a }) => ({ ...a, datasetId, screen: `#/task/${a.taskId}/app/contacts`, steps: steps.length }))
  const calls: CallRow[] = attempts.flatMap((a) => a.steps.map((s) => ({ attemptId: a.id, ...s })))
  await db.attempts.bulkAdd(rows)
  await db.calls.bulkAdd(calls)
}

async function storeWithDataset(attempts: ArchivedAttempt[]) {
  const db = freshDb()
  const row = await importDataset(fixtureFiles(), { name: 'fixture', source: 'files' }, db)
  await store(db, row.id, attempts)
  return { db, datasetId: row.id }
}

async function emptyStore() {
  const db = freshDb()
  const row = await importDataset(fixtureFiles(), { name: 'fixture', source: 'files' }, db)
  return { db, datasetId: row.id }
}

describe('an archive of attempts', () => {
  it('gives back every attempt exactly, and zips to the same files', async () => {
    const dataset = fixtureDataset()
    const attempts = await people(dataset)
    const { files } = build(dataset, attempts)
    expect(Object.keys(files)).toEqual(['response.jsonl', 'result.json', 'details.jsonl', 'manifest.json'])
    const read = readArchive(files)
    expect(read.issues).toEqual([])
    expect(byId(read.attempts)).toStrictEqual(byId(attempts))
    // One line per attempt, every attempt there, the unfinished ones included.
    expect(parseLines(files['response.jsonl'] ?? '')).toHaveLength(5)
    const zipped = zipArchive(files)
    expect(unzipArchive(zipped)).toEqual(files)
    expect(zipArchive(files)).toEqual(zipped) // no clock in the bytes
    // Zipped again inside a folder, with macOS metadata: the same files.
    const rezipped = zipSync({ export: Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])), '__MACOSX/._x': strToU8('junk') })
    expect(unzipArchive(rezipped)).toEqual(files)
    expect(() => unzipArchive(strToU8('not a zip'))).toThrow(ArchiveError)
  })

  it('writes the manifest counts and fingerprints', async () => {
    const dataset = fixtureDataset()
    const { files, manifest } = build(dataset, await people(dataset))
    expect(JSON.parse(files['manifest.json'] ?? '')).toEqual(manifest)
    expect(manifest).toMatchObject({
      format: 'spieval-phone-attempts',
      version: 1,
      exported_at: '2026-03-02T00:00:00.000Z',
      dataset: { name: 'fixture' },
      filter: null,
      counts: { attempts: 5, finished: 3, people: 2, tasks: 2, calls: 12 },
    })
    expect(manifest.files['response.jsonl']?.lines).toBe(5)
    expect(manifest.files['details.jsonl']?.lines).toBe(4) // 2 runs × 2 tasks
    expect(manifest.files['response.jsonl']?.bytes).toBe(Buffer.byteLength(files['response.jsonl'] ?? '', 'utf8'))
    expect(manifest.files['result.json']?.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('makes each person a run and scores their first finished blind attempt at a task, never an unfinished one', async () => {
    // The rule: runs are the actors sorted by name; within a person's attempts at a task the unfinished
    // come first, then the finished by their end, and the one that counts (the first finished blind) last,
    // so the scorer's "last line wins" keeps it.
    const dataset = fixtureDataset()
    const { files } = build(dataset, await people(dataset))
    const lines = parseLines(files['response.jsonl'] ?? '')
    expect(lines.map((l) => [l.run, l.id, l.attempt, l.actor])).toEqual([
      [0, '推理1', 'a2', 'ann'],
      [0, '推理1', 'a1', 'ann'], // ended first, though started after a2: it counts
      [0, '多意图1', 'a3', 'ann'],
      [1, '推理1', 'l2', '李雷'],
      [1, '多意图1', 'l1', '李雷'],
    ])
    // An unfinished attempt submitted nothing: its kept calls stay in its trajectory only.
    expect(lines[3]?.calls).toEqual([])
    expect(lines[3]?.finished).toBe(false)
    expect((lines[3]?.trajectory as unknown[]).length).toBe(1)
    const details = parseLines(files['details.jsonl'] ?? '')
    expect(details.map((d) => [d.run, d.id, d.correct, d.error_type])).toEqual([
      [0, '推理1', true, null], // a1, the first finished blind, not a2
      [0, '多意图1', false, 'wrong_count'],
      [1, '推理1', false, 'wrong_count'], // l2 had the right call kept, but was never submitted
      [1, '多意图1', true, null],
    ])
    const result = JSON.parse(files['result.json'] ?? '')
    expect(result.runs).toBe(2)
    expect(result.per_run.map((r: { overall: number }) => r.overall)).toEqual([50, 50])
  })

  it('holds the result.json and details.jsonl that npm run score writes for its response.jsonl', async () => {
    const dataset = fixtureDataset()
    const { files } = build(dataset, await people(dataset))
    const dir = mkdtempSync(join(tmpdir(), 'archive-score-'))
    for (const [name, text] of Object.entries(fixtureFiles())) writeFileSync(join(dir, name), text)
    writeFileSync(join(dir, 'response.jsonl'), files['response.jsonl'] ?? '')
    const out = join(dir, 'out', 'result.json')
    mkdirSync(join(dir, 'out'))
    const r = spawnSync(
      process.execPath,
      [...cliArgs('cli/score.ts'), '--input_data', join(dir, 'input_data.jsonl'), '--input_response_data', join(dir, 'response.jsonl'), '--output_file', out],
      { cwd: ROOT, encoding: 'utf8' },
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(readFileSync(out, 'utf8')).toBe(files['result.json'])
    expect(readFileSync(join(dir, 'out', 'details.jsonl'), 'utf8')).toBe(files['details.jsonl'])
  })

  it('refuses a file changed after the export, naming it', async () => {
    const dataset = fixtureDataset()
    const { files } = build(dataset, await people(dataset))
    const tampered: Record<string, string> = { ...files, 'response.jsonl': (files['response.jsonl'] ?? '').replace('汤姆，预算批了', '汤姆，预算没批') }
    expect(readArchive(tampered).issues).toEqual([
      'response.jsonl: does not match manifest.json (different SHA-256): the file was changed after the export',
    ])
    expect(readArchive({ ...files, 'result.json': '{}' }).issues).toEqual([expect.stringMatching(/^result\.json: does not match/)])
    const { 'details.jsonl': _gone, ...missing } = files
    expect(readArchive(missing).issues).toEqual(['details.jsonl: listed in manifest.json but missing'])
    // Without a manifest there is nothing to check against: the edited line reads.
    const { 'manifest.json': _m, ...bare } = tampered
    expect(readArchive(bare).issues).toEqual([])
  })

  it('says what kind of file could not be imported (the reason a person reads), and nothing for an export that reads', async () => {
    const dataset = fixtureDataset()
    const { files } = build(dataset, await people(dataset))
    expect(readArchive(files).reason).toBeUndefined()
    const tampered = { ...files, 'response.jsonl': (files['response.jsonl'] ?? '').replace('汤姆，预算批了', '汤姆，预算没批') }
    expect(readArchive(tampered).reason).toBe('changed')
    const { 'response.jsonl': _r, ...noResponses } = files
    expect(readArchive({ 'notes.txt': 'hello' }).reason).toBe('noResponseFile')
    expect(readArchive({ 'a.jsonl': '{}', 'b.jsonl': '{}' }).reason).toBe('severalResponseFiles')
    // Its manifest still lists response.jsonl: part of an export was picked.
    expect(readArchive(noResponses).reason).toBe('incomplete')
    const { 'details.jsonl': _d, ...noDetails } = files
    expect(readArchive(noDetails).reason).toBe('incomplete')
    expect(readArchive({ 'response.jsonl': 'hello\n{"id": "推理1"}\n' }).reason).toBe('noResponseLines')
    // One good line among bad ones: the bad ones are issues, the file is an export.
    const [first] = (files['response.jsonl'] ?? '').split('\n')
    expect(readArchive({ 'response.jsonl': `hello\n${first}\n` }).reason).toBeUndefined()
    const reasonOf = (bytes: Uint8Array) => {
      try {
        unzipArchive(bytes)
        return undefined
      } catch (err) {
        return err instanceof ArchiveError ? err.reason : String(err)
      }
    }
    expect(reasonOf(strToU8('not a zip at all'))).toBe('notZip')
    expect(reasonOf(zipArchive(files))).toBeUndefined()
    expect(reasonOf(zipArchive(files).slice(0, 200))).toBe('notZip')
  })
})

describe('lines from elsewhere', () => {
  it('imports an agent\'s lines (messages only, or calls without an actor) as its runs, scored as before, never as people', async () => {
    const dataset = fixtureDataset()
    const task = taskOf(dataset, '推理1')
    // Exactly as cli/agent.ts writes a line.
    const host = new TaskHost(dataset)
    const trajectory: TrajectoryStep[] = []
    const opened = await host.open(task.id, 'paginated')
    const run = await runAgent({
      model: new OracleAgent(task),
      systemPrompt: opened.systemPrompt,
      instruction: opened.instruction,
      tools: opened.tools,
      callTool: async (name, args) => {
        const step = await host.call(name, args, 'agent')
        trajectory.push(step)
        return step
      },
    })
    const line = { id: task.id, run: 2, model: 'oracle', setting: 'paginated', messages: run.messages, turns: run.turns, stop: run.stop, started: '2026-03-01T10:00:00.000Z', ended: '2026-03-01T10:00:03.000Z' }
    const text = JSON.stringify(line) + '\n' + JSON.stringify({ id: '多意图1', calls: [{ name: 'Messages_Send', arguments: { telephone: '13822419087', text: 'hi' } }] }) + '\n'
    const read = readArchive({ 'responses.jsonl': text })
    expect(read.issues).toEqual([])
    const [agent, plain] = read.attempts
    expect(trajectory.length).toBeGreaterThan(1)
    expect(agent).toMatchObject({ taskId: '推理1', actor: 'oracle', access: 'paginated', finished: true, started: Date.UTC(2026, 2, 1, 10), elapsedMs: 3000 })
    // Kept as the model's run, the line's run its repeat: an agent's attempts count with models, not among people.
    expect(agent?.run).toEqual({ id: 'imported:oracle', repeat: 2, model: 'oracle' })
    // The agent's last answer (an assistant message without tool calls) comes back as its reply to the user, as the scorer reads a line.
    const answer = { name: 'reply', arguments: { text: run.messages.at(-1)?.content }, kind: 'reply', content: '' }
    expect(agent?.steps).toEqual(
      [...trajectory, { seq: trajectory.length, ...answer }].map((s) => ({ seq: s.seq, at: Date.UTC(2026, 2, 1, 10), name: s.name, arguments: s.arguments, source: 'agent', kind: s.kind, ok: true, content: s.content })),
    )
    expect(agent?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(readArchive({ 'responses.jsonl': text }).attempts.map((a) => a.id)).toEqual(read.attempts.map((a) => a.id))
    expect(plain).toMatchObject({ taskId: '多意图1', actor: 'run 0', started: 0, finished: true, run: { id: 'imported:responses', repeat: 0, model: 'responses' } })
    expect(plain?.id).not.toBe(agent?.id)

    // Imported, the lines get a verdict from the gold; exported again, they score as the original file does.
    const { db, datasetId } = await emptyStore()
    expect(await importAttempts(datasetId, { 'responses.jsonl': text }, 'mixed.jsonl', judgeAttempt, db)).toEqual({ added: 2, skipped: 0, unknownTasks: [], changedVerdicts: [] })
    expect((await db.attempts.get(agent?.id ?? ''))?.verdict).toMatchObject({ correct: true, errorType: null })
    expect((await db.attempts.get(plain?.id ?? ''))?.verdict).toMatchObject({ correct: false, errorType: 'wrong_count' })
    // The page's lines of them (the Analysis view's) score as the original file does, each on its model's row with its own run;
    // the line that names no model is named after the file it came in, as the Analysis view names such a file's row.
    const rows = await db.attempts.toArray()
    const callRows = new Map(await Promise.all(rows.map(async (r) => [r.id, await attemptCalls(r.id, db)] as const)))
    const pageLines = storedResponseLines(rows, callRows, dataset.tasks)
    expect(pageLines.map((l) => [l.raw.model, l.run, l.id])).toEqual([
      ['oracle', 2, '推理1'],
      ['mixed', 0, '多意图1'],
    ])
    const original = scoreResponses(dataset.tasks, dataset.tools, parseResponses(text).lines).details
    expect(scoreResponses(dataset.tasks, dataset.tools, pageLines).details).toEqual(original)
    expect(original.map((d) => [d.run, d.id, d.error_type])).toEqual([
      [0, '推理1', 'no_response'],
      [0, '多意图1', 'wrong_count'],
      [2, '推理1', null],
      [2, '多意图1', 'no_response'],
    ])
    // The people's export and the People view leave them out: nobody solved these.
    expect((await exportAttempts(datasetId, {}, db)).files['response.jsonl']?.trim() ?? '').toBe('')
    await loadPeople(rows)
    expect(usePeople.getState().attempts).toEqual([])
  })

  it('reads a page export line (calls, messages, withdrawn) back with its failed and withdrawn calls', async () => {
    const dataset = fixtureDataset()
    const [a1, , a3] = await people(dataset)
    for (const original of [a1, a3]) {
      if (!original) throw new Error('fixture')
      const line = responseLine({
        taskId: original.taskId,
        instruction: taskOf(dataset, original.taskId).instruction,
        run: 0,
        actor: original.actor,
        setting: original.access,
        started: original.started,
        elapsedMs: original.elapsedMs,
        steps: original.steps,
        finished: original.finished,
        attemptId: original.id,
      })
      const [read] = readArchive({ 'old.jsonl': JSON.stringify(line) }).attempts
      expect(read?.id).toBe(original.id)
      expect(read?.steps.map((s) => [s.name, s.kind, s.ok, s.withdrawn ?? false, s.content])).toEqual(
        original.steps.map((s) => [s.name, s.kind, s.ok, s.withdrawn ?? false, s.content]),
      )
    }
  })
})

describe('export and import through the store', () => {
  it('exports what is stored, and a fresh store that imports it exports the same files', async () => {
    const dataset = fixtureDataset()
    const attempts = await people(dataset)
    const one = await storeWithDataset(attempts)
    const first = await exportAttempts(one.datasetId, {}, one.db)
    expect(timeless(first.files)).toEqual(timeless(build(dataset, attempts).files))
    expect(unzipArchive(first.zip)).toEqual(first.files)
    expect(first.fileName).toMatch(/^attempts-fixture-\d{4}-\d{2}-\d{2}\.zip$/)

    const two = await emptyStore()
    expect(await importAttempts(two.datasetId, unzipArchive(first.zip), first.fileName, judgeAttempt, two.db)).toEqual({ added: 5, skipped: 0, unknownTasks: [], changedVerdicts: [] })
    const row = await two.db.attempts.get('a1')
    expect(row).toMatchObject({ datasetId: two.datasetId, importedFrom: first.fileName, callCount: 4, screen: '#/task/%E6%8E%A8%E7%90%861' })
    expect(await two.db.calls.count()).toBe(12)
    const second = await exportAttempts(two.datasetId, {}, two.db)
    expect(timeless(second.files)).toEqual(timeless(first.files))
    expect(second.manifest.exported_at).not.toBe('')
  })

  it('exports a filter, and merges two people\'s archives; an archive imported twice adds nothing', async () => {
    const dataset = fixtureDataset()
    const one = await storeWithDataset(await people(dataset))
    const all = await exportAttempts(one.datasetId, {}, one.db)
    const ann = await exportAttempts(one.datasetId, { actor: 'ann' }, one.db)
    const li = await exportAttempts(one.datasetId, { actor: '李雷' }, one.db)
    expect(ann.manifest).toMatchObject({ filter: 'actor: ann', counts: { attempts: 3, people: 1 } })
    const finished = await exportAttempts(one.datasetId, { finishedOnly: true, taskIds: ['推理1'] }, one.db)
    expect(finished.manifest).toMatchObject({ filter: 'finished only; tasks: 推理1', counts: { attempts: 2, finished: 2 } })

    const merged = await emptyStore()
    expect(await importAttempts(merged.datasetId, ann.files, 'ann.zip', judgeAttempt, merged.db)).toEqual({ added: 3, skipped: 0, unknownTasks: [], changedVerdicts: [] })
    expect(await importAttempts(merged.datasetId, li.files, 'li.zip', judgeAttempt, merged.db)).toEqual({ added: 2, skipped: 0, unknownTasks: [], changedVerdicts: [] })
    expect(await importAttempts(merged.datasetId, ann.files, 'ann again.zip', judgeAttempt, merged.db)).toEqual({ added: 0, skipped: 3, unknownTasks: [], changedVerdicts: [] })
    expect(await importAttempts(merged.datasetId, all.files, 'all.zip', judgeAttempt, merged.db)).toEqual({ added: 0, skipped: 5, unknownTasks: [], changedVerdicts: [] })
    expect(await merged.db.attempts.count()).toBe(5)
    expect(await merged.db.calls.count()).toBe(12)
    expect((await merged.db.attempts.get('a1'))?.importedFrom).toBe('ann.zip')
    const after = await exportAttempts(merged.datasetId, {}, merged.db)
    expect(timeless(after.files)).toEqual(timeless(all.files))
  })

  it('refuses a tampered archive and one with unknown tasks whole, writing nothing', async () => {
    const dataset = fixtureDataset()
    const attempts = await people(dataset)
    const { files } = build(dataset, attempts)
    const target = await emptyStore()
    const tampered = { ...files, 'response.jsonl': (files['response.jsonl'] ?? '').replace('"ann"', '"anne"') }
    await expect(importAttempts(target.datasetId, tampered, 'x.zip', judgeAttempt, target.db)).rejects.toThrow(/response\.jsonl: does not match manifest\.json/)

    const stray = await attempt(dataset, { id: 'z1', taskId: '推理1', actor: 'ann', started: T0, ended: T0 + MIN }, [])
    const unknown = build(dataset, [...attempts, { ...stray, taskId: '不存在9' }, { ...stray, id: 'z2', taskId: '整合77' }]).files
    const error = await importAttempts(target.datasetId, unknown, 'y.zip', judgeAttempt, target.db).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ArchiveError)
    expect((error as ArchiveError).unknownTasks).toEqual(['不存在9', '整合77'])
    expect((error as Error).message).toMatch(/2 task\(s\) that data set "fixture" does not have: 不存在9, 整合77/)
    expect(await target.db.attempts.count()).toBe(0)
    expect(await target.db.calls.count()).toBe(0)
    // The same archive without the strays imports.
    expect((await importAttempts(target.datasetId, files, 'z.zip', judgeAttempt, target.db)).added).toBe(5)
  })
})

describe('a zip import reads only what it declares it can hold', () => {
  const response = async () => {
    const dataset = fixtureDataset()
    return build(dataset, await people(dataset)).files['response.jsonl'] ?? ''
  }
  const refusal = (bytes: Uint8Array): ArchiveError => {
    try {
      unzipArchive(bytes)
    } catch (err) {
      if (err instanceof ArchiveError) return err
      throw err
    }
    throw new Error('the zip was read')
  }

  it('refuses a few-KB zip whose entries declare 20 × 255 MiB before inflating any, naming each entry', () => {
    // What a crafted zip looks like: tiny deflated entries whose headers claim 255 MiB each, 5 GiB in all.
    const names = Array.from({ length: 20 }, (_, i) => `run-${String(i + 1).padStart(2, '0')}.jsonl`)
    const entries = Object.fromEntries(names.map((n) => [n, strToU8('{"id":"推理1","calls":[]}\n')]))
    const bytes = craftedZip(entries, Object.fromEntries(names.map((n) => [n, { originalSize: 255 * MIB }])))
    expect(bytes.length).toBeLessThan(8 * 1024)
    const { result: error, ms } = cpuTimed(() => refusal(bytes))
    expect(ms).toBeLessThan(1000) // listed, not inflated (CPU time: the wall clock counts a busy machine's waits)
    expect(error.issues).toHaveLength(20)
    expect(error.issues[0]).toMatch(/^run-01\.jsonl declares 255 MiB uncompressed from \d+ compressed bytes, more than deflate can produce \(1032:1\)/)
    expect(error.message).toContain('run-20.jsonl declares 255 MiB')
  })

  it('refuses one file over the per-file limit and files over the total limit together, saying which and what the limit is', async () => {
    expect(ZIP_LIMITS).toEqual({ files: 10_000, fileBytes: 256 * MIB, totalBytes: 320 * MIB })
    // Stored entries: their declared size is all the limits can go by.
    const big = craftedZip({ 'response.jsonl': strToU8(await response()) }, { 'response.jsonl': { size: 300 * MIB, originalSize: 300 * MIB } }, 0)
    expect(refusal(big).message).toBe('The zip cannot be imported: response.jsonl declares 300 MiB uncompressed, over the limit of 256 MiB per file.')
    const two = craftedZip(
      { 'response.jsonl': strToU8(await response()), 'details.jsonl': strToU8('') },
      { 'response.jsonl': { size: 200 * MIB, originalSize: 200 * MIB }, 'details.jsonl': { size: 200 * MIB, originalSize: 200 * MIB } },
      0,
    )
    expect(refusal(two).message).toBe(
      "The zip's files (response.jsonl, details.jsonl) declare 400 MiB uncompressed together, over the limit of 320 MiB for one import.",
    )
  })

  it('skips every entry it does not read, whatever it declares, and refuses more entries than the limit', async () => {
    const text = await response()
    // 20 × 255 MiB of other files beside a real response.jsonl: never inflated, not returned.
    const junk = Array.from({ length: 20 }, (_, i) => `blob-${i}.bin`)
    const bytes = craftedZip(
      { 'response.jsonl': strToU8(text), 'README.txt': strToU8('hello'), ...Object.fromEntries(junk.map((n) => [n, strToU8('x')])) },
      Object.fromEntries(junk.map((n) => [n, { originalSize: 255 * MIB }])),
    )
    expect(unzipArchive(bytes)).toEqual({ 'response.jsonl': text })
    const many = zipSync(Object.fromEntries(Array.from({ length: ZIP_LIMITS.files + 1 }, (_, i) => [`f${i}.txt`, strToU8('')])), { level: 0 })
    expect(refusal(many).message).toBe('The zip holds more than 10,000 entries, the limit of an import: it is not an export of attempts.')
  })
})

/** An export's response.jsonl with each line changed by `edit`, and no manifest (so no fingerprint to catch it). */
function edited(files: Record<string, string>, edit: (line: Record<string, unknown>) => Record<string, unknown>): Record<string, string> {
  const lines = parseLines(files['response.jsonl'] ?? '').map(edit)
  return { 'response.jsonl': lines.map((l) => JSON.stringify(l) + '\n').join('') }
}

describe('an imported attempt is scored with this data set\'s gold', () => {
  it('never keeps the verdict of the file, and reports those that differ', async () => {
    const dataset = fixtureDataset()
    const { files } = build(dataset, await people(dataset))
    // a2 (ann, 推理1) called the old number: wrong. Its line is edited to say correct; l1 (李雷, solved) to say wrong.
    const forged = edited(files, (line) =>
      line.attempt === 'a2'
        ? { ...line, verdict: { correct: true, error_type: null, mismatches: [] } }
        : line.attempt === 'l1'
          ? { ...line, verdict: { correct: false, error_type: 'wrong_count', mismatches: [] } }
          : line,
    )
    const target = await emptyStore()
    const result = await importAttempts(target.datasetId, forged, 'forged.jsonl', judgeAttempt, target.db)
    expect(result).toMatchObject({ added: 5, skipped: 0 })
    expect((await target.db.attempts.get('a2'))?.verdict).toMatchObject({ correct: false, errorType: 'wrong_value' })
    expect((await target.db.attempts.get('l1'))?.verdict).toEqual({ correct: true, errorType: null, mismatches: [] })
    expect(result.changedVerdicts).toEqual([
      { attemptId: 'a2', taskId: '推理1', actor: 'ann', stored: { correct: true, errorType: null }, recomputed: { correct: false, errorType: 'wrong_value' } },
      { attemptId: 'l1', taskId: '多意图1', actor: '李雷', stored: { correct: false, errorType: 'wrong_count' }, recomputed: { correct: true, errorType: null } },
    ])
    expect((await target.db.attempts.get('a2'))?.verdict?.mismatches).not.toEqual([])
    // An unfinished attempt submitted nothing: a verdict written into its line is dropped.
    const unfinished = edited(files, (line) => (line.attempt === 'a3' ? { ...line, attempt: 'a3-copy', verdict: { correct: true, error_type: null, mismatches: [] } } : line))
    expect((await importAttempts(target.datasetId, unfinished, 'copy.jsonl', judgeAttempt, target.db)).changedVerdicts).toEqual([])
    expect((await target.db.attempts.get('a3-copy'))?.verdict).toBeUndefined()
  })
})

describe('an imported trajectory is checked against the tool schemas', () => {
  it('never takes a file\'s ok flag on an invalid execution call: it is not a submitted action', async () => {
    const dataset = fixtureDataset()
    const { files } = build(dataset, await people(dataset))
    // l1 (李雷) solved 多意图1; a forged extra call without its required telephone, marked as having succeeded.
    const forged = edited(files, (line) => {
      if (line.attempt !== 'l1') return line
      const trajectory = line.trajectory as { seq: number; name: string; arguments: unknown; ok: boolean; kind?: string }[]
      const last = trajectory[trajectory.length - 1]
      const extra = { ...last, seq: trajectory.length, name: 'Messages_Send', arguments: { text: 'hi' }, ok: true, kind: 'execution' }
      return { ...line, trajectory: [...trajectory, extra] }
    })
    const target = await emptyStore()
    await importAttempts(target.datasetId, forged, 'forged.jsonl', judgeAttempt, target.db)
    expect((await target.db.attempts.get('l1'))?.verdict).toMatchObject({ correct: true, errorType: null })
    const stored = await target.db.calls.where('attemptId').equals('l1').toArray()
    expect(stored.at(-1)).toMatchObject({ name: 'Messages_Send', ok: false })
  })
})

describe('an import of several files', () => {
  it('is all or nothing across the files, and refuses a seq used twice in an attempt, naming the file, attempt and seq', async () => {
    const dataset = fixtureDataset()
    const { files } = build(dataset, await people(dataset))
    const good = { name: 'ann.zip', files }
    // l1's second step given the first one's seq: the two calls would be one row.
    const repeated = edited(files, (line) => {
      if (line.attempt !== 'l1') return line
      const trajectory = (line.trajectory as { seq: number }[]).map((s, i) => (i === 1 ? { ...s, seq: 0 } : s))
      return { ...line, attempt: 'l1-bis', trajectory }
    })
    expect(readArchive(repeated).issues).toEqual([
      'response.jsonl line 5: attempt l1-bis: seq 0 is used twice (trajectory[0] and trajectory[1]): each call needs its own seq',
    ])
    const target = await emptyStore()
    const error = await importAttemptSources(target.datasetId, [good, { name: 'li.zip', files: repeated }], judgeAttempt, target.db).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ArchiveError)
    expect((error as Error).message).toBe(
      'li.zip cannot be imported:\nli.zip: response.jsonl line 5: attempt l1-bis: seq 0 is used twice (trajectory[0] and trajectory[1]): each call needs its own seq',
    )
    expect(await target.db.attempts.count()).toBe(0)
    expect(await target.db.calls.count()).toBe(0)

    // A failure inside the transaction (the second file's attempt is at a task this data set lacks) undoes the first file too.
    const stray = build(dataset, [{ ...(await attempt(dataset, { id: 'z1', taskId: '推理1', actor: 'zoe', started: T0, ended: T0 + MIN }, [])), taskId: '整合77' }]).files
    const unknown = await importAttemptSources(target.datasetId, [good, { name: 'zoe.zip', files: stray }], judgeAttempt, target.db).catch((e: unknown) => e)
    expect((unknown as ArchiveError).unknownTasks).toEqual(['整合77'])
    expect((unknown as Error).message).toMatch(/^zoe\.zip has attempts at 1 task\(s\) that data set "fixture" does not have: 整合77\. Nothing was imported/)
    expect(await target.db.attempts.count()).toBe(0)
    expect(await target.db.calls.count()).toBe(0)

    // Both good: one transaction, each file's own counts; an attempt an earlier file added is skipped in a later one.
    const li = build(dataset, (await people(dataset)).filter((a) => a.actor === '李雷')).files
    expect(await importAttemptSources(target.datasetId, [good, { name: 'li.zip', files: li }], judgeAttempt, target.db)).toEqual([
      { source: 'ann.zip', added: 5, skipped: 0, changedVerdicts: [] },
      { source: 'li.zip', added: 0, skipped: 2, changedVerdicts: [] },
    ])
    expect(await target.db.calls.count()).toBe(12)
  })
})
