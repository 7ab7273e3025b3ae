import { listDatasets } from '../db'
import { activateDataset, importWithProgress, useDatasets } from './store'
import { LIVE_SAMPLE_FOLDER, LIVE_SAMPLE_NAME, LIVE_SAMPLE_SOURCE } from '../state/bundled'
import { fetchDatasetFiles } from '../state/fetchDataset'
import { useSession } from '../state/sessionStore'

/** What loading the live sample did: imported it, switched to the stored copy, found it already active, or failed (the manager shows why). */
export type LiveSampleOutcome = 'imported' | 'switched' | 'active' | 'failed'

/**
 * Makes the bundled live sample the active data set: the stored copy when
 * there is one (found by its source), else its files fetched and imported
 * like any data set, all or nothing. Progress, errors and the "imported"
 * message go to the data set manager's store, as a picked folder's do.
 */
export async function loadLiveSample(folder = LIVE_SAMPLE_FOLDER): Promise<LiveSampleOutcome> {
  if (useDatasets.getState().importing) return 'failed'
  useDatasets.setState({ error: undefined, imported: undefined })
  const stored = (await listDatasets()).find((d) => d.source === LIVE_SAMPLE_SOURCE)
  if (stored) {
    if (useSession.getState().dataset?.id === stored.id) return 'active'
    await activateDataset(stored.id)
    return 'switched'
  }
  const row = await importWithProgress(async () => ({ files: await fetchDatasetFiles(folder), name: LIVE_SAMPLE_NAME, source: LIVE_SAMPLE_SOURCE }))
  return row ? 'imported' : 'failed'
}
