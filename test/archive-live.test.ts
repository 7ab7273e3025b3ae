import 'fake-indexeddb/auto'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, TRANSIENT_FAILURE, judgeAttempt, keptVerdict, parseResponses, scoreFileTexts, scoreResponses } from '../src/core/index'
import type { Dataset } from '../src/core/index'
import { archiveResponseLine, buildArchive, readArchive } from '../src/core/archive/index'
import { verifiedSteps } from '../src/core/verdict'
import type { ArchivedAttempt } from '../src/core/archive/index'
import { SpievalDatabase, importAttempts, importDataset } from '../src/db/index'
import type { AttemptRow, CallRow } from '../src/db/index'
import { ROOT } from './fixtures'
import { MIN, T0, TASK, attempt, liveDataset, liveFiles, people, scored, seedFailingFirstCall } from './support/liveArchive'
import { exportAttempts } from '../src/state/attemptExport'
import { cliArgs } from './support/cli'

let n = 0
const freshDb = () => new SpievalDatabase(`archive-live-test-${n++}`)

const byId = (list: readonly ArchivedAttempt[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1))
const parseLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

/** What the scorer replays live lines over, as the page's export gives it: the records of the live tasks that expect changes, and the profile. */
const liveScoring = (dataset: Dataset) => ({ records: { [TASK]: dataset.records[TASK] ?? {} }, profile: dataset.profile })

function build(dataset: Dataset, attempts: ArchivedAttempt[]) {
  return buildArchive({ attempts, tasks: dataset.tasks, tools: dataset.tools, dataset: { name: 'fixture' }, exportedAt: '2026-03-02T00:00:00.000Z', live: liveScoring(dataset) })
}

function timeless(files: Record<string, string>): Record<string, string> {
  const manifest = JSON.parse(files['manifest.json'] ?? '{}') as Record<string, unknown>
  return { ...files, 'manifest.json': JSON.stringify({ ...manifest, exported_at: 'x' }) }
}

async function emptyStore() {
  const db = freshDb()
  const row = await importDataset(liveFiles(), { name: 'fixture', source: 'files' }, db)
  return { db, datasetId: row.id }
}

/** Stores attempts as the phone does (an attempt row, a call row per step), not through the import under test. */
async function storeWithDataset(attempts: ArchivedAttempt[]) {
  const { db, datasetId } = await emptyStore()
  const rows: AttemptRow[] = attempts.map(({ steps, ...a }) => ({ ...a, datasetId, screen: `#/task/${a.taskId}/app/notes`, steps: steps.length }))
  const calls: CallRow[] = attempts.flatMap((a) => a.steps.map((s) => ({ attemptId: a.id, ...s })))
  await db.attempts.bulkAdd(rows)
  await db.calls.bulkAdd(calls)
  return { db, datasetId }
}

/** An export's response.jsonl with each line changed by `edit`, and no manifest (so no fingerprint to catch it). */
function edited(files: Record<string, string>, edit: (line: Record<string, unknown>) => Record<string, unknown>): Record<string, string> {
  const lines = parseLines(files['response.jsonl'] ?? '').map(edit)
  return { 'response.jsonl': lines.map((l) => JSON.stringify(l) + '\n').join('') }
}

type StepLine = { seq: number; name: string; arguments: Record<string, unknown>; ok: boolean; friction?: boolean; withdrawn?: boolean; content: string }
const trajectoryOf = (line: Record<string, unknown>) => line.trajectory as StepLine[]

describe('a live attempt in an archive', () => {
  it('comes back with its state, random failures, friction marks, withdrawal, fork and state verdict', async () => {
    const dataset = liveDataset()
    const { ann, li, zoe, bob, all } = await people(dataset)
    // The attempts are what the test says they are.
    expect(ann.steps.map((s) => [s.seq, s.ok, s.friction ?? false, s.withdrawn ?? false])).toEqual([
      [0, true, false, false],
      [1, false, true, false],
      [2, true, false, false],
      [3, true, false, false],
      [4, true, false, true],
    ])
    expect(ann.verdict).toEqual({ correct: true, errorType: null, mismatches: [], state: { correct: true, errorType: null, mismatches: [] }, calls: { correct: true, errorType: null } })
    expect(li.parent).toEqual({ attemptId: 'p', step: 4 })
    expect(li.steps.map((s) => s.inherited ?? false)).toEqual([true, true, true, true, false])
    expect(li.verdict?.state?.correct).toBe(false)
    expect(zoe.verdict).toMatchObject({ correct: false, errorType: 'wrong_count', state: { correct: false, errorType: 'missing_change' } })
    expect(bob.steps[0]).toMatchObject({ ok: false, friction: true, content: TRANSIENT_FAILURE })
    expect(bob.verdict).toMatchObject({ correct: true, state: { correct: true } })

    const { files } = build(dataset, all)
    const read = readArchive(files)
    expect(read.issues).toEqual([])
    expect(byId(read.attempts)).toStrictEqual(byId(all))

    const lines = new Map(parseLines(files['response.jsonl'] ?? '').map((l) => [l.attempt, l]))
    expect(lines.get('p')).toMatchObject({ state: 'live', friction: [1], failed: [1], withdrawn: [4] })
    expect(lines.get('p')?.failure_rate).toBeUndefined()
    expect(lines.get('r')).toMatchObject({ state: 'live', failure_rate: 0.5, seed: seedFailingFirstCall(), friction: [0] })
    expect(lines.get('p')?.verdict).toEqual({ correct: true, error_type: null, mismatches: [], state: { correct: true, error_type: null, mismatches: [] }, calls: { correct: true, error_type: null } })
    expect(lines.get('s')?.state).toBeUndefined()
    expect(trajectoryOf(lines.get('p') ?? {}).map((s) => s.friction ?? false)).toEqual([false, true, false, false, false])
  })

  it('exports from the store with the state scored, and a store that imports it keeps every step and verdict and exports the same files', async () => {
    const dataset = liveDataset()
    const { all } = await people(dataset)
    const one = await storeWithDataset(all)
    const first = await exportAttempts(one.datasetId, {}, one.db)
    expect(timeless(first.files)).toEqual(timeless(build(dataset, all).files))

    const two = await emptyStore()
    expect(await importAttempts(two.datasetId, first.files, first.fileName, judgeAttempt, two.db)).toEqual({ added: 5, skipped: 0, unknownTasks: [], changedVerdicts: [] })
    for (const a of all) {
      const row = await two.db.attempts.get(a.id)
      expect(row?.verdict).toEqual(a.verdict)
      expect(row?.state).toBe(a.state)
      expect(row?.failure).toEqual(a.failure)
      const calls = (await two.db.calls.where('attemptId').equals(a.id).sortBy('seq')).map(({ attemptId: _id, ...s }) => s)
      expect(calls).toStrictEqual(a.steps)
    }
    const second = await exportAttempts(two.datasetId, {}, two.db)
    expect(timeless(second.files)).toEqual(timeless(first.files))
  })

  it('carries an agent runner\'s run tag beside the person\'s run number, and reads it back', async () => {
    const dataset = liveDataset()
    const { bob } = await people(dataset)
    const tagged: ArchivedAttempt = { ...bob, run: { id: 'run-1', repeat: 3, model: 'M' } }
    const line = archiveResponseLine(tagged, 0, 'x')
    expect(line).toMatchObject({ run: 0, run_tag: { id: 'run-1', repeat: 3, model: 'M' } })
    const [read] = readArchive({ 'r.jsonl': JSON.stringify(line) + '\n' }).attempts
    expect(read).toStrictEqual(tagged)
    const bad = (change: Record<string, unknown>) => readArchive({ 'r.jsonl': JSON.stringify({ ...line, ...change }) + '\n' }).issues.join(' ')
    expect(bad({ state: 'frozen' })).toMatch(/"state" must be "static" or "live"/)
    expect(bad({ failure_rate: 2 })).toMatch(/"failure_rate" must be a probability/)
    expect(bad({ run_tag: { id: 'x' } })).toMatch(/"run_tag" must be/)
  })
})

describe('the scores of an archive with live attempts', () => {
  it('are what the scorer and npm run score give its response.jsonl with the data set\'s records and profile', async () => {
    const dataset = liveDataset()
    const { all } = await people(dataset)
    const { files } = build(dataset, all)
    const parsed = parseResponses(files['response.jsonl'] ?? '').lines
    const texts = scoreFileTexts(scoreResponses(dataset.tasks, dataset.tools, parsed, { records: dataset.records, profile: dataset.profile }))
    expect(files['result.json']).toBe(texts.result)
    expect(files['details.jsonl']).toBe(texts.details)
    // The state is scored: li's fork left the note deleted where it should be edited.
    const details = parseLines(files['details.jsonl'] ?? '').filter((d) => d.id === TASK)
    expect(details.map((d) => [d.run, d.correct, d.state_correct, d.state_error_type])).toEqual([
      [0, true, true, null], // ann
      [1, true, true, null], // bob
      [2, false, undefined, undefined], // cat: no line at this task
      [3, false, false, 'missing_change'], // zoe
      [4, false, false, 'wrong_change'], // 李雷
    ])
    expect(JSON.parse(files['result.json'] ?? '{}').state).toMatchObject({ tasks: 1 })
    // Without the records the scorer cannot judge the state, and says so rather than score the lines as static.
    expect(() => buildArchive({ attempts: all, tasks: dataset.tasks, tools: dataset.tools, dataset: { name: 'x' }, exportedAt: '' })).toThrow(/live/)

    const dir = mkdtempSync(join(tmpdir(), 'archive-live-score-'))
    for (const [name, text] of Object.entries(liveFiles())) writeFileSync(join(dir, name), text)
    writeFileSync(join(dir, 'response.jsonl'), files['response.jsonl'] ?? '')
    mkdirSync(join(dir, 'out'))
    const out = join(dir, 'out', 'result.json')
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
})

describe('an imported live attempt is judged by the kernel, not by its file', () => {
  /** A line's trajectory with step `seq` said to have succeeded, its friction mark gone, and the lists of failed and friction calls made to agree. */
  const succeeded = (line: Record<string, unknown>, seq: number): Record<string, unknown> => {
    const trajectory = trajectoryOf(line).map((s) => {
      if (s.seq !== seq) return s
      const { friction: _f, ...rest } = s
      return { ...rest, ok: true, content: 'Saved.' }
    })
    const { friction: _friction, ...rest } = line
    return { ...rest, failed: (line.failed as number[]).filter((f) => f !== seq), trajectory }
  }

  it('never takes a friction-refused call marked as having succeeded for a submitted action, and reports the verdict it changes', async () => {
    const dataset = liveDataset()
    const { all } = await people(dataset)
    const { files } = build(dataset, all)
    const forged = edited(files, (line) => {
      // zoe's one edit was refused (she had not confirmed): the file says it went through, and that she solved the task.
      if (line.attempt === 'q')
        return {
          ...succeeded(line, 0),
          calls: [{ name: 'Notes_Update', arguments: { title: 'Shopping', content: 'almonds' } }],
          verdict: { correct: true, error_type: null, mismatches: [], state: { correct: true, error_type: null, mismatches: [] }, calls: { correct: false, error_type: 'wrong_count' } },
        }
      // ann's refused edit said to have succeeded too, her verdict left as it was: the kernel's is the same.
      if (line.attempt === 'p') return succeeded(line, 1)
      // bob's verdict said his state was wrong: a different state verdict is a different verdict, whatever the task's.
      if (line.attempt === 'r') return { ...line, verdict: { ...(line.verdict as object), state: { correct: false, error_type: 'missing_change', mismatches: [] } } }
      return line
    })
    const [zoe] = readArchive(forged).attempts.filter((a) => a.id === 'q')
    // A check of the schemas alone would take the forged call: it is a valid call.
    expect(verifiedSteps(zoe?.steps ?? [], dataset.tools)[0]).toMatchObject({ ok: true })

    const target = await emptyStore()
    const result = await importAttempts(target.datasetId, forged, 'forged.jsonl', judgeAttempt, target.db)
    expect(result).toMatchObject({ added: 5, skipped: 0 })
    expect(result.changedVerdicts).toEqual([
      {
        attemptId: 'r',
        taskId: TASK,
        actor: 'bob',
        stored: { correct: true, errorType: null, state: { correct: false, errorType: 'missing_change' } },
        recomputed: { correct: true, errorType: null, state: { correct: true, errorType: null } },
      },
      {
        attemptId: 'q',
        taskId: TASK,
        actor: 'zoe',
        stored: { correct: true, errorType: null, state: { correct: true, errorType: null } },
        recomputed: { correct: false, errorType: 'wrong_count', state: { correct: false, errorType: 'missing_change' } },
      },
    ])
    expect((await target.db.attempts.get('q'))?.verdict).toMatchObject({ correct: false, errorType: 'wrong_count', state: { correct: false, errorType: 'missing_change' } })
    const zoeCalls = await target.db.calls.where('attemptId').equals('q').toArray()
    expect(zoeCalls).toMatchObject([{ name: 'Notes_Update', ok: false, friction: true, content: 'Error: Confirm the edit first.' }])
    const annCalls = await target.db.calls.where('attemptId').equals('p').sortBy('seq')
    expect(annCalls[1]).toMatchObject({ ok: false, friction: true, content: 'Error: Confirm the edit first.' })
    expect((await target.db.attempts.get('p'))?.verdict).toMatchObject({ correct: true, state: { correct: true } })
  })

  it('gives a file whose calls were edited the state verdict those calls leave', async () => {
    const dataset = liveDataset()
    const { all } = await people(dataset)
    const { files } = build(dataset, all)
    // ann's edit wrote "walnuts" instead: the content is free for the calls, so only the state is now wrong; the file keeps her verdict.
    const forged = edited(files, (line) => {
      if (line.attempt !== 'p') return line
      const trajectory = trajectoryOf(line).map((s) => (s.seq === 3 ? { ...s, arguments: { ...s.arguments, content: 'walnuts' } } : s))
      return { ...line, trajectory }
    })
    const target = await emptyStore()
    const result = await importAttempts(target.datasetId, forged, 'forged.jsonl', judgeAttempt, target.db)
    expect(result.changedVerdicts).toEqual([
      {
        attemptId: 'p',
        taskId: TASK,
        actor: 'ann',
        stored: { correct: true, errorType: null, state: { correct: true, errorType: null } },
        recomputed: { correct: false, errorType: 'other', state: { correct: false, errorType: 'wrong_change' } },
      },
    ])
    const verdict = (await target.db.attempts.get('p'))?.verdict
    expect(verdict).toMatchObject({ calls: { correct: true, errorType: null }, state: { correct: false, errorType: 'wrong_change' } })
    expect(verdict?.state?.mismatches).not.toEqual([])
    // Exported again, the scores are the state those calls left.
    const again = await exportAttempts(target.datasetId, {}, target.db)
    const details = parseLines(again.files['details.jsonl'] ?? '').find((d) => d.id === TASK && d.run === 0)
    expect(details).toMatchObject({ correct: false, calls_correct: true, state_correct: false, state_error_type: 'wrong_change' })
  })

  it('applies withdrawals after the last call, since their time is not stored (the documented limitation)', async () => {
    const dataset = liveDataset()
    // ann deleted the note, took the deletion back, then deleted it again: on her phone the second deletion went through.
    const ann = await attempt(dataset, { id: 'w', actor: 'ann', started: T0, ended: T0 + MIN, state: 'live' }, [{ name: 'Notes_Delete', args: { title: 'Shopping' } }], [0])
    const task = dataset.tasks.find((t) => t.id === TASK)
    if (!task) throw new Error('no task')
    const kernel = await Attempt.open({ task, tools: dataset.tools, records: dataset.records[TASK] ?? {}, profile: dataset.profile, setting: 'paginated', state: 'live', actor: 'ann', sink: new MemorySink() })
    await kernel.call('Notes_Delete', { title: 'Shopping' }, 'ui')
    await kernel.withdraw(0)
    const again = await kernel.call('Notes_Delete', { title: 'Shopping' }, 'ui')
    expect(again.ok).toBe(true)
    const { data: _data, ...second } = again
    const original: ArchivedAttempt = { ...ann, steps: [...ann.steps, { ...second, at: T0 + 2000 }], verdict: keptVerdict(scored(kernel.verdict())) }
    const target = await emptyStore()
    const result = await importAttempts(target.datasetId, build(dataset, [original]).files, 'w.zip', judgeAttempt, target.db)
    // Replayed, the second deletion is judged before the first is taken back: it finds no note, and changes nothing.
    const calls = await target.db.calls.where('attemptId').equals('w').sortBy('seq')
    expect(calls.map((c) => [c.ok, c.withdrawn ?? false])).toEqual([
      [true, true],
      [false, false],
    ])
    expect(calls[1]?.content).toBe('Error: No notes record has 标题 = "Shopping"; nothing was changed.')
    expect(result.changedVerdicts.map((c) => c.attemptId)).toEqual(['w'])
  })
})
