/**
 * Analyses of live state (docs/reference.md, "Live state"): the task's, the calls'
 * and the state's accuracy side by side; the tasks where the calls and the
 * state disagree (a likely fault in the task: its gold calls or its expected
 * changes); and accuracy against the run-level failure rate p.
 */
import type { Task } from '../dataset/types'
import { ownValue, setOwn } from '../base/own'
import { orderedTypes } from '../score/capabilities'
import { capabilityName } from '../score/capabilities'
import { formatMeanStd } from '../score/stats'
import type { AnalysisRow } from './analyze'

type MeanStd = { mean: number; std: number }

/** Mean ± std over a row's units, overall and per capability. */
export interface Accuracy {
  overall: MeanStd
  by_type: Record<string, MeanStd>
}

/** One live row's three accuracies, as result.json has them. */
export interface LiveAccuracy {
  row: AnalysisRow
  /** Under each task's verify mode, every task. */
  task: Accuracy
  /** The calls' own verdicts, every task. */
  calls: Accuracy
  /** The state verdicts, over the tasks that expect changes (`stateTasks`). */
  state: Accuracy
  stateTasks: number
}

/** The rows that have state verdicts, with their task, call and state accuracy. */
export function liveAccuracies(rows: readonly AnalysisRow[]): LiveAccuracy[] {
  return rows.flatMap((row) => {
    const { calls, state } = row.score
    if (!calls || !state) return []
    return [{ row, task: { overall: row.score.overall, by_type: row.score.by_type }, calls, state: { overall: state.overall, by_type: state.by_type }, stateTasks: state.tasks }]
  })
}

/** Which verdict passed where the other failed. */
export type DisagreementKind = 'calls_only' | 'state_only'

/** A task on which the calls and the state disagreed, one way, in some units. */
export interface Disagreement {
  taskId: string
  type: string
  /** `calls_only`: the calls were right and the state wrong; `state_only`: the reverse. */
  kind: DisagreementKind
  /** Units (runs or people, over all rows) where the verdicts disagreed this way. */
  count: number
  /** Units with both verdicts on this task. */
  of: number
  /** The calls' error types where they failed (`state_only`), with counts. */
  callsErrors: Record<string, number>
  /** The state's error types where it failed (`calls_only`), with counts. */
  stateErrors: Record<string, number>
  /** The rows (labels) it happened in, in row order. */
  rows: string[]
}

const bump = (counts: Record<string, number>, key: string | null): void => {
  const k = key ?? 'other'
  setOwn(counts, k, (ownValue(counts, k) ?? 0) + 1)
}

/**
 * Every task whose calls verdict and state verdict disagree in some unit, one
 * entry per task and direction: most disagreements first, then in the data
 * set's order, calls-only before state-only.
 */
export function disagreements(rows: readonly AnalysisRow[], tasks: readonly Pick<Task, 'id' | 'type'>[]): Disagreement[] {
  const order = new Map(tasks.map((t, i) => [t.id, i]))
  const typeOf = new Map(tasks.map((t) => [t.id, t.type]))
  const both = new Map<string, number>()
  const found = new Map<string, Disagreement>()
  for (const row of rows)
    for (const [taskId, outcomes] of Object.entries(row.outcomes))
      for (const o of outcomes) {
        if (!o.calls || !o.state) continue
        both.set(taskId, (both.get(taskId) ?? 0) + 1)
        if (o.calls.correct === o.state.correct) continue
        const kind: DisagreementKind = o.calls.correct ? 'calls_only' : 'state_only'
        const key = `${taskId}\u0000${kind}`
        const entry = found.get(key) ?? { taskId, type: typeOf.get(taskId) ?? '', kind, count: 0, of: 0, callsErrors: {}, stateErrors: {}, rows: [] }
        entry.count++
        if (kind === 'calls_only') bump(entry.stateErrors, o.state.errorType)
        else bump(entry.callsErrors, o.calls.errorType)
        if (!entry.rows.includes(row.label)) entry.rows.push(row.label)
        found.set(key, entry)
      }
  return [...found.values()]
    .map((d) => ({ ...d, of: both.get(d.taskId) ?? d.count }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        (order.get(a.taskId) ?? Infinity) - (order.get(b.taskId) ?? Infinity) ||
        a.taskId.localeCompare(b.taskId) ||
        (a.kind === b.kind ? 0 : a.kind === 'calls_only' ? -1 : 1),
    )
}

/** Accuracy at one failure rate: mean ± std over the row's units (repeats). */
export interface FailurePoint {
  p: number
  mean: number
  std: number
  units: number
  /** The analysis row it comes from. */
  label: string
}

/** One model and setting (and state) across failure rates. */
export interface FailureCurve {
  /** The rows' label without the failure rate. */
  key: string
  model?: string
  setting: string
  state?: 'live'
  points: FailurePoint[]
}

/** A row's label without its ` · p=…` part: the rows of one curve share it. */
export function curveKey(row: Pick<AnalysisRow, 'label' | 'failureRate'>): string {
  const suffix = row.failureRate ? ` · p=${row.failureRate}` : ''
  return suffix && row.label.endsWith(suffix) ? row.label.slice(0, -suffix.length) : row.label
}

/**
 * Overall accuracy against the failure rate p (0 for rows without one), one
 * curve per model and setting that was run at some p above 0, points by p.
 * `rates` are every p of those curves, ascending.
 */
export function failureCurves(rows: readonly AnalysisRow[]): { rates: number[]; curves: FailureCurve[] } {
  const byKey = new Map<string, FailureCurve>()
  for (const row of rows) {
    const key = curveKey(row)
    const curve = byKey.get(key) ?? { key, ...(row.model ? { model: row.model } : {}), setting: row.setting, ...(row.state ? { state: row.state } : {}), points: [] }
    curve.points.push({ p: row.failureRate ?? 0, mean: row.score.overall.mean, std: row.score.overall.std, units: row.units, label: row.label })
    byKey.set(key, curve)
  }
  const curves = [...byKey.values()].filter((c) => c.points.some((p) => p.p > 0))
  for (const c of curves) c.points.sort((a, b) => a.p - b.p)
  const rates = [...new Set(curves.flatMap((c) => c.points.map((p) => p.p)))].sort((a, b) => a - b)
  return { rates, curves }
}

/** Error types with their counts, most first: "wrong_change ×2, collateral_change". */
export function errorCounts(counts: Readonly<Record<string, number>>, name: (type: string) => string = (t) => t): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([type, n]) => (n > 1 ? `${name(type)} ×${n}` : name(type)))
    .join(', ')
}

type Table = { name: string; title: string; rows: string[][] }

/**
 * The live tables of `npm run analyze`: task / calls / state accuracy,
 * disagreements, accuracy by failure rate. Each only when it has something
 * to show, so that an analysis with nothing live prints what it always did.
 */
export function liveTables(rows: readonly AnalysisRow[], tasks: readonly Task[]): Table[] {
  const out: Table[] = []
  const live = liveAccuracies(rows)
  if (live.length > 0) {
    const types = orderedTypes(tasks)
    const cells = (a: Accuracy) => [...types.map((t) => (a.by_type[t] ? formatMeanStd(a.by_type[t]) : '—')), formatMeanStd(a.overall)]
    out.push({
      name: 'live_accuracy',
      title: 'Task, calls and state accuracy (mean ± std, %; state over the tasks that expect changes)',
      rows: [
        ['row', 'runs or people', 'verdict', 'tasks', ...types.map((t) => `${capabilityName(t)} ${t}`), 'Overall'],
        ...live.flatMap((l) => [
          [l.row.label, String(l.row.units), 'task', String(tasks.length), ...cells(l.task)],
          [l.row.label, String(l.row.units), 'calls', String(tasks.length), ...cells(l.calls)],
          [l.row.label, String(l.row.units), 'state', String(l.stateTasks), ...cells(l.state)],
        ]),
      ],
    })
    out.push({
      name: 'disagreements',
      title: 'Tasks where the calls and the state disagree (a likely fault in the task)',
      rows: [
        ['task', 'type', 'passed', 'units', 'calls error', 'state error', 'rows'],
        ...disagreements(rows, tasks).map((d) => [
          d.taskId,
          d.type,
          d.kind === 'calls_only' ? 'calls' : 'state',
          `${d.count}/${d.of}`,
          errorCounts(d.callsErrors) || '—',
          errorCounts(d.stateErrors) || '—',
          d.rows.join('; '),
        ]),
      ],
    })
  }
  const { rates, curves } = failureCurves(rows)
  if (curves.length > 0)
    out.push({
      name: 'failure_rate',
      title: 'Accuracy by failure rate p (mean ± std over runs, %; n runs)',
      rows: [
        ['row', ...rates.map((p) => `p=${p}`)],
        ...curves.map((c) => [
          c.key,
          ...rates.map((p) => {
            const point = c.points.find((x) => x.p === p)
            return point ? `${formatMeanStd(point)} (n=${point.units})` : '—'
          }),
        ]),
      ],
    })
  return out
}
