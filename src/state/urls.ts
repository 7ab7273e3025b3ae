/**
 * Reading what the address bar holds. Anyone can type or link any address, so
 * nothing here throws: a part that cannot be read is reported as missing.
 */

/**
 * `decodeURIComponent`, or undefined where the text is not valid percent-encoded
 * UTF-8 (`%`, `%E4%`, `%ZZ`): the raw decoder throws a URIError there, and one
 * bad character in a link must not keep the page from opening.
 */
export function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part)
  } catch {
    return undefined
  }
}

/**
 * The slash-separated parts of a `#/a/b/c` hash, decoded. Reading stops at the
 * first part that cannot be decoded: the parts after it are read relative to
 * it (a task's screens, a replay's step), so they are ignored with it.
 */
export function hashParts(hash: string): string[] {
  const parts: string[] = []
  for (const raw of hash.replace(/^#\/?/, '').split('/')) {
    const part = safeDecode(raw)
    if (part === undefined) break
    parts.push(part)
  }
  return parts
}

/**
 * Data sets loaded from a URL are read into memory whole (then parsed and
 * stored), so a link can only ask for this much: 200 MB over all the files,
 * far above the published SPIEval files (well under 1 MB) and below what
 * parsing in a browser tab can hold.
 */
export const MAX_DATASET_BYTES = 200 * 1024 * 1024

/** `MAX_DATASET_BYTES` as people read it. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
}

/** The folder a `?data=` value names, resolved against the page. */
export type DataFolder =
  | { ok: true; url: string; origin: string; sameOrigin: boolean }
  | { ok: false; reason: 'invalid' | 'scheme' }

/**
 * Resolves a `?data=` value against the page's address: a folder URL ending in
 * a slash, without query or fragment (the files are fetched beside it, and the
 * URL is how the stored data set is found again). Only http(s) is fetched:
 * `data:`, `blob:`, `javascript:` and `file:` folders are refused.
 */
export function dataFolderOf(param: string, pageUrl: string): DataFolder {
  let url: URL
  try {
    url = new URL(param, pageUrl)
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' }
  url.search = ''
  url.hash = ''
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return { ok: true, url: url.href, origin: url.origin, sameOrigin: url.origin === new URL(pageUrl).origin }
}

/** A readable name for a data set loaded from `url`: its last folder, or its host. */
export function folderName(url: string): string {
  const parsed = new URL(url)
  const last = parsed.pathname.split('/').filter(Boolean).pop()
  return last === undefined ? parsed.host : (safeDecode(last) ?? last)
}

/** The page's address without `?data=` (other parameters and the hash kept), or undefined when it has none. */
export function withoutDataParam(href: string): string | undefined {
  const url = new URL(href)
  if (!url.searchParams.has('data')) return undefined
  url.searchParams.delete('data')
  return url.href
}
