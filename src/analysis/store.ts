import { create } from 'zustand'
import { archiveResponseLine, executionCallsOf, formatIssue, lineMaker, modelOfFile, parseArguments, needsRecords, parseResponses, scoringOrder, setOwn } from '../core'
import type { ArchivedAttempt, LiveScoring, Profile, ResponseLine, Task, TaskRecords } from '../core'
import { archivedAttempt, callsOf, isRecorded, loadTask } from '../db'
import type { AttemptRow, CallRow } from '../db'

/** A response.jsonl read for the analysis only: kept in memory, never stored. */
export interface AnalysisFile {
  name: string
  lines: ResponseLine[]
  /** Lines that could not be read (skipped), as messages. */
  issues: string[]
}

/** The Table 2 column a sort is by: the row's label, a capability type, or overall. */
export interface AnalysisSort {
  key: string
  dir: 'asc' | 'desc'
}

interface AnalysisState {
  /** The active data set's stored attempts as response lines; null until read. */
  stored: ResponseLine[] | null
  /** Stored attempt ids, so that only those link to a replay. */
  storedIds: Set<string>
  files: AnalysisFile[]
  /** Row labels left out of the analysis (every row is in until unticked). */
  excluded: string[]
  /** Whether the paper's published rows show as a reference block. */
  published: boolean
  sort: AnalysisSort
  /** The task whose per-row results show, or "" for none. */
  task: string
  /** Where the task was picked: the per-task table, or the live disagreements (each shows the task where it was picked). */
  taskFrom: 'tasks' | 'live'
  /** What scoring live lines needs (the records of the tasks that expect changes, and the profile), once read for a data set. */
  live: { datasetId: string; tasks: readonly Task[]; scoring: LiveScoring } | null
  /** Each stored fork beside its parent. */
  forks: ForkComparison[]
  error?: string
}

export const useAnalysis = create<AnalysisState>()(() => ({
  stored: null,
  storedIds: new Set(),
  files: [],
  excluded: [],
  published: true,
  sort: { key: 'overall', dir: 'desc' },
  task: '',
  taskFrom: 'tasks',
  live: null,
  forks: [],
}))

/** A call as the Forks table shows it: its name and arguments in one line. */
export interface CallText {
  name: string
  arguments: string
  withdrawn: boolean
}

/** One call after the fork point where the fork and its parent differ (either may have none there). */
export interface CallDifference {
  /** The call's place in the attempt, from 1. */
  n: number
  parent?: CallText
  fork?: CallText
}

/** A fork beside its parent, for the Forks table. */
export interface ForkComparison {
  fork: AttemptRow
  /** Missing when the parent is no longer stored. */
  parent?: AttemptRow
  /** How many of the parent's calls the fork inherited. */
  step: number
  /** The calls after the fork point, place by place, where the two differ. */
  differences: CallDifference[]
  /** How many places after the fork point either has a call at. */
  compared: number
}

/** JSON with object keys sorted: the same call in two attempts has the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** A call's arguments as one line: a model's JSON text is read as the object it stands for. */
function argumentsText(args: unknown): string {
  const parsed = parseArguments(args)
  return 'args' in parsed ? canonical(parsed.args) : typeof args === 'string' ? args : canonical(args)
}

const callText = (c: CallRow): CallText => ({ name: c.name, arguments: argumentsText(c.arguments), withdrawn: c.withdrawn === true })
const sameCall = (a: CallText, b: CallText) => a.name === b.name && a.arguments === b.arguments && a.withdrawn === b.withdrawn

/**
 * Pure: every fork among the attempts beside its parent, by task and then by
 * when it started: the calls after the fork point that differ, place by place
 * (a call only one of them made differs too).
 */
export function forkComparisons(rows: readonly AttemptRow[], calls: ReadonlyMap<string, readonly CallRow[]>, tasks: readonly Task[] = []): ForkComparison[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const order = new Map(tasks.map((t, i) => [t.id, i]))
  const after = (id: string, step: number) =>
    [...(calls.get(id) ?? [])]
      .sort((a, b) => a.seq - b.seq)
      .slice(step)
      .map(callText)
  return rows
    .filter((r) => r.parent !== undefined)
    .sort(
      (a, b) =>
        (order.get(a.taskId) ?? Infinity) - (order.get(b.taskId) ?? Infinity) ||
        a.taskId.localeCompare(b.taskId) ||
        a.started - b.started ||
        a.id.localeCompare(b.id),
    )
    .map((fork) => {
      const step = fork.parent?.step ?? 0
      const parent = byId.get(fork.parent?.attemptId ?? '')
      const mine = after(fork.id, step)
      const theirs = parent ? after(parent.id, step) : []
      const compared = Math.max(mine.length, theirs.length)
      const differences: CallDifference[] = []
      for (let i = 0; i < compared; i++) {
        const f = mine[i]
        const p = theirs[i]
        if (f && p && sameCall(f, p)) continue
        differences.push({ n: step + i + 1, ...(p ? { parent: p } : {}), ...(f ? { fork: f } : {}) })
      }
      return { fork, ...(parent ? { parent } : {}), step, differences, compared }
    })
}

/**
 * What the response line of a stored attempt says of its state and random
 * failures (`state`, `failure_rate`, `seed`), taken from the attempt when the
 * line does not say it already, so that live attempts are scored as live.
 */
function liveKeys(row: AttemptRow | undefined, line: Record<string, unknown>): Record<string, unknown> {
  if (!row) return {}
  return {
    ...(row.state === 'live' && line.state === undefined ? { state: 'live' } : {}),
    ...(row.failure && row.failure.rate > 0 && line.failure_rate === undefined ? { failure_rate: row.failure.rate, seed: row.failure.seed } : {}),
  }
}

/** A response line built in memory (no file line to point at). */
function asResponseLine(raw: Record<string, unknown>, index: number): ResponseLine {
  const run = typeof raw.run === 'number' ? raw.run : 0
  return { id: String(raw.id), run, calls: executionCallsOf(raw), raw, line: index + 1 }
}

/**
 * Stored attempts as response lines, as the export writes them (each person's
 * latest finished attempt last, so that it is the one scored). An agent
 * runner's attempt (with `run`) gets the model's name and the repeat as its
 * run, so that its lines make a model row; every other attempt is a person's.
 * An attempt only opened (unfinished, no call) is a visit and left out.
 */
export function storedResponseLines(rows: readonly AttemptRow[], calls: ReadonlyMap<string, readonly CallRow[]>, tasks: readonly Task[]): ResponseLine[] {
  const wanted = rows.filter(isRecorded)
  const byId = new Map(wanted.map((r) => [r.id, r]))
  const archived: ArchivedAttempt[] = wanted.map((r) => archivedAttempt(r, calls.get(r.id) ?? []))
  const instructions = new Map(tasks.map((t) => [t.id, t.instruction]))
  return scoringOrder(archived, tasks).map(({ attempt, run }, i) => {
    const row = byId.get(attempt.id)
    const archived = archiveResponseLine(attempt, run, instructions.get(attempt.taskId) ?? '')
    const line = { ...archived, ...liveKeys(row, archived) }
    const agent = row?.run
    return asResponseLine(agent ? { ...line, model: agent.model, run: agent.repeat } : line, i)
  })
}

let loadToken = 0

/** Reads the calls behind the data set's attempts and makes them response lines. */
export async function loadStoredAnalysis(rows: readonly AttemptRow[], tasks: readonly Task[]): Promise<void> {
  const token = ++loadToken
  const wanted = rows.filter(isRecorded)
  // A fork and its parent are compared even before the fork's first call of its own.
  const forkIds = new Set(rows.flatMap((r) => (r.parent ? [r.id, r.parent.attemptId] : [])))
  const read = [...wanted, ...rows.filter((r) => forkIds.has(r.id) && !isRecorded(r))]
  try {
    const calls = await callsOf(read)
    if (token !== loadToken) return
    useAnalysis.setState({
      stored: storedResponseLines(wanted, calls, tasks),
      storedIds: new Set(read.map((r) => r.id)),
      forks: forkComparisons(rows, calls, tasks),
      error: undefined,
    })
  } catch (e) {
    if (token === loadToken) useAnalysis.setState({ stored: [], error: e instanceof Error ? e.message : String(e) })
  }
}

let liveToken = 0

/**
 * Reads what scoring a file's lines may need: the records of the data set's
 * tasks that expect changes (live lines are replayed over them) or have a
 * memory condition (their reads are answered again), and the profile.
 */
export async function loadLiveScoring(datasetId: string, tasks: readonly Task[], profile: Profile): Promise<void> {
  const token = ++liveToken
  try {
    const records: Record<string, TaskRecords> = {}
    const expecting = tasks.filter((t) => needsRecords(t, true))
    const loaded = await Promise.all(expecting.map((t) => loadTask(datasetId, t.id)))
    loaded.forEach((l, i) => {
      const id = expecting[i]?.id
      if (l && id !== undefined) setOwn(records, id, l.records)
    })
    if (token === liveToken) useAnalysis.setState({ live: { datasetId, tasks, scoring: { records, profile } } })
  } catch (e) {
    if (token === liveToken) useAnalysis.setState({ error: e instanceof Error ? e.message : String(e) })
  }
}

/** A line an agent made without naming its model (see lineMaker). */
const isUnnamedAgent = (line: Record<string, unknown>): boolean => {
  const maker = lineMaker(line)
  return maker.kind === 'agent' && maker.model === undefined
}

/**
 * Reads a response.jsonl for the analysis. An agent's line that names no
 * model (a plain scorer input: no `model`, no `actor`; see lineMaker) is given
 * the file's name as its model, so that each such file makes its own row, as
 * the page's import names its run.
 */
export function readResponseFile(name: string, text: string): AnalysisFile {
  const parsed = parseResponses(text, name)
  const model = modelOfFile(name)
  const lines = parsed.lines.map((l) => (isUnnamedAgent(l.raw) ? { ...l, raw: { ...l.raw, model } } : l))
  return { name, lines, issues: parsed.issues.map(formatIssue) }
}

/** Adds response files picked in the view (a file of the same name is replaced). */
export async function addResponseFiles(files: readonly File[]): Promise<void> {
  const read = await Promise.all(files.map(async (f) => readResponseFile(f.name, await f.text())))
  useAnalysis.setState((s) => ({ files: [...s.files.filter((f) => !read.some((r) => r.name === f.name)), ...read] }))
}

export function removeResponseFile(name: string): void {
  useAnalysis.setState((s) => ({ files: s.files.filter((f) => f.name !== name) }))
}

export function toggleRow(label: string, included: boolean): void {
  useAnalysis.setState((s) => ({ excluded: included ? s.excluded.filter((l) => l !== label) : [...s.excluded, label] }))
}

export function setPublished(published: boolean): void {
  useAnalysis.setState({ published })
}

/** Sorts by a column; the same column again flips the direction. */
export function sortBy(key: string): void {
  useAnalysis.setState((s) => ({
    sort: { key, dir: s.sort.key === key ? (s.sort.dir === 'asc' ? 'desc' : 'asc') : key === 'label' ? 'asc' : 'desc' },
  }))
}

/** Shows one task's results (or none, for ""), where it was picked. */
export function showTask(task: string, from: 'tasks' | 'live' = 'tasks'): void {
  useAnalysis.setState({ task, taskFrom: from })
}
