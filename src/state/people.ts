import { create } from 'zustand'
import { ArchiveError, judgeAttempt, readArchive, submittedOf, unzipArchive } from '../core'
import type { ArchiveManifest, PersonAttempt } from '../core'
import type { VerdictChange } from '../core'
import { callsOf, isRecorded } from '../db'
import { exportAttempts } from './attemptExport'
import { importAttemptSources } from '../db/archive'
import type { AttemptRow, CallRow } from '../db'
import { saveDownload } from './download'
import { replaceHashNow } from './hashWriter'
import { refreshProgress } from './progress'
import { openTask } from './attemptController'
import { useSession } from './sessionStore'
import { useSettings } from './settings'
import { showView } from './view'

/** The People view's sub-tabs; also the second part of its hash (`#/people/crossval`). */
export type PeopleTab = 'exchange' | 'crossval' | 'baseline'

export const PEOPLE_TABS: readonly PeopleTab[] = ['exchange', 'crossval', 'baseline']

/** What an export wrote, for the line shown after it. */
export interface ExportSummary {
  fileName: string
  counts: ArchiveManifest['counts']
}

/** One source of an import (a zip, a .jsonl, or loose files picked together) that was merged. */
export interface ImportOutcome {
  source: string
  added: number
  skipped: number
  /** Added attempts whose verdict in the file is not the one this data set's gold gives (the latter was stored). */
  changedVerdicts: VerdictChange[]
  /** Tasks of a participant's export whose attempts were left out, with why (not the task they saw). */
  refused?: { taskId: string; message: string }[]
}

/** Why a source cannot be imported: a message key of `people.import`, or the importer's own words, and its issues. */
export interface ImportIssue {
  source: string
  key?: 'noAttempts' | 'unknownTasks' | 'sameName'
  message?: string
  issues: string[]
}

/** The last import: what was merged, or (then nothing was) what stood in the way. */
export interface ImportReport {
  outcomes: ImportOutcome[]
  problems: ImportIssue[]
  /** The view whose import this was (People or Replay): only that view reports it. */
  from: ImportingView
}

/** The views that import attempts. */
export type ImportingView = 'people' | 'replay'

interface PeopleState {
  tab: PeopleTab
  /** The active data set's attempts as the statistics of people need them; null until read. */
  attempts: PersonAttempt[] | null
  finishedOnly: boolean
  onlyRevision: boolean
  busy?: 'export' | 'import'
  exported?: ExportSummary
  exportError?: string
  imported?: ImportReport
}

function tabOfHash(hash: string): PeopleTab {
  const second = hash.replace(/^#\/?/, '').split('/')[1]
  return PEOPLE_TABS.find((t) => t === second) ?? 'exchange'
}

export const usePeople = create<PeopleState>()(() => ({
  tab: typeof window === 'undefined' ? 'exchange' : tabOfHash(window.location.hash),
  attempts: null,
  finishedOnly: false,
  onlyRevision: false,
}))

export function setPeopleTab(tab: PeopleTab): void {
  usePeople.setState({ tab })
  if (typeof window !== 'undefined') replaceHashNow(`#/people/${tab}`)
}

export function setPeopleOption(change: Partial<Pick<PeopleState, 'finishedOnly' | 'onlyRevision'>>): void {
  usePeople.setState(change)
}

/**
 * A stored attempt as the statistics count it: the submitted calls are the
 * kept, successful execution calls (as the scorer gets them), retrievals the
 * number of retrieval calls made.
 */
export function personAttempt(row: AttemptRow, calls: readonly CallRow[]): PersonAttempt {
  return {
    attemptId: row.id,
    taskId: row.taskId,
    actor: row.actor,
    finished: row.finished,
    started: row.started,
    ...(row.ended !== undefined ? { ended: row.ended } : {}),
    elapsedMs: row.elapsedMs,
    ...(row.verdict ? { correct: row.verdict.correct, errorType: row.verdict.errorType } : {}),
    calls: submittedOf(calls),
    retrievals: calls.filter((c) => c.kind === 'retrieval').length,
    flags: row.flags ?? [],
    ...(row.afterGold ? { afterGold: true } : {}),
    sources: sourceCounts(calls),
    access: row.access,
  }
}

/** Steps by call source (Map-built: a source is one of a few names, but keys stay own properties). */
function sourceCounts(calls: readonly CallRow[]): Record<string, number> {
  const counts = new Map<string, number>()
  for (const c of calls) counts.set(c.source, (counts.get(c.source) ?? 0) + 1)
  return Object.fromEntries(counts)
}

let loadToken = 0

/**
 * Reads the calls behind the data set's attempts (the progress store's list)
 * into PersonAttempts. An attempt that was only opened (unfinished, no call
 * made: every page visit opens one) is left out, so that it shows neither as
 * a solver "in progress" nor as a person without results. Agent runs are
 * not people: they are in the Agent runs and Analysis views.
 */
export async function loadPeople(rows: readonly AttemptRow[]): Promise<void> {
  const token = ++loadToken
  const wanted = rows.filter((r) => r.run === undefined && isRecorded(r))
  const calls = await callsOf(wanted)
  const attempts = wanted.map((row) => personAttempt(row, calls.get(row.id) ?? []))
  if (token === loadToken) usePeople.setState({ attempts })
}

const safeName = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'anonymous'

/**
 * Exports the data set's attempts, everyone's or the current annotator's
 * (finished only when that option is on), and downloads the zip, or only its
 * response.jsonl.
 */
export async function exportPeople(scope: 'all' | 'mine', what: 'zip' | 'responses'): Promise<void> {
  const dataset = useSession.getState().dataset
  if (!dataset || usePeople.getState().busy) return
  const actor = useSettings.getState().actor
  const { finishedOnly } = usePeople.getState()
  usePeople.setState({ busy: 'export', exportError: undefined })
  try {
    const out = await exportAttempts(dataset.id, { ...(scope === 'mine' ? { actor } : {}), ...(finishedOnly ? { finishedOnly } : {}) })
    // A study's export already names its person (study-<id>-<person>-<date>.zip).
    const zipName = scope === 'mine' && !dataset.sealed?.study ? out.fileName.replace(/^attempts-/, `attempts-${safeName(actor)}-`) : out.fileName
    const fileName = what === 'zip' ? zipName : 'response.jsonl'
    if (what === 'zip') saveDownload(out.zip, fileName, 'application/zip')
    else saveDownload(out.files['response.jsonl'] ?? '', fileName, 'application/x-ndjson')
    usePeople.setState({ exported: { fileName, counts: out.manifest.counts } })
  } catch (err) {
    usePeople.setState({ exportError: err instanceof Error ? err.message : String(err) })
  } finally {
    usePeople.setState({ busy: undefined })
  }
}

interface Source {
  name: string
  files: Record<string, string>
}

const isZip = (file: File) => /\.zip$/i.test(file.name)
const isManifest = (name: string) => name === 'manifest.json'

/**
 * The sources of picked or dropped files: each zip on its own; loose files
 * picked with a manifest.json (an unzipped export) together; otherwise each
 * .jsonl on its own, as a response file. Loose .json files without a
 * manifest hold no attempts.
 */
export async function readSources(files: readonly File[]): Promise<{ sources: Source[]; problems: ImportIssue[] }> {
  const sources: Source[] = []
  const problems: ImportIssue[] = []
  const loose: { name: string; text: string }[] = []
  for (const file of files) {
    if (!isZip(file)) {
      loose.push({ name: file.name, text: await file.text() })
      continue
    }
    try {
      sources.push({ name: file.name, files: unzipArchive(new Uint8Array(await file.arrayBuffer())) })
    } catch (err) {
      problems.push(issueOf(file.name, err))
    }
  }
  const names = loose.map((f) => f.name)
  const twice = [...new Set(names.filter((name, i) => names.indexOf(name) !== i))]
  // Files picked from several folders can share a name: one would silently replace the other.
  if (loose.some((f) => isManifest(f.name)) && twice.length > 0) for (const name of twice) problems.push({ source: name, key: 'sameName', issues: [] })
  else if (loose.some((f) => isManifest(f.name)))
    sources.push({ name: loose.map((f) => f.name).join(' + '), files: Object.fromEntries(loose.map((f) => [f.name, f.text])) })
  else
    for (const f of loose) {
      if (/\.jsonl$/i.test(f.name) && f.name !== 'details.jsonl') sources.push({ name: f.name, files: { 'response.jsonl': f.text } })
      else problems.push({ source: f.name, key: 'noAttempts', issues: [] })
    }
  return { sources, problems }
}

/** What would stop a source from importing into the active data set (the importer checks again, in its transaction). */
function checkSource(source: Source, taskIds: ReadonlySet<string>): ImportIssue | undefined {
  const { attempts, issues } = readArchive(source.files)
  if (issues.length > 0) return { source: source.name, issues }
  const unknown = [...new Set(attempts.map((a) => a.taskId).filter((id) => !taskIds.has(id)))]
  if (unknown.length > 0) return { source: source.name, key: 'unknownTasks', issues: unknown }
  return undefined
}

function issueOf(source: string, err: unknown): ImportIssue {
  if (err instanceof ArchiveError) {
    if (err.unknownTasks.length > 0) return { source, key: 'unknownTasks', issues: [...err.unknownTasks] }
    return err.issues.length > 0 ? { source, issues: [...err.issues] } : { source, message: err.message, issues: [] }
  }
  return { source, message: err instanceof Error ? err.message : String(err), issues: [] }
}

/**
 * Merges picked or dropped exports into the active data set. Every source is
 * checked first, so that the report says why each one cannot be imported;
 * if any cannot, nothing is. Then all are imported in one transaction (all
 * or nothing across the files); attempts already stored are skipped, and
 * every finished attempt is scored again against this data set's gold. The
 * navigator's progress is re-read afterwards.
 */
export async function importPeople(files: readonly File[], from: ImportingView = 'people'): Promise<void> {
  const { dataset, tasks } = useSession.getState()
  if (!dataset || files.length === 0 || usePeople.getState().busy) return
  usePeople.setState({ busy: 'import', imported: undefined })
  const outcomes: ImportOutcome[] = []
  const problems: ImportIssue[] = []
  try {
    const read = await readSources(files)
    problems.push(...read.problems)
    const taskIds = new Set(tasks.map((t) => t.id))
    for (const source of read.sources) {
      const issue = checkSource(source, taskIds)
      if (issue) problems.push(issue)
    }
    if (problems.length === 0 && read.sources.length > 0) {
      try {
        outcomes.push(...(await importAttemptSources(dataset.id, read.sources, judgeAttempt)))
      } catch (err) {
        problems.push(issueOf(read.sources.map((s) => s.name).join(', '), err))
      }
    }
  } catch (err) {
    problems.push(issueOf(files.map((f) => f.name).join(', '), err))
  } finally {
    usePeople.setState({ busy: undefined, imported: { outcomes, problems, from } })
  }
  if (outcomes.some((o) => o.added > 0)) await refreshProgress(dataset.id)
}

/** Shows a task on the phone, as the current annotator's attempt. */
export async function openOnPhone(taskId: string): Promise<void> {
  showView('phone')
  await openTask(taskId)
}
