import type { ScoreResult } from './aggregate'
import { capabilityName } from './capabilities'
import { formatMeanStd } from './stats'

/** The paper's Table 2 layout as text: one column per capability, then overall. */
export function formatScoreTable(result: ScoreResult, label = 'responses'): string {
  const types = Object.keys(result.by_type)
  const header = ['', ...types.map((t) => `${capabilityName(t)} ${t}`), 'Overall']
  const rows: string[][] = [header]
  for (const run of result.per_run)
    rows.push([`run ${run.run}`, ...types.map((t) => (run.by_type[t] ?? 0).toFixed(1)), run.overall.toFixed(1)])
  rows.push([
    `${label} (mean ± std, ${result.runs} run${result.runs === 1 ? '' : 's'})`,
    ...types.map((t) => formatMeanStd(result.by_type[t] ?? { mean: 0, std: 0 })),
    formatMeanStd(result.overall),
  ])
  return formatTextTable(rows)
}

/** Rows of cells as aligned text: the first column left, the others right (CJK counts double). */
export function formatTextTable(rows: readonly (readonly string[])[]): string {
  const columns = Math.max(0, ...rows.map((r) => r.length))
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => displayWidth(r[i] ?? ''))))
  return rows.map((r) => r.map((cell, i) => pad(cell, widths[i] ?? 0, i > 0)).join('  ')).join('\n')
}

/** Rows of cells as CSV (RFC 4180 quoting). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const cell = (v: string | number) => {
    const text = String(v)
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}

/** CJK characters take two columns in a terminal. */
function displayWidth(text: string): number {
  let width = 0
  for (const ch of text) width += /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1
  return width
}

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)))
  return right ? fill + text : text + fill
}
