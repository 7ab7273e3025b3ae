import { zipArchive } from '../core/archive'
import { fileSafeName } from '../core'
import { exportDatasetFolder } from '../db'
import type { DatasetRow } from '../db'
import { saveDownload } from '../state/download'

/**
 * Downloads a stored data set as a zip of its folder: the published files
 * (as `window.spieval.exportDataset()` gives them) and CHANGES.md. The
 * entries are in a folder of the data set's name, so unzipping gives a folder
 * `npm run validate` and `npm run score` read as it is.
 */
export async function downloadDatasetFolder(row: Pick<DatasetRow, 'id' | 'name'>): Promise<void> {
  const files = await exportDatasetFolder(row.id)
  if (!files) throw new Error(`Data set ${row.name} is no longer stored`)
  const folder = fileSafeName(row.name, 'dataset')
  const entries = Object.fromEntries(Object.entries(files).map(([name, text]) => [`${folder}/${name}`, text]))
  saveDownload(zipArchive(entries), `${folder}.zip`, 'application/zip')
}
