import { listDatasets } from '../db'
import { activateDataset, importWithProgress, useDatasets } from './store'
import { bootsSettled } from '../state/boot'
import { shownProblem } from '../state/problem'
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
  try {
    await bootsSettled() // a first visit may still be storing the sample it starts with
    const stored = (await listDatasets()).find((d) => d.source === sample.source)
    if (stored) {
      if (useSession.getState().dataset?.id === stored.id) return 'active'
      await activateDataset(stored.id)
      return 'switched'
    }
  } catch (err) {
    // The button's handler drops what it returns: a failure that is not shown here is not shown at all.
    useDatasets.setState({ error: shownProblem(err) })
    return 'failed'
  }
  const row = await importWithProgress(async () => ({ files: await fetchDatasetFiles(sample.folder), name: sample.name, source: sample.source }))
  return row ? 'imported' : 'failed'
}
