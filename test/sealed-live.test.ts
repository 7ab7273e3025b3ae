// A sealed live data set runs its tasks live for participants (issue #24): effects and friction as everyone meets them.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, defaultState, judgeAttempt, loadDataset } from '../src/core/index'
import { sealDataset } from '../src/core/seal'
import { IndexedDbSink, SpievalDatabase, importAttempts, importDataset, loadTask, unsealStoredDataset } from '../src/db/index'
import { LIVE_DIR } from './fixtures'
import { exportAttempts } from '../src/state/attemptExport'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const original: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(LIVE_DIR, name), 'utf8')]))
/** 推理L2: Messages_Send to 13822419087, whose first try friction refuses; it expects one sms inserted. */
const TASK = '推理L2'
const SEND = { telephone: '13822419087', text: 'The dairy invoice is ready' }
const PASSPHRASE = 'correct horse battery staple'

let n = 0
const freshDb = () => new SpievalDatabase(`sealed-live-test-${n++}`)

describe('a sealed live data set', () => {
  it('keeps what the runtime needs readable (friction, the state the task runs in) and nothing that judges it', async () => {
    const sealed = await sealDataset(original, { passphrase: PASSPHRASE })
    const { dataset } = loadDataset(sealed)
    const opened = loadDataset(original).dataset
    for (const task of dataset.tasks) {
      const was = opened.tasks.find((t) => t.id === task.id)
      expect(defaultState(task), task.id).toBe(defaultState(was ?? task))
      expect(task.live?.friction, task.id).toEqual(was?.live?.friction)
      expect(task.live?.expectedState, task.id).toBeUndefined()
      expect(task.live?.verify, task.id).toBeUndefined()
      expect(task.answer).toEqual([])
    }
    const line = (sealed['input_data.jsonl'] ?? '').split('\n').find((l) => l.includes(`"${TASK}"`)) ?? ''
    expect(line).not.toContain('expected_state')
    expect(line).not.toContain('13822419087')
  })

  it("runs a participant's attempt live, and the collector's import replays it live (friction met, one message sent): correct", async () => {
    const sealed = await sealDataset(original, { passphrase: PASSPHRASE })
    const db = freshDb()
    const row = await importDataset(sealed, { name: 'sealed', source: 'files' }, db)
    const loaded = await loadTask(row.id, TASK, db)
    if (!loaded) throw new Error(`no task ${TASK}`)
    const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 30_000, db })
    // As the phone opens a task (src/state/attemptController.ts): in the task's default state.
    const attempt = await Attempt.open({
      ...loaded,
      tools: row.tools,
      profile: row.profile,
      sealed: true,
      setting: 'browse',
      state: defaultState(loaded.task),
      actor: 'ann',
      sink,
    })
    await attempt.call('search_contacts', { pattern: 'Finance' }, 'ui')
    const refused = await attempt.call('Messages_Send', SEND, 'ui')
    expect(refused.ok).toBe(false)
    expect((await attempt.call('Messages_Send', SEND, 'ui')).ok).toBe(true)
    expect(await attempt.finish()).toBeUndefined()
    const files = (await exportAttempts(row.id, {}, db)).files

    const collector = freshDb()
    const target = await importDataset(original, { name: 'live', source: 'files' }, collector)
    await importAttempts(target.id, files, 'ann.zip', judgeAttempt, collector)
    const [imported] = await collector.attempts.toArray()
    expect(imported?.state).toBe('live')
    expect(imported?.verdict).toMatchObject({ correct: true, errorType: null, state: { correct: true } })

    // Unsealing the participant's own data set judges the same stored steps: one verdict on both paths.
    await unsealStoredDataset(row.id, PASSPHRASE, judgeAttempt, db)
    const [unsealed] = await db.attempts.toArray()
    expect(unsealed?.verdict).toEqual(imported?.verdict)
  })
})
