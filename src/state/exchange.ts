/**
 * The exchange of attempts between people: exporting the data set's attempts
 * to a file and merging others' exports back in. The one import flow for
 * attempt files, whichever view (People, Replay) it starts from; the views
 * show its report.
 */
import { create } from 'zustand'
import { ArchiveError, fileSafeName, readArchive, unzipArchive } from '../core'
import type { ArchiveManifest, ArchiveReason, VerdictChange } from '../core'
import { importAttemptSources, namingFile } from '../db/archive'
import type { AttemptSource } from '../db/archive'
import { exportAttempts } from './attemptExport'
import { saveDownload } from './download'
import { gradedJudgeFor } from './gradedJudge'
import { refreshProgress } from './progress'
import { useSession } from './sessionStore'
import { useSettings } from './settings'

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
  /** What kind of file it is (core's ArchiveReason), said in the reader's words before the details. */
  reason?: ArchiveReason
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

interface ExchangeState {
  /** Export only finished attempts. */
  finishedOnly: boolean
  busy?: 'export' | 'import'
  exported?: ExportSummary
  exportError?: string
  imported?: ImportReport
}

export const useExchange = create<ExchangeState>()(() => ({ finishedOnly: false }))

export function setExportFinishedOnly(finishedOnly: boolean): void {
  useExchange.setState({ finishedOnly })
}

const safeName = (name: string) => fileSafeName(name, 'anonymous')

/**
 * Exports the data set's attempts, everyone's or the current annotator's
 * (finished only when that option is on), and downloads the zip, or only its
 * response.jsonl.
 */
export async function exportPeople(scope: 'all' | 'mine', what: 'zip' | 'responses'): Promise<void> {
  const dataset = useSession.getState().dataset
  if (!dataset || useExchange.getState().busy) return
  const actor = useSettings.getState().actor
  const { finishedOnly } = useExchange.getState()
  useExchange.setState({ busy: 'export', exportError: undefined })
  try {
    const out = await exportAttempts(dataset.id, { ...(scope === 'mine' ? { actor } : {}), ...(finishedOnly ? { finishedOnly } : {}) })
    // A study's export already names its person (study-<id>-<person>-<date>.zip).
    const zipName = scope === 'mine' && !dataset.sealed?.study ? out.fileName.replace(/^attempts-/, `attempts-${safeName(actor)}-`) : out.fileName
    const fileName = what === 'zip' ? zipName : 'response.jsonl'
    if (what === 'zip') saveDownload(out.zip, fileName, 'application/zip')
    else saveDownload(out.files['response.jsonl'] ?? '', fileName, 'application/x-ndjson')
    useExchange.setState({ exported: { fileName, counts: out.manifest.counts } })
  } catch (err) {
    useExchange.setState({ exportError: err instanceof Error ? err.message : String(err) })
  } finally {
    useExchange.setState({ busy: undefined })
  }
}


const isZip = (file: File) => /\.zip$/i.test(file.name)
const isManifest = (name: string) => name === 'manifest.json'

/**
 * The sources of picked or dropped files: each zip on its own; loose files
 * picked with a manifest.json (an unzipped export) together; otherwise each
 * .jsonl on its own, as a response file. Loose .json files without a
 * manifest hold no attempts.
 */
export async function readSources(files: readonly File[]): Promise<{ sources: AttemptSource[]; problems: ImportIssue[] }> {
  const sources: AttemptSource[] = []
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
    sources.push({ name: loose.map((f) => f.name).join(' + '), files: Object.fromEntries(loose.map((f) => [f.name, f.text])), looseFiles: true })
  else
    for (const f of loose) {
      // Kept under its own name (the reader's messages name its lines so), unless its extension is not the reader's.
      if (/\.jsonl$/i.test(f.name) && f.name !== 'details.jsonl') sources.push({ name: f.name, files: { [f.name.endsWith('.jsonl') ? f.name : 'response.jsonl']: f.text } })
      else problems.push({ source: f.name, key: 'noAttempts', issues: [] })
    }
  return { sources, problems }
}

/** What would stop a source from importing into the active data set (the importer checks again, in its transaction). */
function checkSource(source: AttemptSource, taskIds: ReadonlySet<string>): ImportIssue | undefined {
  const { attempts, issues, reason } = readArchive(source.files, namingFile(source))
  if (issues.length > 0) return { source: source.name, issues, ...(reason ? { reason } : {}) }
  const unknown = [...new Set(attempts.map((a) => a.taskId).filter((id) => !taskIds.has(id)))]
  if (unknown.length > 0) return { source: source.name, key: 'unknownTasks', issues: unknown }
  return undefined
}

function issueOf(source: string, err: unknown): ImportIssue {
  if (err instanceof ArchiveError) {
    if (err.unknownTasks.length > 0) return { source, key: 'unknownTasks', issues: [...err.unknownTasks] }
    const reason = err.reason ? { reason: err.reason } : {}
    return err.issues.length > 0 ? { source, issues: [...err.issues], ...reason } : { source, message: err.message, issues: [], ...reason }
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
  if (!dataset || files.length === 0 || useExchange.getState().busy) return
  useExchange.setState({ busy: 'import', imported: undefined })
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
        outcomes.push(...(await importAttemptSources(dataset.id, read.sources, await gradedJudgeFor(dataset.id))))
      } catch (err) {
        problems.push(issueOf(read.sources.map((s) => s.name).join(', '), err))
      }
    }
  } catch (err) {
    problems.push(issueOf(files.map((f) => f.name).join(', '), err))
  } finally {
    useExchange.setState({ busy: undefined, imported: { outcomes, problems, from } })
  }
  if (outcomes.some((o) => o.added > 0)) await refreshProgress(dataset.id)
}

