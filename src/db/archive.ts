import Dexie from 'dexie'
import { toolProperties } from '../core'
import type { LiveScoring, Task, TaskRecords } from '../core'
import { ArchiveError, buildArchive, needsKernel, readArchive, rescoreAttempt, verifiedSteps, zipArchive } from '../core/archive'
import type { ArchiveManifest, ArchivedAttempt, ArchivedStep, ArchivedVerdict, RescoredAttempt, VerdictChange } from '../core/archive'
import { withLatest } from './attempts'
import { database } from './schema'
import type { AttemptRow, CallRow, SpievalDatabase } from './schema'

/** Which attempts to export; every attempt at the data set's tasks without one. */
export interface AttemptFilter {
  actor?: string
  finishedOnly?: boolean
  taskIds?: string[]
}

export interface ExportedAttempts {
  /** File name → text: response.jsonl, result.json, details.jsonl, manifest.json. */
  files: Record<string, string>
  /** The same files in one zip, for one download. */
  zip: Uint8Array
  /** A name for the download. */
  fileName: string
  manifest: ArchiveManifest
}

export interface ImportedAttempts {
  added: number
  /** Attempts already stored (same id): never stored twice, never overwritten. */
  skipped: number
  /** Always empty: an archive with attempts at unknown tasks is refused whole (an ArchiveError lists them). */
  unknownTasks: string[]
  /** Added attempts whose verdict in the file differs from the one this data set's gold gives (the latter is stored). */
  changedVerdicts: VerdictChange[]
}

/** The filter in words, for the manifest; null for no filter. */
function describeFilter(filter: AttemptFilter): string | null {
  const parts: string[] = []
  if (filter.actor !== undefined) parts.push(`actor: ${filter.actor}`)
  if (filter.finishedOnly) parts.push('finished only')
  if (filter.taskIds) parts.push(`tasks: ${filter.taskIds.join(' ')}`)
  return parts.length > 0 ? parts.join('; ') : null
}

function archivedStep(row: CallRow): ArchivedStep {
  return {
    seq: row.seq,
    at: row.at,
    name: row.name,
    arguments: row.arguments,
    source: row.source,
    kind: row.kind,
    ok: row.ok,
    content: row.content,
    ...(row.withdrawn ? { withdrawn: true } : {}),
    ...(row.inherited ? { inherited: true } : {}),
    ...(row.friction ? { friction: true } : {}),
  }
}

/**
 * A stored attempt as an archive carries it (without data set, screen and
 * import source, which are local), its summary row brought up to date with its
 * calls first (an unfinished attempt's row trails them, see saveStep).
 */
export function archivedAttempt(stored: AttemptRow, calls: readonly CallRow[]): ArchivedAttempt {
  const row = withLatest(stored, calls)
  return {
    id: row.id,
    taskId: row.taskId,
    access: row.access,
    actor: row.actor,
    started: row.started,
    elapsedMs: row.elapsedMs,
    finished: row.finished,
    ...(row.ended !== undefined ? { ended: row.ended } : {}),
    ...(row.verdict ? { verdict: row.verdict } : {}),
    ...(row.flags ? { flags: row.flags } : {}),
    ...(row.parent ? { parent: row.parent } : {}),
    ...(row.state === 'live' ? { state: 'live' as const } : {}),
    ...(row.failure ? { failure: row.failure } : {}),
    ...(row.run ? { run: row.run } : {}),
    steps: calls.map(archivedStep),
  }
}

/**
 * The records the scorer replays live lines over: those of the tasks that
 * expect changes and have a live attempt among `attempts` (the scorer gives
 * no other line a state verdict); undefined when there are none.
 */
async function stateRecords(
  db: SpievalDatabase,
  datasetId: string,
  tasks: readonly Task[],
  attempts: readonly Pick<AttemptRow, 'taskId' | 'state'>[],
): Promise<Record<string, TaskRecords> | undefined> {
  const expecting = new Set(tasks.filter((t) => t.live?.expectedState).map((t) => t.id))
  const ids = [...new Set(attempts.filter((a) => a.state === 'live' && expecting.has(a.taskId)).map((a) => a.taskId))]
  if (ids.length === 0) return undefined
  const rows = await db.taskRecords.bulkGet(ids.map((id): [string, string] => [datasetId, id]))
  return Object.fromEntries(ids.map((id, i) => [id, rows[i]?.records ?? {}]))
}

const fileSafe = (name: string): string => name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'dataset'

/**
 * Exports the attempts at a data set's tasks as an archive (see buildArchive
 * in src/core/archive): the files and a zip of them. Read in one transaction,
 * so that an attempt and its calls are never caught half-written. result.json
 * counts every task of the data set, as `npm run score` does with its
 * input_data.jsonl, whatever the filter; live attempts at tasks that expect
 * changes are scored on the state too, over their task's records (read in
 * the same transaction, for those tasks only) and the data set's profile.
 */
export async function exportAttempts(
  datasetId: string,
  filter: AttemptFilter = {},
  db: SpievalDatabase = database(),
): Promise<ExportedAttempts> {
  const { dataset, tasks, attempts, records } = await db.transaction('r', [db.datasets, db.tasks, db.taskRecords, db.attempts, db.calls], async () => {
    const dataset = await db.datasets.get(datasetId)
    if (!dataset) throw new ArchiveError(`No data set ${datasetId} is stored.`)
    const taskRows = await db.tasks.where('[datasetId+order]').between([datasetId, -Infinity], [datasetId, Infinity]).toArray()
    const wanted = filter.taskIds ? new Set(filter.taskIds) : undefined
    const rows = (
      await db.attempts.where('[datasetId+taskId]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey]).toArray()
    ).filter(
      // An opened task with no call is a visit, not an attempt; agent runs have their own export (Agent runs view).
      (a) =>
        a.run === undefined &&
        (a.finished || (a.callCount ?? 1) > 0) &&
        (filter.actor === undefined || a.actor === filter.actor) &&
        (!filter.finishedOnly || a.finished) &&
        (!wanted || wanted.has(a.taskId)),
    )
    const calls = await Promise.all(
      rows.map((a) => db.calls.where('[attemptId+seq]').between([a.id, -Infinity], [a.id, Infinity]).toArray()),
    )
    const tasks = taskRows.map((r) => r.task)
    const records = await stateRecords(db, datasetId, tasks, rows)
    return { dataset, tasks, attempts: rows.map((a, i) => archivedAttempt(a, calls[i] ?? [])), records }
  })
  const live: LiveScoring | undefined = records ? { records, profile: dataset.profile } : undefined
  const exportedAt = new Date().toISOString()
  const description = describeFilter(filter)
  const { files, manifest } = buildArchive({
    attempts,
    tasks,
    tools: dataset.tools,
    dataset: { name: dataset.name },
    exportedAt,
    ...(description !== null ? { filter: description } : {}),
    ...(live ? { live } : {}),
  })
  return {
    files,
    zip: zipArchive(files, exportedAt),
    fileName: `attempts-${fileSafe(dataset.name)}-${exportedAt.slice(0, 10)}.zip`,
    manifest,
  }
}

/** One source of an import: a zip's files, loose files picked together, or one response file; `name` is what the person picked. */
export interface AttemptSource {
  name: string
  files: Readonly<Record<string, string>>
}

/** What one source of an import added. */
export interface ImportedSource {
  source: string
  added: number
  /** Attempts already stored, or in an earlier source of the same import (same id): never stored twice, never overwritten. */
  skipped: number
  /** Added attempts whose verdict in the file differs from the one this data set's gold gives (the latter is stored). */
  changedVerdicts: VerdictChange[]
}

/**
 * Merges archives (or any response files, see readArchive) into the stored
 * attempts of a data set, in one transaction over all of them: all or
 * nothing, whatever the number of files. Refused whole, with an
 * ArchiveError whose issues name the source, when any source has an issue (a
 * file changed since the export, an unreadable line, a seq used twice in an
 * attempt) or attempts at tasks the data set does not have (listed in the
 * message and in `unknownTasks`).
 *
 * An attempt already stored (same id) is skipped, so importing an archive
 * twice adds nothing; so is one an earlier source of the same import adds,
 * as if the sources were imported one after the other. Every finished
 * attempt is scored against the data set's gold by the page's scorer (see
 * rescoreAttempt): a verdict in a file is never stored as it is, and those
 * that differ are returned. A static attempt's steps are checked against the
 * tool schemas (verifiedSteps); a live one's, or one with random failures,
 * are run again through the attempt kernel over the task's records
 * (kernelSteps), before the write transaction opens, and its steps are
 * stored as the kernel judged them. Imported attempts carry `importedFrom`:
 * their source's name.
 */
export async function importAttemptSources(
  datasetId: string,
  sources: readonly AttemptSource[],
  db: SpievalDatabase = database(),
): Promise<ImportedSource[]> {
  const read = sources.map((source) => ({ source, ...readArchive(source.files) }))
  const issues = read.flatMap((r) => r.issues.map((issue) => `${r.source.name}: ${issue}`))
  if (issues.length > 0)
    throw new ArchiveError(`${read.filter((r) => r.issues.length > 0).map((r) => r.source.name).join(', ')} cannot be imported:\n${issues.join('\n')}`, issues)
  // What checking the attempts needs, read first: live attempts are run again through the kernel, outside any transaction.
  const { dataset, tasks, records } = await db.transaction('r', [db.datasets, db.tasks, db.taskRecords], async () => {
    const dataset = await db.datasets.get(datasetId)
    if (!dataset) throw new ArchiveError(`No data set ${datasetId} is stored.`)
    const taskIds = [...new Set(read.flatMap((r) => r.attempts.map((a) => a.taskId)))]
    const taskRows = await db.tasks.bulkGet(taskIds.map((id): [string, string] => [datasetId, id]))
    const tasks = new Map<string, Task>()
    taskRows.forEach((row) => row && tasks.set(row.id, row.task))
    const unknownTasks = taskIds.filter((id) => !tasks.has(id))
    if (unknownTasks.length > 0) {
      const names = read.filter((r) => r.attempts.some((a) => !tasks.has(a.taskId))).map((r) => r.source.name)
      throw new ArchiveError(
        `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} attempts at ${unknownTasks.length} task(s) that data set "${dataset.name}" does not have: ${unknownTasks.join(', ')}. Nothing was imported: import it into the data set it was made with.`,
        [],
        unknownTasks,
      )
    }
    // Only the tasks of attempts the kernel checks need their records.
    const replayed = [...new Set(read.flatMap((r) => r.attempts.filter(needsKernel).map((a) => a.taskId)))]
    const recordRows = await db.taskRecords.bulkGet(replayed.map((id): [string, string] => [datasetId, id]))
    const records = new Map<string, TaskRecords>(replayed.map((id, i) => [id, recordRows[i]?.records ?? {}]))
    return { dataset, tasks, records }
  })
  const properties = toolProperties(dataset.tools)
  // Each attempt id checked once: a later source's copy of it is skipped below, as is one already stored.
  const checked = new Map<string, RescoredAttempt>()
  for (const { attempts } of read)
    for (const a of attempts) {
      const task = tasks.get(a.taskId)
      if (!task || checked.has(a.id)) continue
      if (needsKernel(a)) {
        checked.set(a.id, await rescoreAttempt(a, task, properties, { tools: dataset.tools, records: records.get(a.taskId) ?? {}, profile: dataset.profile }))
      } else {
        checked.set(a.id, await rescoreAttempt({ ...a, steps: verifiedSteps(a.steps, dataset.tools) }, task, properties))
      }
    }
  return db.transaction('rw', [db.datasets, db.attempts, db.calls], async () => {
    if (!(await db.datasets.get(datasetId))) throw new ArchiveError(`No data set ${datasetId} is stored.`)
    const ids = [...new Set(read.flatMap((r) => r.attempts.map((a) => a.id)))]
    const stored = await db.attempts.bulkGet(ids)
    const taken = new Set(ids.filter((_, i) => stored[i] !== undefined))
    const rows: AttemptRow[] = []
    const calls: CallRow[] = []
    const results = read.map(({ source, attempts }): ImportedSource => {
      const fresh = attempts.filter((a) => !taken.has(a.id))
      for (const a of fresh) taken.add(a.id)
      const changedVerdicts: VerdictChange[] = []
      for (const a of fresh) {
        const result = checked.get(a.id)
        if (!result) continue // every attempt's task is known here, so each fresh one was checked
        if (result.change) changedVerdicts.push(result.change)
        rows.push(attemptRow(a, datasetId, result.verdict, source.name))
        for (const s of result.steps) calls.push({ attemptId: a.id, ...s })
      }
      return { source: source.name, added: fresh.length, skipped: attempts.length - fresh.length, changedVerdicts }
    })
    await db.attempts.bulkAdd(rows)
    await db.calls.bulkAdd(calls)
    return results
  })
}

function attemptRow(a: ArchivedAttempt, datasetId: string, verdict: ArchivedVerdict | undefined, sourceName: string): AttemptRow {
  return {
    id: a.id,
    datasetId,
    taskId: a.taskId,
    access: a.access,
    actor: a.actor,
    started: a.started,
    elapsedMs: a.elapsedMs,
    finished: a.finished,
    ...(a.ended !== undefined ? { ended: a.ended } : {}),
    ...(verdict ? { verdict } : {}),
    // The task's home screen, as a new attempt starts (src/state/routes.ts routeToHash).
    screen: `#/task/${encodeURIComponent(a.taskId)}`,
    ...(a.flags ? { flags: a.flags } : {}),
    ...(a.parent ? { parent: a.parent } : {}),
    ...(a.state ? { state: a.state } : {}),
    ...(a.failure ? { failure: a.failure } : {}),
    ...(a.run ? { run: a.run } : {}),
    // As saveStep keeps it: one past the last seq.
    callCount: a.steps.reduce((n, s) => Math.max(n, s.seq + 1), 0),
    importedFrom: sourceName,
  }
}

/** {@link importAttemptSources} for one source. */
export async function importAttempts(
  datasetId: string,
  files: Readonly<Record<string, string>>,
  sourceName: string,
  db: SpievalDatabase = database(),
): Promise<ImportedAttempts> {
  const [result] = await importAttemptSources(datasetId, [{ name: sourceName, files }], db)
  return { added: result?.added ?? 0, skipped: result?.skipped ?? 0, unknownTasks: [], changedVerdicts: result?.changedVerdicts ?? [] }
}
