import type { ScoreResult } from './aggregate'
import { capabilityName } from '../score/capabilities'
import { formatMeanStd } from '../score/stats'

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
  return result.dimensions ? `${formatTextTable(rows)}\n\n${formatPlannerTable(result)}` : formatTextTable(rows)
}

/** A planner data set's figures: each dimension and bucket with its task count, then the weighted overall. */
function formatPlannerTable(result: ScoreResult): string {
  const groups = [...Object.entries(result.dimensions ?? {}), ...Object.entries(result.buckets ?? {})]
  const rows: string[][] = [['MobilePA', 'tasks', 'mean ± std']]
  for (const [name, figure] of groups) rows.push([name, String(figure.tasks), formatMeanStd(figure)])
  const overall = result.overall_mobilepa ?? result.overall_mobilepa_partial ?? 0
  rows.push([result.overall_mobilepa === null ? 'overall_mobilepa (partial: a dimension has no tasks)' : 'overall_mobilepa', '', overall.toFixed(1)])
  return formatTextTable(rows)
}

/** Rows of cells as aligned text: the first column left, the others right (CJK counts double). */
export function formatTextTable(rows: readonly (readonly string[])[]): string {
  const columns = Math.max(0, ...rows.map((r) => r.length))
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...rows.map((r) => displayWidth(r[i] ?? ''))))
  return rows.map((r) => r.map((cell, i) => pad(cell, widths[i] ?? 0, i > 0)).join('  ')).join('\n')
}

/** A plain decimal number (as this project writes them: `-3.5`, `42`, `0.25`): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/
/** What makes a spreadsheet read a cell as a formula (OWASP, CSV injection): `=`, `+`, `-`, `@`, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet. Names, comments and
 * labels come from imported files, so a cell such as `=HYPERLINK(...)` or
 * `@SUM(...)` would run as a formula: a cell starting with `=`, `+`, `-`,
 * `@`, tab or CR is prefixed with `'` and quoted, so that it shows as the
 * text it is (OWASP's advice). The one exception is a plain decimal number
 * (`-3.5`): it cannot be a formula, and it stays a number in its column.
 * Anything else that starts with `-` (`-1+2`, `-Infinity`, `-1e3`) is
 * escaped. Cells holding `"`, `,`, LF or CR are quoted, quotes doubled.
 */
export function csvCell(value: string | number): string {
  const text = String(value)
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `"'${text.replace(/"/g, '""')}"`
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows of cells as CSV: RFC 4180, CRLF line ends, each cell through {@link csvCell}. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'
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
