// The tasks last opened on the phone keep their records in memory (#27), and a saved edit is read again.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { judgeAttempt } from '../src/core/index'
import { RecentTasks, SpievalDatabase, importDataset, loadTask, saveTaskRevision } from '../src/db/index'
import { SAMPLE_DIR } from './fixtures'

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const files = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]))

let n = 0
async function sampleDb() {
  const db = new SpievalDatabase(`recent-tasks-test-${n++}`)
  const row = await importDataset(files, { name: 'sample', source: 'files' }, db)
  return { db, datasetId: row.id }
}

describe('RecentTasks', () => {
  it('gives a task as loadTask does, and the same records again without reading them, while the stored fingerprint is the same', async () => {
    const { db, datasetId } = await sampleDb()
    const recent = new RecentTasks()
    const first = await recent.load(datasetId, '推理1', db)
    expect(first).toEqual(await loadTask(datasetId, '推理1', db))
    const again = await recent.load(datasetId, '推理1', db)
    expect(again?.records).toBe(first?.records)
    expect(await recent.load(datasetId, 'no-such-task', db)).toBeUndefined()
  })

  it('reads a task again once a saved edit has changed its fingerprint', async () => {
    const { db, datasetId } = await sampleDb()
    const recent = new RecentTasks()
    const before = await recent.load(datasetId, '推理1', db)
    if (!before) throw new Error('推理1 is missing')
    const contacts = [...(before.records.contacts ?? []), { 姓名: 'New Person', 电话号码: '13000000000' }]
    await saveTaskRevision(datasetId, { task: before.task, records: { ...before.records, contacts } }, { author: 'carol', replaces: '推理1' }, judgeAttempt, db)
    const after = await recent.load(datasetId, '推理1', db)
    expect(after?.fingerprint).not.toBe(before.fingerprint)
    expect(after?.records.contacts?.at(-1)).toMatchObject({ 姓名: 'New Person' })
    expect(after).toEqual(await loadTask(datasetId, '推理1', db))
  })

  it('reads a task not kept in one round trip (row and records together), and a kept one by its row alone', async () => {
    const { db, datasetId } = await sampleDb()
    const asked: string[] = []
    let releaseRow: () => void = () => undefined
    const rowHeld = new Promise<void>((resolve) => (releaseRow = resolve))
    // The real tables, with the task row held back until the test lets it go.
    const watched = {
      tasks: { get: async (key: [string, string]) => (asked.push('row'), await rowHeld, db.tasks.get(key)) },
      taskRecords: { get: async (key: [string, string]) => (asked.push('records'), db.taskRecords.get(key)) },
    } as unknown as SpievalDatabase
    const recent = new RecentTasks()
    const loading = recent.load(datasetId, '推理1', watched)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(asked).toEqual(['row', 'records']) // the records asked for before the row came back
    releaseRow()
    expect(await loading).toEqual(await loadTask(datasetId, '推理1', db))
    asked.length = 0
    await recent.load(datasetId, '推理1', watched)
    expect(asked).toEqual(['row'])
  })

  it('keeps only the last tasks opened: the oldest is read again', async () => {
    const { db, datasetId } = await sampleDb()
    const recent = new RecentTasks(2)
    const first = await recent.load(datasetId, '推理1', db)
    await recent.load(datasetId, '推理2', db)
    expect((await recent.load(datasetId, '推理1', db))?.records).toBe(first?.records)
    await recent.load(datasetId, '推理3', db)
    await recent.load(datasetId, '推理2', db)
    // 推理1 was the least recent of three: it is read from storage again (equal, not the same lists).
    const reread = await recent.load(datasetId, '推理1', db)
    expect(reread?.records).not.toBe(first?.records)
    expect(reread?.records).toEqual(first?.records)
  })
})
