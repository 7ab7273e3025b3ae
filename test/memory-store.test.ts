import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { DatasetError } from '../src/core/index'
import { SpievalDatabase, importDataset, loadTask } from '../src/db/index'
import { MEMORY_ITEMS, memoryFiles } from './support/memoryFixture'

let n = 0
const freshDb = () => new SpievalDatabase(`memory-store-${n++}`)

describe('the page stores the memory app as the loader reads it', () => {
  it('keeps a task’s memory items, read task by task or whole (a task naming memory ids is checked whole)', async () => {
    for (const files of [memoryFiles(), memoryFiles({ metadata: { memory: { required: ['mem_005'] } } })]) {
      const db = freshDb()
      const row = await importDataset(files, { name: 'memory', source: 'files' }, db)
      expect((await loadTask(row.id, '推理1', db))?.records.memory).toEqual(MEMORY_ITEMS)
      expect((await loadTask(row.id, '多意图1', db))?.records.memory).toBeUndefined()
    }
  })

  it('refuses a bad item with the loader’s message', async () => {
    const files = memoryFiles({ items: MEMORY_ITEMS.map((item, i) => (i === 0 ? { ...item, kind: 'habit' } : item)) })
    const refused = importDataset(files, { name: 'bad', source: 'files' }, freshDb())
    await expect(refused).rejects.toThrow(DatasetError)
    await expect(refused).rejects.toThrow('records_db.json (task 推理1): "memory[0]" (id "mem_001"): "kind" must be one of')
  })
})
