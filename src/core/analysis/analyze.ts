import type { Task, ToolSchema } from '../dataset/types'
import { isPlainObject } from '../base/text'
import { ownValue, setOwn } from '../base/own'
import { isRetrievalToolName } from '../apps/registry'
import { scoreResponses } from '../results/aggregate'
import { orderedTypes } from '../score/capabilities'
import type { DetailLine, KeptVerdictOf, ScoreResult } from '../results/aggregate'
import type { LiveScoring } from '../results/liveLines'
import { plannerAttemptFigures } from '../results/plannerAttempts'
import type { PlannerAttemptFigures } from '../results/plannerAttempts'
import type { ResponseLine } from '../results/responses'
import { lineMaker } from '../attempt/lineMaker'
import { ERROR_TYPES } from '../score/types'
import type { ErrorCounts, ErrorType } from '../score/types'
import { meanStd } from '../score/stats'

/** A row of the analysis: one model and setting, or one group of people. */
export interface AnalysisRow {
  label: string
  model?: string
  setting: string
  /** `live` when the row's calls changed their own records (its lines say `state: "live"`). */
  state?: 'live'
  /** The run-level random failure rate its lines met, when above 0. */
  failureRate?: number
  /** Runs (models) or people (human attempts) the mean and std are taken over. */
  units: number
  /** With live lines, `calls` and `state` hold the calls' own and the state accuracies (as result.json). */
  score: ScoreResult
  /** Failed tasks by error type, summed over units (a planner error type only once some task makes it). */
  errors: ErrorCounts
  /** Mean retrieval calls per task, on solved and on failed tasks. */
  retrievals: { solved: number | null; failed: number | null }
  /** Retrieval calls by mode, and how many targeted one field. */
  modes: { fixed: number; regex: number; fuzzy: number; field: number; total: number }
  /** task id → units that solved it, of units that answered it. */
  perTask: Record<string, { solved: number; attempted: number }>
  /** task id → each unit's result on it (its last line), with the attempt id when the line names one (`attempt`). */
  outcomes: Record<string, TaskOutcome[]>
  /** In a planner data set: sub-agent routes and handoffs, memory recall and skill loads over the row's attempts. */
  planner?: PlannerAttemptFigures
}

/** A verdict without its details: right, or the reason it is wrong. */
export interface VerdictSummary {
  correct: boolean
  errorType: string | null
}

/** One unit's (run's or person's) result on one task. */
export interface TaskOutcome {
  unit: string
  /** Under the task's verify mode. */
  correct: boolean
  errorType: ErrorType | null
  attempt?: string
  /** Where a state verdict exists (a live line of a task that expects changes): the calls' own verdict. */
  calls?: VerdictSummary
  /** Where a state verdict exists: the state verdict. */
  state?: VerdictSummary
}

/** A line's run-level random failure rate: its `failure_rate` when a number in (0, 1], else 0. */
export function failureRateOf(raw: Record<string, unknown>): number {
  const rate = raw.failure_rate
  return typeof rate === 'number' && Number.isFinite(rate) && rate > 0 && rate <= 1 ? rate : 0
}

/**
 * The row a response line belongs to: models by name and setting, people
 * together by setting (who made a line: {@link lineMaker}); an agent's lines
 * that name no model are `responses`. Live runs and each failure rate make
 * rows of their own (` · live`, ` · p=0.1`): they are other protocols, and a
 * run of each would otherwise overwrite the other's run numbers.
 *
 * A run (or a person) is live when every line of it is (`unitLive`, which
 * {@link analyze} works out over the unit's lines; a line alone is its own
 * unit). A run that opened live only the tasks that expect changes (`npm run
 * agent`'s default `--state auto`, a planner data set's runs) mixes static and
 * live lines: it is one run of one row, whose live lines still get their state
 * verdicts. Split by line, its tasks fell into two rows, each scoring every
 * task, and neither row said what the run scored.
 */
export function rowOf(line: ResponseLine, unitLive: boolean = line.raw.state === 'live'): { label: string; model?: string; setting: string; unit: string; state?: 'live'; failureRate?: number } {
  const raw = line.raw
  const setting = typeof raw.setting === 'string' ? raw.setting : 'paginated'
  const rate = failureRateOf(raw)
  const suffix = `${unitLive ? ' · live' : ''}${rate > 0 ? ` · p=${rate}` : ''}`
  const extra = { ...(unitLive ? { state: 'live' as const } : {}), ...(rate > 0 ? { failureRate: rate } : {}) }
  const maker = lineMaker(raw)
  if (maker.kind === 'person') return { label: `people · ${setting}${suffix}`, setting, unit: `actor ${maker.actor}`, ...extra }
  if (maker.model !== undefined) return { label: `${maker.model} · ${setting}${suffix}`, model: maker.model, setting, unit: `run ${line.run}`, ...extra }
  return { label: `responses · ${setting}${suffix}`, setting, unit: `run ${line.run}`, ...extra }
}

/** A detail line's calls and state verdicts, where it has a state verdict. */
function liveVerdicts(d: DetailLine): Pick<TaskOutcome, 'calls' | 'state'> {
  if (d.state_correct === undefined) return {}
  return {
    calls: { correct: d.calls_correct ?? d.correct, errorType: d.calls_error_type ?? null },
    state: { correct: d.state_correct, errorType: d.state_error_type ?? null },
  }
}

/** The retrieval calls of a response line, from its messages. */
export function retrievalCalls(line: ResponseLine): { name: string; args: Record<string, unknown> }[] {
  const messages = Array.isArray(line.raw.messages) ? line.raw.messages : []
  const calls: { name: string; args: Record<string, unknown> }[] = []
  for (const m of messages) {
    if (!isPlainObject(m) || m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue
    for (const tc of m.tool_calls) {
      const fn = isPlainObject(tc) ? tc.function : undefined
      if (!isPlainObject(fn) || typeof fn.name !== 'string' || !isRetrievalToolName(fn.name)) continue
      let args: unknown = fn.arguments
      if (typeof args === 'string') {
        try {
          args = JSON.parse(args)
        } catch {
          args = {}
        }
      }
      calls.push({ name: fn.name, args: isPlainObject(args) ? args : {} })
    }
  }
  return calls
}

/**
 * The paper's analyses for any set of response lines: Table 2 per row,
 * error types, retrievals on solved vs failed tasks, retrieval modes and
 * field targeting, and which rows solved each task. Live lines of tasks that
 * expect changes need `live` (the records and profile their state is
 * replayed over), as `scoreResponses` does. Lines whose attempt has a
 * verdict the caller keeps (`kept`: the page's stored ones) are counted with
 * it, not scored again.
 */
export function analyze(tasks: readonly Task[], tools: readonly ToolSchema[], lines: readonly ResponseLine[], live?: LiveScoring, kept?: KeptVerdictOf): AnalysisRow[] {
  // Whether every line of each unit (a row's run, or person) is live: see rowOf. Each line's unit, worked out once.
  const unitKeys = lines.map((line) => {
    const row = rowOf(line, false)
    return `${row.label}\u0000${row.unit}`
  })
  const unitLive = new Map<string, boolean>()
  lines.forEach((line, i) => unitLive.set(unitKeys[i] ?? '', (unitLive.get(unitKeys[i] ?? '') ?? true) && line.raw.state === 'live'))
  const groups = new Map<string, { meta: ReturnType<typeof rowOf>; lines: ResponseLine[] }>()
  for (const [i, line] of lines.entries()) {
    const meta = rowOf(line, unitLive.get(unitKeys[i] ?? '') === true)
    const group = groups.get(meta.label) ?? { meta, lines: [] }
    group.lines.push(line)
    groups.set(meta.label, group)
  }
  return [...groups.values()].map(({ meta, lines: rowLines }) => analyzeRow(tasks, tools, meta, rowLines, live, kept))
}

function analyzeRow(
  tasks: readonly Task[],
  tools: readonly ToolSchema[],
  meta: ReturnType<typeof rowOf>,
  lines: ResponseLine[],
  live: LiveScoring | undefined,
  kept: KeptVerdictOf | undefined,
): AnalysisRow {
  const units = [...new Set(lines.map((l) => rowOf(l).unit))]
  // Each unit (a run, or a person) becomes one run of the scorer.
  const renumbered = lines.map((l) => ({ ...l, run: units.indexOf(rowOf(l).unit) }))
  const { result, details } = scoreResponses(tasks, tools, renumbered, live, kept)
  const counted = new Map<ErrorType, number>()
  for (const d of details) if (d.error_type) counted.set(d.error_type, (counted.get(d.error_type) ?? 0) + 1)
  const errors = { ...Object.fromEntries(ERROR_TYPES.map((e) => [e, 0])), ...Object.fromEntries(counted) } as ErrorCounts
  const lastLine = new Map<string, ResponseLine>()
  for (const l of renumbered) lastLine.set(`${l.run}\u0000${l.id}`, l)
  const solvedCounts: number[] = []
  const failedCounts: number[] = []
  const modes = { fixed: 0, regex: 0, fuzzy: 0, field: 0, total: 0 }
  // Task ids are outside keys: kept in Maps, made objects with own properties only.
  const perTask = new Map<string, AnalysisRow['perTask'][string]>()
  const outcomes = new Map<string, AnalysisRow['outcomes'][string]>()
  for (const d of details) {
    const line = lastLine.get(`${d.run}\u0000${d.id}`)
    const entry = perTask.get(d.id) ?? { solved: 0, attempted: 0 }
    perTask.set(d.id, entry)
    if (!line) continue
    entry.attempted++
    if (d.correct) entry.solved++
    const attempt = typeof line.raw.attempt === 'string' ? line.raw.attempt : undefined
    const taskOutcomes = outcomes.get(d.id) ?? []
    outcomes.set(d.id, taskOutcomes)
    taskOutcomes.push({ unit: units[d.run] ?? `run ${d.run}`, correct: d.correct, errorType: d.error_type, ...(attempt ? { attempt } : {}), ...liveVerdicts(d) })
    const retrievals = retrievalCalls(line)
    ;(d.correct ? solvedCounts : failedCounts).push(retrievals.length)
    for (const r of retrievals) {
      const mode = r.args.mode === 'regex' || r.args.mode === 'fuzzy' ? r.args.mode : 'fixed'
      modes[mode]++
      if (typeof r.args.field === 'string' && r.args.field !== '') modes.field++
      modes.total++
    }
  }
  const mean = (xs: number[]) => (xs.length === 0 ? null : meanStd(xs).mean)
  const planner = plannerAttemptFigures(tasks, tools, details, renumbered)
  return {
    label: meta.label,
    ...(meta.model ? { model: meta.model } : {}),
    setting: meta.setting,
    ...(meta.state ? { state: meta.state } : {}),
    ...(meta.failureRate ? { failureRate: meta.failureRate } : {}),
    units: units.length,
    score: result,
    errors,
    retrievals: { solved: mean(solvedCounts), failed: mean(failedCounts) },
    modes,
    perTask: Object.fromEntries(perTask),
    outcomes: Object.fromEntries(outcomes),
    ...(planner ? { planner } : {}),
  }
}

/** Accuracy by setting, per capability: the mean over the rows of each setting. */
export function accuracyBySetting(rows: readonly AnalysisRow[], tasks: readonly Task[]): Record<string, Record<string, number>> {
  const types = [...orderedTypes(tasks), 'overall']
  const out: Record<string, Record<string, number>> = {}
  for (const setting of [...new Set(rows.map((r) => r.setting))]) {
    const inSetting = rows.filter((r) => r.setting === setting)
    setOwn(out, setting, Object.fromEntries(
      types.map((t) => [t, meanStd(inSetting.map((r) => (t === 'overall' ? r.score.overall.mean : (ownValue(r.score.by_type, t)?.mean ?? 0)))).mean]),
    ))
  }
  return out
}
