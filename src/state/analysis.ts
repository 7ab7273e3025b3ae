import { create } from 'zustand'
import { archiveResponseLine, executionCallsOf, formatIssue, parseResponses, scoringOrder } from '../core'
import type { ArchivedAttempt, ResponseLine, Task } from '../core'
import { archivedAttempt, callsOf, isRecorded } from '../db'
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
}))

/** A response line built in memory (no file line to point at). */
function responseLine(raw: Record<string, unknown>, index: number): ResponseLine {
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
    const line = archiveResponseLine(attempt, run, instructions.get(attempt.taskId) ?? '')
    const agent = byId.get(attempt.id)?.run
    return responseLine(agent ? { ...line, model: agent.model, run: agent.repeat } : line, i)
  })
}

let loadToken = 0

/** Reads the calls behind the data set's attempts and makes them response lines. */
export async function loadStoredAnalysis(rows: readonly AttemptRow[], tasks: readonly Task[]): Promise<void> {
  const token = ++loadToken
  const wanted = rows.filter(isRecorded)
  try {
    const calls = await callsOf(wanted)
    if (token !== loadToken) return
    useAnalysis.setState({ stored: storedResponseLines(wanted, calls, tasks), storedIds: new Set(wanted.map((r) => r.id)), error: undefined })
  } catch (e) {
    if (token === loadToken) useAnalysis.setState({ stored: [], error: e instanceof Error ? e.message : String(e) })
  }
}

/**
 * Reads a response.jsonl for the analysis. A line with neither `model` nor
 * `actor` (a plain scorer input) is given the file's name as its model, so
 * that each such file makes its own row.
 */
export function readResponseFile(name: string, text: string): AnalysisFile {
  const parsed = parseResponses(text, name)
  const model = name.replace(/\.jsonl?$/i, '')
  const lines = parsed.lines.map((l) =>
    typeof l.raw.model === 'string' || typeof l.raw.actor === 'string' ? l : { ...l, raw: { ...l.raw, model } },
  )
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

export function showTask(task: string): void {
  useAnalysis.setState({ task })
}
