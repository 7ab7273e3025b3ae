/**
 * A first visit stores the bundled sample's rows as the build prepared them (vite.config.ts), instead of importing
 * its files in the page. They must be the rows an import of the same files stores, or a first visit's data set would
 * differ from a person's import of the sample (its fingerprints, the export's texts, the records' places).
 */
import 'fake-indexeddb/auto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readDatasetFolder } from '../cli/files'
import { BUNDLED_SAMPLE, SpievalDatabase, isPreparedDataset, listTasks, prepareDataset, storeDataset, storePreparedDataset } from '../src/db/index'
import type { PreparedDataset, StoredDataset } from '../src/db/index'
import { installBundledSample } from '../src/state/bundledSample'
import { LIVE_DIR, ROOT, SAMPLE_DIR } from './fixtures'

let n = 0
const freshDb = () => new SpievalDatabase(`prepared-${n++}`)

/** What a store holds of a data set, without the id and the time it gave it. */
async function storedContent(db: SpievalDatabase, stored: StoredDataset) {
  const id = stored.row.id
  const { id: _id, created: _created, ...row } = (await db.datasets.get(id)) ?? stored.row
  const tasks = (await db.tasks.toArray()).filter((t) => t.datasetId === id).map(({ datasetId: _d, ...t }) => t)
  const records = (await db.taskRecords.toArray()).filter((r) => r.datasetId === id).map(({ datasetId: _d, ...r }) => r)
  return { row, tasks, records, active: (await db.meta.get('activeDataset'))?.value === id }
}

const FOLDERS = { sample: SAMPLE_DIR, live: LIVE_DIR, planner: join(ROOT, 'public/data-planner') }

describe('a prepared data set', () => {
  it.each(Object.entries(FOLDERS))('stores exactly what an import of the %s files stores, and gives back the same tasks', async (_, folder) => {
    const files = readDatasetFolder(folder)
    const importedDb = freshDb()
    const imported = await storeDataset(files, BUNDLED_SAMPLE, importedDb)
    // Through JSON, as the page fetches it.
    const prepared: unknown = JSON.parse(JSON.stringify(await prepareDataset(files, BUNDLED_SAMPLE)))
    expect(isPreparedDataset(prepared)).toBe(true)
    const preparedDb = freshDb()
    const stored = await storePreparedDataset(prepared as PreparedDataset, {}, preparedDb)
    expect(await storedContent(preparedDb, stored)).toEqual(await storedContent(importedDb, imported))
    expect(stored.tasks).toEqual(imported.tasks)
    expect(stored.tasks).toEqual(await listTasks(stored.row.id, preparedDb))
    expect((await storedContent(preparedDb, stored)).tasks.every((t) => typeof t.fingerprint === 'string')).toBe(true)
  })

  it('is refused when made for another database layout, in another format, or cut short', async () => {
    const prepared = await prepareDataset(readDatasetFolder(SAMPLE_DIR), BUNDLED_SAMPLE)
    expect(isPreparedDataset(prepared)).toBe(true)
    expect(isPreparedDataset({ ...prepared, schema: prepared.schema - 1 })).toBe(false)
    expect(isPreparedDataset({ ...prepared, format: 'other' })).toBe(false)
    expect(isPreparedDataset({ ...prepared, records: prepared.records.slice(1) })).toBe(false)
    expect(isPreparedDataset({ ...prepared, tasks: prepared.tasks.slice(1), records: prepared.records.slice(1) })).toBe(false)
    expect(isPreparedDataset(undefined)).toBe(false)
  })
})

describe('the bundled sample', () => {
  it('is stored from its prepared rows when the site has them, and imported from its files when not', async () => {
    const files = readDatasetFolder(SAMPLE_DIR)
    const prepared = await prepareDataset(files, BUNDLED_SAMPLE)
    let filesRead = 0
    const readFiles = async () => {
      filesRead++
      return files
    }
    const fromRows = await installBundledSample({ prepared: async () => JSON.parse(JSON.stringify(prepared)) as unknown, files: readFiles })
    expect(filesRead).toBe(0)
    // A site whose build made the rows for another layout, and one without them: the files are imported.
    const fromOtherLayout = await installBundledSample({ prepared: async () => ({ ...prepared, schema: 1 }), files: readFiles })
    const fromFiles = await installBundledSample({ prepared: async () => undefined, files: readFiles })
    expect(filesRead).toBe(2)
    for (const stored of [fromRows, fromOtherLayout, fromFiles]) {
      expect(stored.row).toMatchObject({ name: 'Sample (Daniel Hayes)', source: 'sample', tasks: 50 })
      expect(stored.tasks).toEqual(fromRows.tasks)
    }
  })
})
