import type { Task, ToolSchema } from '../dataset/types'
import { orderedTypes } from '../score/capabilities'
import { meanStd } from '../score/stats'
import { ownValue, setOwn } from '../base/own'
import { judgeTask, scoreTask, toolProperties } from '../score/task'
import type { ResponseLine } from './responses'
import type { ConditionVerdict, ErrorType, Mismatch, RubricItemOutcome, TaskVerdict } from '../score/types'
import { correctUnder, hasConditions, readsMemory, taskConditions, unansweredConditions, underConditions } from '../score/conditions'
import { rubricDecides } from '../score/rubric'
import { gatedCalls, lineReplayOf, lineSetting, lineTrajectory } from './lineTrajectory'
import { bucketOf, dimensionOf, isPlannerDataset, plannerFigures } from './plannerFigures'
import type { PlannerFigures } from './plannerFigures'
import type { LineReplay, LineStep } from './lineTrajectory'
import type { StateErrorType, StateMismatch } from '../live/verdict'
import { effectsOf } from '../live/replayCalls'
import { isLiveLine, schemaChecker, scoreLiveLine } from './liveLines'
import type { LiveScoring } from './liveLines'
import type { LiveOutcome } from '../live/outcome'
import type { StateVerdict } from '../live/verdict'
import type { AttemptVerdict } from '../attempt/types'
import type { GradedRubric, ItemGrading } from '../grades/decide'
import { lineGrader } from './lineGrades'
import type { Grading, GradingFigures } from './lineGrades'

/**
 * The verdict kept with a response line's attempt, when the caller holds one
 * it trusts (the page's stored verdict, made by the kernel or the re-scoring
 * service): it is read instead of computed again. A file's own `verdict` is
 * never one: a file is only text.
 */
export type KeptVerdictOf = (line: ResponseLine) => AttemptVerdict | undefined

/** A kept verdict as the scorer's: `calls` beside a state verdict is the calls' own, else the verdict is the calls'. */
function keptOutcome(taskId: string, kept: AttemptVerdict): { verdict: LiveOutcome; calls: TaskVerdict } {
  // The kernel kept these from its own verdict (keptVerdict), typed loosely in storage.
  const calls: TaskVerdict = {
    id: taskId,
    correct: kept.calls?.correct ?? kept.correct,
    errorType: (kept.calls?.errorType ?? kept.errorType) as ErrorType | null,
    mismatches: kept.mismatches as Mismatch[],
    pairing: [],
    checks: [],
  }
  const verdict: LiveOutcome = {
    ...calls,
    correct: kept.correct,
    errorType: kept.errorType as ErrorType | null,
    ...(kept.state ? { state: kept.state as StateVerdict, calls: { correct: calls.correct, errorType: calls.errorType } } : {}),
  }
  return { verdict, calls }
}

type MeanStd = { mean: number; std: number }

/**
 * result.json (docs/reference.md): accuracies in percent, std over runs with divisor
 * n. With live lines it also has `calls` (the calls' own verdicts, every
 * task) and `state` (the state verdicts, over the tasks that expect changes).
 */
export interface ScoreResult {
  runs: number
  overall: MeanStd
  by_type: Record<string, MeanStd>
  per_run: { run: number; overall: number; by_type: Record<string, number> }[]
  calls?: { overall: MeanStd; by_type: Record<string, MeanStd> }
  state?: { tasks: number; overall: MeanStd; by_type: Record<string, MeanStd> }
  /** A planner data set's (one whose tasks name a `dimension`): see src/core/results/plannerFigures.ts. */
  dimensions?: PlannerFigures['dimensions']
  overall_mobilepa?: PlannerFigures['overall_mobilepa']
  overall_mobilepa_partial?: number
  buckets?: PlannerFigures['buckets']
}

/** One line of details.jsonl. */
export interface DetailLine {
  id: string
  run: number
  type: string
  correct: boolean
  error_type: ErrorType | null
  mismatches: Mismatch[]
  /** Where a state verdict exists (a live line of a task that expects changes): the calls' own verdict and the state's. */
  calls_correct?: boolean
  calls_error_type?: string | null
  state_correct?: boolean
  state_error_type?: StateErrorType | null
  state_mismatches?: StateMismatch[]
  /** A planner task's memory condition: the required ids met and not met, and the forbidden ones used (a diagnostic). */
  memory_used?: string[]
  memory_missing?: string[]
  /** A planner task's skill condition: every skill the trajectory loaded, in order. */
  skills_loaded?: string[]
  memory_forbidden_used?: string[]
  /**
   * A planner task's rubric: its score (points met over positive points,
   * 0..1, an item not decided yet counted as not met), each item's outcome
   * (met true or false, or null for an item people have not graded yet), and
   * the ids of those not graded yet.
   */
  rubric_score?: number
  rubric_items?: RubricItemOutcome[]
  rubric_pending?: string[]
  /**
   * Where grades were given (`npm run score --grades`), each item's votes
   * counted for and against and what decided it (src/core/grades/decide.ts).
   */
  rubric_graded?: ItemGrading[]
  /** In a planner data set, every line: the task's dimension and verification bucket. */
  dimension?: string
  bucket?: string
}

/** result.json and details.jsonl exactly as `npm run score` writes them (the page's exports use the same bytes). */
export function scoreFileTexts(scores: { result: ScoreResult; details: readonly DetailLine[] }): { result: string; details: string } {
  return {
    result: resultText(scores.result),
    details: scores.details.map((d) => JSON.stringify(d)).join('\n') + '\n',
  }
}

/** result.json's text. */
export const resultText = (result: ScoreResult): string => JSON.stringify(result, null, 2) + '\n'

/** The live lines need the records and the profile: say so before scoring, rather than score them as static. */
export function needsLiveScoring(tasks: readonly Task[], responses: readonly ResponseLine[]): boolean {
  const expecting = new Set(tasks.filter((t) => t.live?.expectedState).map((t) => t.id))
  return responses.some((r) => isLiveLine(r.raw) && expecting.has(r.id))
}

/**
 * The tasks whose records scoring these lines needs (given as {@link LiveScoring}):
 * those a live line answers and that expect changes (for the state verdict), and
 * a planner task with a memory condition or a rubric item on memory used (its
 * reads are answered again over the task's memory items). Without them a
 * line's reads return nothing, and no pinned item counts. Each id once, in the
 * lines' order.
 */
export function recordsNeededFor(tasks: readonly Pick<Task, 'id' | 'live' | 'planner'>[], responses: readonly Pick<ResponseLine, 'id' | 'raw'>[]): string[] {
  const byId = new Map(tasks.map((t) => [t.id, t]))
  const ids = new Set<string>()
  for (const r of responses) {
    const task = byId.get(r.id)
    if (task && needsRecords(task, isLiveLine(r.raw))) ids.add(r.id)
  }
  return [...ids]
}

/** Whether scoring an answer to this task needs its records: a live answer to a task that expects changes, or any answer to a task that reads memory (a condition or a rubric item). */
export function needsRecords(task: Pick<Task, 'live' | 'planner'>, live: boolean): boolean {
  return readsMemory(task) || (live && task.live?.expectedState !== undefined)
}

/** Whether scoring these lines needs any task's records (see {@link recordsNeededFor}). */
export function needsTaskRecords(tasks: readonly Pick<Task, 'id' | 'live' | 'planner'>[], responses: readonly Pick<ResponseLine, 'id' | 'raw'>[]): boolean {
  return recordsNeededFor(tasks, responses).length > 0
}

/**
 * Scores every task in every run. The runs are the distinct `run` values
 * present (run 0 when there are none); within a run the last line for a task
 * wins, never a line made after its solver saw the gold (`after_gold: true`:
 * practice); a task without a line is wrong (`no_response`). A live line
 * (`state: "live"`) of a task that expects changes also gets a state
 * verdict, from its calls replayed over the task's records (`live`). A line
 * whose attempt has a verdict the caller keeps (`kept`) is counted with it,
 * not scored again.
 */
export function scoreResponses(
  tasks: readonly Task[],
  tools: readonly ToolSchema[],
  responses: readonly ResponseLine[],
  live?: LiveScoring,
  kept?: KeptVerdictOf,
  grading?: Grading,
): { result: ScoreResult; details: DetailLine[]; grading?: GradingFigures } {
  const scores = scoreResponsesLazily(tasks, tools, responses, live, kept, grading)
  return { result: scores.result, details: [...scores.details()], ...(scores.grading ? { grading: scores.grading } : {}) }
}

/**
 * {@link scoreResponses} with details.jsonl given line by line. Only the
 * (run, task) pairs that have a line are scored and kept: with many distinct
 * `run` values the pairs without one (each `no_response`) are nearly all of
 * them, so they are counted arithmetically and written from one line per task.
 * With `grading`, a rubric's items without a check are decided by the grades
 * of each line's attempt, and `grading` in the answer says how many were used.
 */
export function scoreResponsesLazily(
  tasks: readonly Task[],
  tools: readonly ToolSchema[],
  responses: readonly ResponseLine[],
  live?: LiveScoring,
  kept?: KeptVerdictOf,
  grading?: Grading,
): { result: ScoreResult; details: () => Generator<DetailLine>; detailTexts: () => Generator<string>; grading?: GradingFigures } {
  if (!live && needsLiveScoring(tasks, responses))
    throw new Error('Some response lines are live ("state": "live"): scoring their state needs the data set\'s records_db.json and profile.json')
  const anyLive = responses.some((r) => isLiveLine(r.raw))
  const effectOf = effectsOf(tools)
  const checker = anyLive ? schemaChecker(tools) : undefined
  const stateTasks = tasks.filter((t) => t.live?.expectedState)
  const properties = toolProperties(tools)
  const replay = lineReplayOf(tasks, tools)
  const context: LineContext = { properties, tools, live, effectOf, checker, replay }
  const grader = grading ? lineGrader(grading) : undefined
  const scoreLine = (task: Task, run: number, line: ResponseLine, graded: GradedRubric | undefined) => scoreLineWith(task, run, line, context, graded)
  const taskById = new Map(tasks.map((t) => [t.id, t]))
  const runIds = [...new Set(responses.map((r) => r.run))].sort((a, b) => a - b)
  if (runIds.length === 0) runIds.push(0)
  const byRun = new Map<number, Map<string, ResponseLine>>(runIds.map((run) => [run, new Map()]))
  for (const line of responses) if (taskById.has(line.id) && line.raw.after_gold !== true) byRun.get(line.run)?.set(line.id, line)

  const types = orderedTypes(tasks)
  const stateTypes = orderedTypes(stateTasks)
  const totals = countByType(tasks)
  const stateTotals = countByType(stateTasks)
  // Each line's details are worked out when written (a sweep's accuracy needs only its verdicts).
  const scored = new Map<number, Map<string, () => DetailLine>>()
  const perRun: ScoreResult['per_run'] = []
  const planner = isPlannerDataset(tasks)
  const correctByRun: Set<string>[] = []
  const callRuns: ScoreResult['per_run'] = []
  const stateRuns: ScoreResult['per_run'] = []
  for (const run of runIds) {
    const lines = byRun.get(run) ?? new Map<string, ResponseLine>()
    const details = new Map<string, () => DetailLine>()
    const correct = new Map<string, number>()
    const callsCorrect = new Map<string, number>()
    const stateCorrect = new Map<string, number>()
    const correctIds = new Set<string>()
    for (const [id, line] of lines) {
      const task = taskById.get(id) as Task
      const keptVerdict = kept?.(line)
      const graded = grader?.gradedOf(task, line)
      const conditions = () => lineConditions(task, line, context, trajectoryOf(task, line, context.replay), graded)
      const outcome = keptVerdict ? keptLine(task, run, keptVerdict, conditions, graded) : scoreLine(task, run, line, graded)
      if (outcome.correct) increment(correct, task.type)
      if (outcome.correct && planner) correctIds.add(id)
      if (outcome.callsCorrect) increment(callsCorrect, task.type)
      if (outcome.stateCorrect) increment(stateCorrect, task.type)
      details.set(id, outcome.detail)
    }
    scored.set(run, details)
    correctByRun.push(correctIds)
    perRun.push(runAccuracy(run, tasks.length, types, totals, correct))
    callRuns.push(runAccuracy(run, tasks.length, types, totals, callsCorrect))
    stateRuns.push(runAccuracy(run, stateTasks.length, stateTypes, stateTotals, stateCorrect))
  }
  const result: ScoreResult = { runs: runIds.length, ...summary(perRun, types), per_run: perRun }
  if (anyLive) {
    result.calls = summary(callRuns, types)
    result.state = { tasks: stateTasks.length, ...summary(stateRuns, stateTypes) }
  }
  Object.assign(result, plannerFigures(tasks, correctByRun))
  // A planner data set's lines name their task's dimension and bucket; no other line changes.
  const grouped = planner ? (task: Task, line: DetailLine): DetailLine => ({ ...line, dimension: dimensionOf(task), bucket: bucketOf(task) }) : (_task: Task, line: DetailLine) => line
  const scoredLine = (run: number, task: Task): DetailLine | undefined => {
    const line = scored.get(run)?.get(task.id)
    return line ? grouped(task, line()) : undefined
  }
  const unanswered = new Map<string, DetailLine>()
  const unansweredOf = (task: Task): DetailLine => {
    let line = unanswered.get(task.id)
    if (!line) {
      // No attempt saw anything: not even a pinned memory item.
      const verdict = scoreTask(task, undefined, properties)
      line = grouped(task, detailLine(task, 0, verdict, verdict, unansweredConditions(task)))
      unanswered.set(task.id, line)
    }
    return line
  }
  function* details(): Generator<DetailLine> {
    for (const run of runIds) for (const task of tasks) yield scoredLine(run, task) ?? { ...unansweredOf(task), run }
  }
  // Each unanswered line is its task's text with the run put in (the run is the second key).
  const texts = new Map<string, [string, string]>()
  const textsOf = (task: Task): [string, string] => {
    let parts = texts.get(task.id)
    if (!parts) {
      const text = JSON.stringify(unansweredOf(task))
      const at = text.indexOf(',"run":0,') + ',"run":'.length
      parts = [text.slice(0, at), text.slice(at + 1)]
      texts.set(task.id, parts)
    }
    return parts
  }
  function* detailTexts(): Generator<string> {
    for (const run of runIds)
      for (const task of tasks) {
        const line = scoredLine(run, task)
        if (line) yield JSON.stringify(line)
        else {
          const [head, tail] = textsOf(task)
          yield `${head}${run}${tail}`
        }
      }
  }
  return { result, details, detailTexts, ...(grader ? { grading: grader.figures() } : {}) }
}

function detailLine(task: Task, run: number, verdict: LiveOutcome, callsVerdict: ReturnType<typeof scoreTask>, conditions = verdict.conditions, graded?: GradedRubric): DetailLine {
  const memory = conditions && task.planner?.memory
  return {
    id: task.id,
    run,
    type: task.type,
    correct: verdict.correct,
    error_type: verdict.errorType,
    mismatches: verdict.mismatches,
    ...(verdict.state
      ? {
          calls_correct: callsVerdict.correct,
          calls_error_type: callsVerdict.errorType,
          state_correct: verdict.state.correct,
          state_error_type: verdict.state.errorType,
          state_mismatches: verdict.state.mismatches,
        }
      : {}),
    // Only for a task with the keys: every other line stays as it was, byte for byte.
    ...(memory ? { memory_used: conditions.memoryUsed, memory_missing: conditions.memoryMissing } : {}),
    ...(conditions && task.planner?.skills ? { skills_loaded: conditions.skillsLoaded } : {}),
    ...(memory ? { memory_forbidden_used: conditions.memoryForbiddenUsed } : {}),
    ...(conditions?.rubric ? { rubric_score: conditions.rubric.score, rubric_items: conditions.rubric.items, rubric_pending: conditions.rubric.pending } : {}),
    ...(conditions?.rubric && graded ? { rubric_graded: graded.items } : {}),
  }
}

const increment = (counts: Map<string, number>, type: string): void => void counts.set(type, (counts.get(type) ?? 0) + 1)

function countByType(tasks: readonly Task[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const task of tasks) increment(counts, task.type)
  return counts
}

/** Mean ± std over runs, overall and per type. */
function summary(runs: readonly ScoreResult['per_run'][number][], types: readonly string[]): { overall: MeanStd; by_type: Record<string, MeanStd> } {
  const by_type: Record<string, MeanStd> = {}
  for (const type of types) setOwn(by_type, type, meanStd(runs.map((r) => ownValue(r.by_type, type) ?? 0)))
  return { overall: meanStd(runs.map((r) => r.overall)), by_type }
}

function runAccuracy(run: number, taskCount: number, types: readonly string[], totals: ReadonlyMap<string, number>, correct: ReadonlyMap<string, number>): ScoreResult['per_run'][number] {
  const by_type: Record<string, number> = {}
  for (const type of types) {
    const total = totals.get(type) ?? 0
    setOwn(by_type, type, total === 0 ? 0 : (100 * (correct.get(type) ?? 0)) / total)
  }
  const all = [...correct.values()].reduce((a, b) => a + b, 0)
  return { run, overall: taskCount === 0 ? 0 : (100 * all) / taskCount, by_type }
}

/** One scored line: what the accuracies count, and its details.jsonl line, built when first asked for. */
interface ScoredLine {
  correct: boolean
  callsCorrect: boolean
  stateCorrect: boolean
  detail: () => DetailLine
}

/** A function that works its value out on the first call and gives the same value after. */
function once<T>(work: () => T): () => T {
  let done: { value: T } | undefined
  return () => (done ??= { value: work() }).value
}

function outcomeLine(task: Task, run: number, verdict: LiveOutcome, calls: TaskVerdict, graded?: GradedRubric): ScoredLine {
  return {
    correct: verdict.correct,
    callsCorrect: calls.correct,
    stateCorrect: verdict.state?.correct === true,
    detail: once(() => detailLine(task, run, verdict, calls, verdict.conditions, graded)),
  }
}

/**
 * A line counted with the verdict its attempt keeps (which holds its conditions); its details show them as the line reads.
 * Where grades are given and the rubric decides, the kept verdict was made without them: the rubric is judged again with them.
 */
function keptLine(task: Task, run: number, kept: AttemptVerdict, conditions: () => ConditionVerdict | undefined, graded?: GradedRubric): ScoredLine {
  const { verdict, calls } = keptOutcome(task.id, kept)
  if (graded && rubricDecides(task)) return outcomeLine(task, run, underConditions(verdict, conditions()), calls, graded)
  return { ...outcomeLine(task, run, verdict, calls), detail: once(() => detailLine(task, run, verdict, calls, conditions(), graded)) }
}

/** What scoring one line needs, worked out once per scoring. */
interface LineContext {
  properties: ReturnType<typeof toolProperties>
  tools: readonly ToolSchema[]
  live: LiveScoring | undefined
  effectOf: ReturnType<typeof effectsOf>
  checker: ReturnType<typeof schemaChecker> | undefined
  /** Undefined for a data set without conditions or skill gates (every published one). */
  replay: LineReplay | undefined
}

/** A line's trajectory, where its task's conditions (its rubric too) or the skills' gates need it. */
function trajectoryOf(task: Task, line: ResponseLine, replay: LineReplay | undefined): LineStep[] | undefined {
  const messagesOnly = !Array.isArray(line.raw.calls)
  if (!replay || !(hasConditions(task) || (replay.gated && messagesOnly))) return undefined
  return lineTrajectory(line.raw, replay.runtime)
}

/** A line's conditions, from its trajectory (a rubric's items without a check decided by its attempt's grades, if any); undefined for a task without any. */
function lineConditions(task: Task, line: ResponseLine, context: LineContext, trajectory: LineStep[] | undefined, graded?: GradedRubric): ConditionVerdict | undefined {
  const source = { tools: context.tools, records: context.live?.records[task.id], setting: lineSetting(line.raw), ...(graded ? { decisions: graded.decisions } : {}) }
  return trajectory && taskConditions(task, trajectory, source)
}

/** Scores one line against its task. A line of calls alone is judged, and explained only when its details are written. */
function scoreLineWith(task: Task, run: number, line: ResponseLine, context: LineContext, graded?: GradedRubric): ScoredLine {
  const trajectory = trajectoryOf(task, line, context.replay)
  // A messages-only line submits what the runtime would have let through: a call a skill's gate refused is no action.
  const given = trajectory && context.replay?.gated && !Array.isArray(line.raw.calls) ? gatedCalls(trajectory) : line.calls
  const conditions = lineConditions(task, line, context, trajectory, graded)
  const judged = judgeTask(task, given, context.properties)
  if (context.live && isLiveLine(line.raw)) {
    const calls = judged.explain()
    const outcome = underConditions(scoreLiveLine(task, given, calls, context.tools, context.live, context.effectOf, context.checker), conditions)
    return outcomeLine(task, run, outcome, calls, graded)
  }
  const correct = correctUnder(judged.correct, conditions)
  return {
    correct,
    callsCorrect: correct,
    stateCorrect: false,
    detail: once(() => {
      const verdict = underConditions(judged.explain(), conditions)
      return detailLine(task, run, verdict, verdict, verdict.conditions, graded)
    }),
  }
}
