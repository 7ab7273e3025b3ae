/** A stored agent run is found by its id within its data set (Replay offers to resume its model only then). */
import 'fake-indexeddb/auto'
import { expect, it } from 'vitest'
import { SpievalDatabase, getRun, listRuns, saveRun } from '../src/db/index'
import type { StoredRun } from '../src/db/runs'

const run = (id: string, datasetId: string, created: number): StoredRun => ({
  id,
  datasetId,
  created,
  agent: 'oracle',
  model: 'oracle',
  setting: 'paginated',
  maxTurns: 50,
  repeats: 1,
  concurrency: 1,
  tasks: ['推理1'],
})

it('finds a run of the data set by its id, and no run of another data set or one not stored here', async () => {
  const db = new SpievalDatabase('stored-runs-test')
  await saveRun(run('r1', 'a', 1), db)
  await saveRun(run('r2', 'a', 2), db)
  await saveRun(run('r3', 'b', 3), db)
  expect(await getRun('a', 'r1', db)).toEqual(run('r1', 'a', 1))
  expect(await getRun('a', 'r3', db)).toBeUndefined()
  expect(await getRun('a', 'imported:oracle', db)).toBeUndefined()
  // The same answer as looking it up in the data set's list.
  for (const id of ['r1', 'r2', 'r3', 'nope']) expect(await getRun('a', id, db)).toEqual((await listRuns('a', db)).find((r) => r.id === id))
})
