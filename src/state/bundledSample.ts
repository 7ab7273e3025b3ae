import { BUNDLED_SAMPLE, isPreparedDataset, prepareImport, storeDataset, storePreparedDataset } from '../db'
import type { DatasetFiles } from '../core'
import type { StoredDataset } from '../db'
import { addressSearch } from './address'
import { namesNoFolder } from './dataLink'
import { fetchDatasetFiles } from './fetchDataset'

/** Set in localStorage once this browser has a data set stored: later visits do not fetch the sample ahead. */
const STORED_HINT = 'spieval-data-stored'

let early: Promise<unknown> | undefined

/**
 * Starts fetching the sample's prepared rows as the page starts, on what
 * looks like a first visit (no data set stored yet, by this browser's hint;
 * no folder named by the address), so that they have arrived when the
 * database says it is empty. A wrong guess costs one fetch: a stored data
 * set opens as usual, and an empty database still fetches the rows then.
 */
export function prefetchBundledSample(): void {
  if (early === undefined && !dataStoredHere() && namesNoFolder(addressSearch())) early = fetchPrepared()
}

/** Says that a data set is stored in this browser (see {@link prefetchBundledSample}); rows fetched ahead for nothing are let go. */
export function rememberDataStored(): void {
  early = undefined
  try {
    if (!dataStoredHere()) localStorage.setItem(STORED_HINT, '1')
  } catch {
    // Storage refused (a private window's quota): later first-visit guesses only cost a fetch.
  }
}

/** Where the sample comes from: the site's prepared rows, else its files. Tests give their own. */
export interface SampleSource {
  prepared: () => Promise<unknown>
  files: () => Promise<DatasetFiles>
}

const SITE: SampleSource = { prepared: () => early ?? fetchPrepared(), files: () => fetchDatasetFiles(BUNDLED_SAMPLE.folder) }

/**
 * Stores the bundled sample as a new, active data set. The site's build
 * prepares its rows (vite.config.ts): storing them is all a first visit
 * does. Where they are missing or were made for another database layout
 * (a folder copied by hand, a site built from other code), the sample's files
 * are imported like any data set's.
 */
export async function installBundledSample(source: SampleSource = SITE): Promise<StoredDataset> {
  const prepared = await source.prepared()
  early = undefined
  if (isPreparedDataset(prepared)) return storePreparedDataset(prepared)
  const [files] = await Promise.all([source.files(), prepareImport()])
  return storeDataset(files, { name: BUNDLED_SAMPLE.name, source: BUNDLED_SAMPLE.source })
}

async function fetchPrepared(): Promise<unknown> {
  try {
    const response = await fetch(new URL(BUNDLED_SAMPLE.prepared, document.baseURI))
    return response.ok ? await response.json() : undefined
  } catch {
    return undefined // the files are imported instead
  }
}

function dataStoredHere(): boolean {
  try {
    return localStorage.getItem(STORED_HINT) !== null
  } catch {
    return false
  }
}
