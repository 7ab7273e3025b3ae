import type { Task } from '../dataset/types'
import { orderedTypes } from '../score/capabilities'
import { capabilityName } from '../score/capabilities'
import { formatMeanStd } from '../score/stats'
import { errorTypesIn } from '../score/types'
import { accuracyBySetting } from './analyze'
import type { AnalysisRow } from './analyze'
import { liveTables } from './live'

export type Table = { name: string; title: string; rows: string[][] }

const pct = (part: number, whole: number) => (whole === 0 ? '—' : ((100 * part) / whole).toFixed(1))
const num = (x: number | null) => (x === null ? '—' : x.toFixed(1))

/**
 * The paper's tables for analysed rows: each a header row then data rows, for
 * text, CSV or a view; then, when some rows are live or met random failures,
 * the live tables (task / calls / state accuracy, disagreements, failure rate).
 */
export function analysisTables(rows: readonly AnalysisRow[], tasks: readonly Task[]): Table[] {
  const types = orderedTypes(tasks)
  const table2: Table = {
    name: 'table2',
    title: 'Accuracy by capability (mean ± std, %)',
    rows: [
      ['row', 'runs or people', ...types.map((t) => `${capabilityName(t)} ${t}`), 'Overall'],
      ...rows.map((r) => [r.label, String(r.units), ...types.map((t) => formatMeanStd(r.score.by_type[t] ?? { mean: 0, std: 0 })), formatMeanStd(r.score.overall)]),
    ],
  }
  const bySetting = accuracyBySetting(rows, tasks)
  const settings: Table = {
    name: 'by_setting',
    title: 'Accuracy by setting (mean over rows, %)',
    rows: [['setting', ...types.map((t) => `${capabilityName(t)} ${t}`), 'Overall'], ...Object.entries(bySetting).map(([s, v]) => [s, ...types.map((t) => (v[t] ?? 0).toFixed(1)), (v.overall ?? 0).toFixed(1)])],
  }
  // A planner error type is a column once some row has it: a published data set's table keeps its columns.
  const errorTypes = errorTypesIn(rows.map((r) => r.errors))
  const errors: Table = {
    name: 'error_types',
    title: 'Error types (share of failures, %)',
    rows: [
      ['row', 'failures', ...errorTypes],
      ...rows.map((r) => {
        const failures = errorTypes.reduce((n, e) => n + (r.errors[e] ?? 0), 0)
        return [r.label, String(failures), ...errorTypes.map((e) => pct(r.errors[e] ?? 0, failures))]
      }),
    ],
  }
  const retrievals: Table = {
    name: 'retrievals',
    title: 'Mean retrieval calls per task',
    rows: [['row', 'solved', 'failed'], ...rows.map((r) => [r.label, num(r.retrievals.solved), num(r.retrievals.failed)])],
  }
  const modes: Table = {
    name: 'retrieval_modes',
    title: 'Retrieval modes and scope (share of retrieval calls, %)',
    rows: [
      ['row', 'calls', 'fixed', 'regex', 'fuzzy', 'one field'],
      ...rows.map((r) => [r.label, String(r.modes.total), pct(r.modes.fixed, r.modes.total), pct(r.modes.regex, r.modes.total), pct(r.modes.fuzzy, r.modes.total), pct(r.modes.field, r.modes.total)]),
    ],
  }
  const perTask: Table = {
    name: 'per_task',
    title: 'Per task: solved / answered, by row',
    rows: [['task', 'type', ...rows.map((r) => r.label)], ...tasks.map((t) => [t.id, t.type, ...rows.map((r) => `${r.perTask[t.id]?.solved ?? 0}/${r.perTask[t.id]?.attempted ?? 0}`)])],
  }
  return [table2, settings, errors, retrievals, modes, perTask, ...liveTables(rows, tasks)]
}
