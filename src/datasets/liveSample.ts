import { listDatasets } from '../db'
import { activateDataset, importWithProgress, useDatasets } from './store'
import type { BundledSample } from '../state/bundled'
import { fetchDatasetFiles } from '../state/fetchDataset'
import { useSession } from '../state/sessionStore'

/** What loading a bundled sample did: imported it, switched to the stored copy, found it already active, or failed (the manager shows why). */
export type SampleOutcome = 'imported' | 'switched' | 'active' | 'failed'

/**
 * Makes a sample bundled with the page (the live sample, the planner
 * sample) the active data set: the stored copy when there is one (found by
 * its source), else its files fetched and imported like any data set, all or
 * nothing. Progress, errors and the "imported" message go to the data set
 * manager's store, as a picked folder's do.
 */
export async function loadBundledSample(sample: BundledSample): Promise<SampleOutcome> {
  if (useDatasets.getState().importing) return 'failed'
  useDatasets.setState({ error: undefined, imported: undefined })
  const stored = (await listDatasets()).find((d) => d.source === sample.source)
  if (stored) {
    if (useSession.getState().dataset?.id === stored.id) return 'active'
    await activateDataset(stored.id)
    return 'switched'
  }
  const row = await importWithProgress(async () => ({ files: await fetchDatasetFiles(sample.folder), name: sample.name, source: sample.source }))
  return row ? 'imported' : 'failed'
}
