/**
 * An import of more than one chunk (1,000 tasks a chunk): every chunk's tasks
 * are stored with their fingerprints (hashed while the transaction stays open
 * for them), and a bad task in a later chunk leaves nothing stored.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { contentFingerprint } from '../src/core/index'
import { SpievalDatabase, listDatasets, listTasks, loadTask, storeDataset } from '../src/db/index'
import { generateTasks } from '../cli/gen/tasks'
import { readDatasetFolder } from '../cli/files'
import { SAMPLE_DIR, TOOLS_TEXT } from './fixtures'

const TASKS = 1100

/** A generated data set; the task at `brokenAt`, if any, has an app whose records are not a list. */
function generatedFiles(brokenAt?: number): Record<string, string> {
  const lines: string[] = []
  const records: string[] = []
  for (const task of generateTasks({ tasks: TASKS, records: TASKS * 11, seed: 27 })) {
    const apps = lines.length === brokenAt ? { contacts: 7 } : task.records
    lines.push(JSON.stringify(task.line))
    records.push(`${JSON.stringify(task.line.id)}: ${JSON.stringify(apps)}`)
  }
  return { 'input_data.jsonl': lines.join('\n') + '\n', 'records_db.json': `{${records.join(',\n')}}`, 'tools.json': TOOLS_TEXT }
}

let n = 0
const freshDb = () => new SpievalDatabase(`chunks-${n++}`)

describe('an import of several chunks', () => {
  const files = generatedFiles()

  it('stores every task with its fingerprint and hands back the tasks in file order', async () => {
    const db = freshDb()
    const progress: number[] = []
    const stored = await storeDataset(files, { name: 'chunks', source: 'test', onProgress: (done, total, phase) => phase === 'store' && progress.push(done / total) }, db)
    expect(stored.row.tasks).toBe(TASKS)
    expect(stored.tasks).toEqual(await listTasks(stored.row.id, db))
    expect(progress).toEqual([0, 1000 / TASKS, 1])
    // The first and last task of each chunk.
    for (const at of [0, 999, 1000, TASKS - 1]) {
      const loaded = await loadTask(stored.row.id, stored.tasks[at]?.id ?? '', db)
      if (!loaded) throw new Error(`task ${at} is not stored`)
      expect(loaded.fingerprint, `task ${at}`).toBe(contentFingerprint(loaded))
    }
    expect(await db.tasks.filter((row) => row.fingerprint === undefined).count()).toBe(0)
  })

  it('stores nothing when a task of a later chunk has records that cannot be read', async () => {
    const db = freshDb()
    // The second chunk's 51st task: by then the first chunk has been handed to IndexedDB.
    await expect(storeDataset(generatedFiles(1050), { name: 'broken', source: 'test' }, db)).rejects.toThrow(/records_db\.json/)
    expect(await listDatasets(db)).toEqual([])
    expect(await db.tasks.count()).toBe(0)
    expect(await db.taskRecords.count()).toBe(0)
  })

  it('keeps the transaction open while the digests are slower than the writes', async () => {
    const digest = globalThis.crypto.subtle.digest.bind(globalThis.crypto.subtle)
    // IndexedDB commits a transaction that has nothing left to do: without Dexie.waitFor, the task rows would come too late.
    const slow = vi.spyOn(globalThis.crypto.subtle, 'digest').mockImplementation(async (algorithm, data) => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return digest(algorithm, data)
    })
    try {
      const db = freshDb()
      const stored = await storeDataset(readDatasetFolder(SAMPLE_DIR), { name: 'slow', source: 'test' }, db)
      expect(slow).toHaveBeenCalled()
      expect(await db.tasks.count()).toBe(stored.row.tasks)
    } finally {
      slow.mockRestore()
    }
  })
})
