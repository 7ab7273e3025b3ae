import { DATASET_FILES } from '../core'

/** Fetches a data set folder's files (default: the bundled sample in `data/`), relative to the page. */
export async function fetchDatasetFiles(folder = 'data/'): Promise<Record<string, string>> {
  const base = new URL(folder, document.baseURI)
  const files: Record<string, string> = {}
  await Promise.all(
    Object.values(DATASET_FILES).map(async (name) => {
      const response = await fetch(new URL(name, base))
      if (response.ok) files[name] = await response.text()
      else if (name !== DATASET_FILES.profile) throw new Error(`${name}: HTTP ${response.status} from ${response.url}`)
    }),
  )
  return files
}
