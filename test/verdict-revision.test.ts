// A revision judges every finished attempt's calls again, not only its verdict (#24): the page, the export's
// result.json and npm run score then say the same.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, MemorySink, contentFingerprint, judgeAttempt } from '../src/core/index'
import { IndexedDbSink, SpievalDatabase, attemptCalls, getAttempt, importDataset, loadTask, saveTaskRevision } from '../src/db/index'
import { LIVE_DIR } from './fixtures'
import { exportAttempts } from '../src/state/attemptExport'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const files = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(LIVE_DIR, name), 'utf8')]))

/** The live sample in a database of its own, and its task 推理L1 as stored. */
async function liveSample(name: string) {
  const db = new SpievalDatabase(name)
  const row = await importDataset(files, { name: 'live', source: 'files' }, db)
  const loaded = await loadTask(row.id, '推理L1', db)
  if (!loaded) throw new Error('推理L1 is missing')
  return { db, row, loaded }
}

describe('a revision that adds a friction rule', () => {
  it('replays the calls under it: the refused call is stored refused, and the page, result.json and details.jsonl agree', async () => {
    const { db, row, loaded } = await liveSample('verdict-revision-test')
    const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: () => '#/', elapsedMs: () => 0, db })
    const attempt = await Attempt.open({ ...loaded, tools: row.tools, profile: row.profile, setting: 'full', state: 'live', actor: 'ann', sink })
    await attempt.call('Clock_DeleteAlarm', { name: 'Pottery class' }, 'ui')
    expect((await attempt.finish())?.correct).toBe(true)
    // The kernel keeps its verdict with the version it judged: the one the attempt was made on.
    const finished = await getAttempt(attempt.id, db)
    expect(finished?.verdictFingerprint).toBe(finished?.taskFingerprint)
    expect(finished?.verdictFingerprint).toBe(loaded.fingerprint)

    // The first delete of an alarm now fails: the attempt's only call would have been refused.
    const task = structuredClone(loaded.task)
    task.live = { ...task.live, friction: [{ tool: 'Clock_DeleteAlarm', on: [1], error: 'The clock is busy, try again.' }] }
    const saved = await saveTaskRevision(row.id, { task, records: loaded.records }, { author: 'carol', replaces: '推理L1' }, judgeAttempt, db)
    expect(saved.flips).toEqual([{ attemptId: attempt.id, actor: 'ann', before: true, after: false }])

    const stored = await getAttempt(attempt.id, db)
    expect(stored?.verdict?.correct).toBe(false)
    expect(stored?.verdictFingerprint).toBe(saved.fingerprint)
    // The verdict under the version the attempt was made on stays, for the earlier-version review.
    expect(stored?.madeOnVerdict).toMatchObject({ fingerprint: stored?.taskFingerprint, verdict: { correct: true } })
    expect((await attemptCalls(attempt.id, db)).map((c) => ({ ok: c.ok, friction: c.friction === true }))).toEqual([{ ok: false, friction: true }])

    const exported = await exportAttempts(row.id, {}, db)
    const details = (exported.files['details.jsonl'] ?? '').trim().split('\n').map((l) => JSON.parse(l) as { id: string; correct: boolean })
    expect(details.find((d) => d.id === '推理L1')?.correct).toBe(false)
    const result = JSON.parse(exported.files['result.json'] ?? '{}') as { overall: { mean: number } }
    expect(result.overall.mean).toBe(0)
  })
})

describe('a task version’s fingerprint', () => {
  it('is kept with the task row at import and on save, and an attempt opened on it takes it without hashing the records again', async () => {
    const { db, row, loaded } = await liveSample('verdict-fingerprint-test')
    expect(loaded.fingerprint).toBe(contentFingerprint({ task: loaded.task, records: loaded.records }))

    const task = { ...loaded.task, instruction: `${loaded.task.instruction}!`, messages: [{ role: 'user', content: `${loaded.task.instruction}!` }] }
    const saved = await saveTaskRevision(row.id, { task, records: loaded.records }, { author: 'carol', replaces: '推理L1' }, judgeAttempt, db)
    const revised = await loadTask(row.id, '推理L1', db)
    expect(revised?.fingerprint).toBe(saved.fingerprint)
    expect(saved.fingerprint).toBe(contentFingerprint({ task: revised?.task ?? task, records: revised?.records ?? {} }))

    // The kernel takes the version's fingerprint as given: a large task's records are not hashed on every opening.
    const attempt = await Attempt.open({ ...loaded, fingerprint: 'kept-with-the-row', tools: row.tools, profile: row.profile, setting: 'full', actor: 'ann', sink: new MemorySink() })
    expect(attempt.info.taskFingerprint).toBe('kept-with-the-row')
  })
})
