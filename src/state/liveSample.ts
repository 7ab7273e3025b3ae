import { importDataset, listDatasets } from '../db'
import { reloadDatasets } from './boot'
import { activateDataset, refreshDatasets, useDatasets } from './datasets'
import { fetchDatasetFiles } from './fetchDataset'
import { shownProblem } from './problem'
import { useSession } from './sessionStore'

/** The stored data set's `source` for the bundled live sample: how it is found again, so that loading it twice stores it once. */
export const LIVE_SAMPLE_SOURCE = 'live-sample'
/** Its stored name (data, like the default sample's "Sample (Daniel Hayes)", so not translated). */
export const LIVE_SAMPLE_NAME = 'Live sample (Daniel Hayes)'
/** The folder the build serves it from (Vite copies public/data-live), relative to the page. */
export const LIVE_SAMPLE_FOLDER = `${import.meta.env.BASE_URL}data-live/`

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
  useDatasets.setState({ importing: { percent: 0, phase: 'read' } })
  try {
    const files = await fetchDatasetFiles(folder)
    useDatasets.setState({ importing: { percent: 20, phase: 'parse' } })
    const row = await importDataset(files, {
      name: LIVE_SAMPLE_NAME,
      source: LIVE_SAMPLE_SOURCE,
      onProgress: (done, total, phase) =>
        useDatasets.setState({
          importing: phase === 'parse' ? { percent: 20, phase } : { percent: 30 + Math.round((70 * done) / Math.max(total, 1)), phase },
        }),
    })
    useDatasets.setState({ importing: { percent: 100, phase: 'store' } })
    await reloadDatasets()
    await refreshDatasets()
    useDatasets.setState({ imported: { name: row.name, tasks: row.tasks } })
    return 'imported'
  } catch (err) {
    useDatasets.setState({
      error: shownProblem(err),
    })
    return 'failed'
  } finally {
    useDatasets.setState({ importing: undefined })
  }
}
