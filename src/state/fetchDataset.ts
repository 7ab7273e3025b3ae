import { DATASET_FOLDER_FILES, REQUIRED_DATASET_FILES, setOwn } from '../core'
import { Problem } from './problem'
import { MAX_DATASET_BYTES, formatBytes } from './urls'

function tooLarge(folder: string, limit: number): Problem {
  const size = formatBytes(limit)
  return new Problem('dataLink.tooLarge', { url: folder, limit: size }, `The data set at ${folder} is larger than ${size}, the limit for a data set loaded from a URL`)
}

export interface FetchOptions {
  /** What a relative folder is read against (default: the page). */
  base?: string
  /** Every file must come from this origin, after redirects (default: the folder's own). */
  origin?: string
  /** Over all the files together. */
  maxBytes?: number
  fetch?: typeof fetch
}

/** Bytes read so far over all the files of one folder, so that the limit holds for the whole data set. */
interface Budget {
  declared: number
  read: number
  readonly max: number
}

/**
 * A response's text, refused as soon as the folder's files pass the budget:
 * first by the sizes the server declares, then by the bytes actually read,
 * since a server may declare none, or less than it sends.
 */
export async function readCapped(response: Response, budget: Budget, folder: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > 0) {
    budget.declared += declared
    if (budget.declared > budget.max) {
      await response.body?.cancel().catch(() => undefined)
      throw tooLarge(folder, budget.max)
    }
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    budget.read += value.byteLength
    if (budget.read > budget.max) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(folder, budget.max)
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

/** Files a folder may lack: profile.json, sealed.json (only a sealed folder has one), and a planner data set's skills.json and agents.json. */
const OPTIONAL = new Set<string>(DATASET_FOLDER_FILES.filter((name) => !REQUIRED_DATASET_FILES.includes(name)))

/**
 * Fetches a data set folder's files (default: the bundled sample in `data/`,
 * relative to the page). At most `maxBytes` over all the files; the first
 * failure stops the other downloads.
 */
export async function fetchDatasetFiles(folder = 'data/', options: FetchOptions = {}): Promise<Record<string, string>> {
  const base = new URL(folder, options.base ?? document.baseURI)
  const origin = options.origin ?? base.origin
  const get = options.fetch ?? fetch
  const budget: Budget = { declared: 0, read: 0, max: options.maxBytes ?? MAX_DATASET_BYTES }
  const abort = new AbortController()
  const files: Record<string, string> = {}
  const one = async (name: string) => {
    const url = new URL(name, base)
    let response: Response
    try {
      response = await get(url, { signal: abort.signal })
    } catch (err) {
      if (abort.signal.aborted) throw err
      // The browser says only "Failed to fetch", for a server that is down and for one that refuses other sites alike.
      throw new Problem(
        'dataLink.unreachable',
        { file: name, url: url.href },
        `${name}: could not be fetched from ${url.href} (the server is not reachable, or does not let other sites read it)`,
      )
    }
    // A folder on this site that redirects elsewhere would load another site's data without asking.
    if (response.url && new URL(response.url).origin !== origin) {
      await response.body?.cancel().catch(() => undefined)
      throw new Problem(
        'dataLink.redirected',
        { file: name, url: response.url },
        `${name}: redirected to ${response.url}, another site than the one the link names`,
      )
    }
    // A host that answers every path with its home page would otherwise hand a page over as an optional file.
    const page = OPTIONAL.has(name) && /^text\/html\b/i.test(response.headers.get('content-type') ?? '')
    if (response.ok && !page) setOwn(files, name, await readCapped(response, budget, base.href))
    else {
      await response.body?.cancel().catch(() => undefined)
      if (!OPTIONAL.has(name)) throw new Error(`${name}: HTTP ${response.status} from ${response.url || url.href}`)
    }
  }
  try {
    await Promise.all(DATASET_FOLDER_FILES.map(one))
  } catch (err) {
    abort.abort()
    throw err
  }
  return files
}
