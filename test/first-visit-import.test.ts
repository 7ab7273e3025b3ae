/**
 * A first visit stores the bundled sample and makes it active; the person may ask for another data set before that
 * is done (the Data sets dialog is on the page while the sample loads). An e2e run under load lost that race: the
 * planner sample was imported and reported active, and the sample, stored after it, took its place.
 */
import 'fake-indexeddb/auto'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { BUNDLED_SAMPLE, activeDataset, listDatasets, listTasks, prepareDataset } from '../src/db/index'
import { installBundledSample } from '../src/state/bundledSample'
import { importWithProgress, useDatasets } from '../src/datasets/store'
import { boot, useSession } from '../src/state/session'
import { readDatasetFolder } from '../cli/files'
import { ROOT, SAMPLE_DIR } from './fixtures'

const sample = readDatasetFolder(SAMPLE_DIR)
const planner = readDatasetFolder(join(ROOT, 'public/data-planner'))

it('an import asked for while a first visit still stores the sample waits for it, and is the data set left active', async () => {
  let releaseSample: () => void = () => undefined
  const sampleArrives = new Promise<void>((resolve) => (releaseSample = resolve))
  // As a built site installs it: the sample's rows prepared at build time, arriving late.
  const prepared = prepareDataset(sample, BUNDLED_SAMPLE)
  const booting = boot(
    () =>
      installBundledSample({
        prepared: async () => {
          await sampleArrives
          return prepared
        },
        files: () => Promise.reject(new Error('the prepared rows are stored, not the files')),
      }),
    '',
  )

  let readDuringBoot: boolean | undefined
  const importing = importWithProgress(async () => {
    readDuringBoot = useSession.getState().status === 'loading'
    return { files: planner, name: 'Planner', source: 'test' }
  })
  // Several turns of the event loop: an import that did not wait would have read its files by now.
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0))
  expect(readDuringBoot).toBeUndefined()
  expect(useDatasets.getState().importing).toMatchObject({ phase: 'read' }) // the manager shows it busy meanwhile

  releaseSample()
  await booting
  const row = await importing
  expect(readDuringBoot).toBe(false)
  expect(row?.name).toBe('Planner')
  expect((await listDatasets()).map((d) => d.name).sort()).toEqual(['Planner', 'Sample (Daniel Hayes)'])
  expect((await activeDataset())?.id).toBe(row?.id)
  expect(useSession.getState().dataset?.id).toBe(row?.id)
  expect(useDatasets.getState().imported).toEqual({ name: 'Planner', tasks: 24 })
  // The page opened the import's own list of tasks, not a copy read back: it must be what storage reads back.
  expect(useSession.getState().tasks).toEqual(await listTasks(row?.id ?? ''))
  expect(useSession.getState().task?.id).toBe(useSession.getState().tasks[0]?.id)
})
