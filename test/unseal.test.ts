// Unsealing a stored data set in the page's storage: tasks opened, attempts scored, all or nothing.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { Attempt, judgeAttempt, loadDataset } from '../src/core/index'
import { MIN_ITERATIONS, sealDataset } from '../src/core/seal'
import { IndexedDbSink, SpievalDatabase, datasetAttempts, importDataset, listTasks, readStoredDataset, unsealStoredDataset } from '../src/db/index'
import type { DatasetRow } from '../src/db/index'
import { ROOT, SAMPLE_DIR } from './fixtures'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const read = (dir: string) => Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(dir, name), 'utf8')]))
const PASSPHRASE = 'correct horse battery staple'

let n = 0
async function sealedStore(dir: string, passphrase: string | undefined) {
  const db = new SpievalDatabase(`unseal-test-${n++}`)
  const original = read(dir)
  const sealed = await sealDataset(original, { ...(passphrase === undefined ? {} : { passphrase }), iterations: MIN_ITERATIONS })
  const row = await importDataset(sealed, { name: 'sealed', source: 'files' }, db)
  return { db, row, original: loadDataset(original).dataset }
}

/** An attempt made as the page makes one at a sealed task: through the kernel, into IndexedDB, submitted without a verdict. */
async function solve(db: SpievalDatabase, row: DatasetRow, taskId: string, calls: [string, Record<string, unknown>][], state: 'static' | 'live' = 'static') {
  const content = await readStoredDataset(row.id, db)
  const task = content?.tasks.find((t) => t.id === taskId)
  if (!content || !task) throw new Error(`no task ${taskId}`)
  const sink = new IndexedDbSink({ db, datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 1000 })
  const attempt = await Attempt.open({
    task,
    tools: row.tools,
    records: content.records[taskId] ?? {},
    profile: row.profile,
    sealed: true,
    setting: 'paginated',
    state,
    actor: 'ann',
    sink,
  })
  for (const [name, args] of calls) await attempt.call(name, args, 'ui')
  expect(await attempt.finish()).toBeUndefined()
  return attempt.id
}

describe('unsealStoredDataset', () => {
  it('refuses a wrong passphrase and changes nothing; the right one opens every task and scores the submitted attempts', async () => {
    const { db, row, original } = await sealedStore(SAMPLE_DIR, PASSPHRASE)
    const right = await solve(db, row, '推理1', [['Phone_Call', { telephone: '13822419087' }]])
    const wrong = await solve(db, row, '推理1', [['Phone_Call', { telephone: '13655208731' }]])
    const before = await listTasks(row.id, db)
    expect(before.every((t) => t.answer.length === 0 && t.sealed !== undefined)).toBe(true)

    await expect(unsealStoredDataset(row.id, 'not the passphrase', judgeAttempt, db)).rejects.toMatchObject({ code: 'wrong-passphrase' })
    expect(await listTasks(row.id, db)).toEqual(before)
    expect((await db.datasets.get(row.id))?.sealed).toBeDefined()
    expect((await datasetAttempts(row.id, db)).every((a) => a.verdict === undefined)).toBe(true)

    expect(await unsealStoredDataset(row.id, PASSPHRASE, judgeAttempt, db)).toEqual({ tasks: 50, scored: 2, correct: 1 })
    const stored = await db.datasets.get(row.id)
    expect(stored && 'sealed' in stored).toBe(false)
    const tasks = await listTasks(row.id, db)
    expect(tasks.map(({ line: _line, ...t }) => t)).toEqual(original.tasks.map(({ line: _line, ...t }) => t))
    const attempts = new Map((await datasetAttempts(row.id, db)).map((a) => [a.id, a]))
    expect(attempts.get(right)?.verdict).toMatchObject({ correct: true, errorType: null })
    expect(attempts.get(wrong)?.verdict).toMatchObject({ correct: false, errorType: 'wrong_value' })
    // Unsealed once: a second try says so.
    await expect(unsealStoredDataset(row.id, PASSPHRASE, judgeAttempt, db)).rejects.toMatchObject({ code: 'not-sealed' })
  }, 60_000)

  it('scores a live attempt over the state the participant left, under the friction the participant met (a sealed copy keeps friction readable)', async () => {
    const { db, row } = await sealedStore(join(ROOT, 'public/data-live'), PASSPHRASE)
    // 推理L2 refuses the first Messages_Send (friction "on": [1]); the participant meets it on the sealed copy too, and sends again.
    const send = { telephone: '13822419087', text: 'The dairy invoice is ready' }
    const id = await solve(db, row, '推理L2', [['Messages_Send', send], ['Messages_Send', send]], 'live')
    expect(await unsealStoredDataset(row.id, PASSPHRASE, judgeAttempt, db)).toMatchObject({ scored: 1, correct: 1 })
    const attempt = (await datasetAttempts(row.id, db)).find((a) => a.id === id)
    expect(attempt?.verdict).toMatchObject({ correct: true, state: { correct: true }, calls: { correct: true } })
    const task = (await listTasks(row.id, db)).find((t) => t.id === '推理L2')
    expect(task?.live?.friction).toEqual([{ tool: 'Messages_Send', on: [1], error: 'The network is busy and the message was not sent. Please try again.' }])
  }, 60_000)

  it('cannot open a copy sealed without a passphrase: its gold is not there', async () => {
    const { db, row } = await sealedStore(SAMPLE_DIR, undefined)
    await expect(unsealStoredDataset(row.id, PASSPHRASE, judgeAttempt, db)).rejects.toMatchObject({ code: 'no-gold' })
    expect((await db.datasets.get(row.id))?.sealed).toMatchObject({ cipher: null })
  })
})
