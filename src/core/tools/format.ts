import type { IndexedRecord } from '../search/indexed'
import type { SearchHit } from '../search/match'

/** The reply to a search: a header a model can act on, then one JSON record a line. */
export function searchContent(args: {
  tool: string
  scope: string
  pattern: string
  total: number
  page: number
  pages: number
  shown: SearchHit[]
  paged: boolean
  /** 1-based position of the first shown hit among all hits. */
  firstPosition: number
  labelApps: boolean
}): string {
  const { tool, scope, pattern, total, page, pages, shown, paged, firstPosition, labelApps } = args
  const what = `${JSON.stringify(pattern)} in ${scope}`
  if (total === 0) return `No results for ${what}. Try other keywords, another field or mode, or another app.`
  const lines: string[] = []
  if (!paged) lines.push(`${total} result${total === 1 ? '' : 's'} for ${what}, all shown.`)
  else if (page > pages)
    return `Page ${page} does not exist: ${total} result${total === 1 ? '' : 's'} for ${what} make ${pages} page${pages === 1 ? '' : 's'}.`
  else {
    const more = page < pages ? ` More results: call ${tool} again with page ${page + 1}.` : ' This is the last page.'
    lines.push(`${total} result${total === 1 ? '' : 's'} for ${what}, page ${page} of ${pages}.${more}`)
  }
  shown.forEach((hit, i) => lines.push(recordLine(firstPosition + i, hit.entry, labelApps)))
  return lines.join('\n')
}

function recordLine(position: number, entry: IndexedRecord, labelApp: boolean): string {
  return labelApp ? `${position}. [${entry.app}] ${entry.json}` : `${position}. ${entry.json}`
}
