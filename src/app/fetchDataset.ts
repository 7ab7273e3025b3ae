import { DATASET_FILES, loadDataset } from '../core'
import type { Dataset, DatasetIssue } from '../core'

/** Fetches a data set folder (default: the bundled sample in `data/`) and parses it with the core. */
export async function fetchDataset(folder = 'data/'): Promise<{ dataset: Dataset; warnings: DatasetIssue[] }> {
  const base = new URL(folder, document.baseURI)
  const files: Record<string, string> = {}
  await Promise.all(
    Object.values(DATASET_FILES).map(async (name) => {
      const response = await fetch(new URL(name, base))
      if (response.ok) files[name] = await response.text()
      else if (name !== DATASET_FILES.profile) throw new Error(`${name}: HTTP ${response.status} from ${response.url}`)
    }),
  )
  return loadDataset(files)
}
