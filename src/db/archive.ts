import Dexie from 'dexie'
import { contentFingerprint, fileSafeName, judgeContext, needsRecords, setOwn } from '../core'
import type { AttemptJudge, JudgedAttempt, LiveScoring, Task, TaskRecords, TaskVersion } from '../core'
import { ArchiveError, readArchive } from '../core/archive'
import type { ArchiveInput, ArchiveSealed, ArchivedAttempt } from '../core/archive'
import type { VerdictChange } from '../core'
import { currentFingerprint, fingerprintMatches } from '../core/seal'
import { archivedAttempt } from './archivedAttempt'
import { attemptCallRows, database } from './schema'
import type { AttemptRow, CallRow, DatasetRow, SpievalDatabase, StudyRow } from './schema'
import { listStudies } from './studies'

/** Which attempts to export; every attempt at the data set's tasks without one. */
export interface AttemptFilter {
  actor?: string
  finishedOnly?: boolean
  taskIds?: string[]
}

export interface ImportedAttempts {
  added: number
  /** Attempts already stored (same id): never stored twice, never overwritten. */
  skipped: number
  /** Always empty: an archive with attempts at unknown tasks is refused whole (an ArchiveError lists them). */
  unknownTasks: string[]
  /** Added attempts whose verdict in the file differs from the one this data set's gold gives (the latter is stored). */
  changedVerdicts: VerdictChange[]
  /** Tasks whose attempts were left out (see ImportedSource); absent when none. */
  refused?: RefusedTask[]
}

/** The filter in words, for the manifest; null for no filter. */
function describeFilter(filter: AttemptFilter): string | null {
  const parts: string[] = []
  if (filter.actor !== undefined) parts.push(`actor: ${filter.actor}`)
  if (filter.finishedOnly) parts.push('finished only')
  if (filter.taskIds) parts.push(`tasks: ${filter.taskIds.join(' ')}`)
  return parts.length > 0 ? parts.join('; ') : null
}

/**
 * The records the scorer needs for these attempts (needsRecords: the
 * tasks that expect changes, for their live attempts, and a planner task's
 * memory reads); undefined when there are none.
 */
async function scoringRecords(
  db: SpievalDatabase,
  datasetId: string,
  tasks: readonly Task[],
  attempts: readonly Pick<AttemptRow, 'taskId' | 'state'>[],
): Promise<Record<string, TaskRecords> | undefined> {
  const byId = new Map(tasks.map((t) => [t.id, t]))
  const needing = attempts.filter((a) => {
    const task = byId.get(a.taskId)
    return task !== undefined && needsRecords(task, a.state === 'live')
  })
  const ids = [...new Set(needing.map((a) => a.taskId))]
  if (ids.length === 0) return undefined
  const rows = await db.taskRecords.bulkGet(ids.map((id): [string, string] => [datasetId, id]))
  return Object.fromEntries(ids.map((id, i) => [id, rows[i]?.records ?? {}]))
}

/** The stored records of some tasks (each once), by task id; a task without a row has none. */
async function recordsOf(db: SpievalDatabase, datasetId: string, taskIds: readonly string[]): Promise<Map<string, TaskRecords>> {
  const ids = [...new Set(taskIds)]
  const rows = await db.taskRecords.bulkGet(ids.map((id): [string, string] => [datasetId, id]))
  return new Map(ids.map((id, i) => [id, rows[i]?.records ?? {}]))
}

/**
 * The manifest's `sealed` of an export from a sealed data set: the fingerprints
 * of the tasks in `records` (from what is stored: messages, records, profile
 * and tools, as src/core/seal's datasetFingerprints takes them from the files,
 * so that a sealed copy and the original give the same figure), and the
 * folder's study.
 */
async function sealedEntry(dataset: DatasetRow, tasks: readonly Task[], records: ReadonlyMap<string, TaskRecords>): Promise<ArchiveSealed> {
  const fingerprints: Record<string, string> = {}
  for (const task of tasks) if (records.has(task.id)) setOwn(fingerprints, task.id, currentFingerprint(task, records.get(task.id), dataset))
  const study = dataset.sealed?.study
  return { ...(study ? { study: { id: study.id, person: study.person } } : {}), fingerprints }
}

const fileSafe = (name: string): string => fileSafeName(name, 'dataset')

/** What an export of attempts is built from (src/state/attemptExport.ts builds and scores it; storage only gathers). */
export interface AttemptExportSource {
  /** buildArchive's input, all but the moment of the export. */
  input: Omit<ArchiveInput, 'exportedAt'>
  /** A name for the download, before its date. */
  fileStem: string
}

/**
 * Gathers what an export of the attempts at a data set's tasks holds, read
 * in one transaction, so that an attempt and its calls are never caught
 * half-written: the attempts (filtered), every task (result.json counts every
 * task of the data set, as `npm run score` does with its input_data.jsonl,
 * whatever the filter), and for live attempts at tasks that expect changes
 * their task's records and the data set's profile. Nothing is scored here:
 * the state layer builds the archive with core's scorer.
 *
 * From a sealed data set the archive is never scored (there is no gold): the
 * source carries the manifest's `sealed` instead: the fingerprint of each
 * exported attempt's task (over its instruction and its records as stored,
 * as the unsealed data set's give them) and the sealed folder's study and
 * person, if any (see ArchiveSealed).
 */
export async function readAttemptExport(datasetId: string, filter: AttemptFilter = {}, db: SpievalDatabase = database()): Promise<AttemptExportSource> {
  const { dataset, tasks, attempts, records, seen } = await db.transaction('r', [db.datasets, db.tasks, db.taskRecords, db.attempts, db.calls], async () => {
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
      rows.map((a) => attemptCallRows(db, a.id).toArray()),
    )
    const tasks = taskRows.map((r) => r.task)
    const records = dataset.sealed ? undefined : await scoringRecords(db, datasetId, tasks, rows)
    const seen = dataset.sealed ? await recordsOf(db, datasetId, rows.map((a) => a.taskId)) : undefined
    return { dataset, tasks, attempts: rows.map((a, i) => archivedAttempt(a, calls[i] ?? [])), records, seen }
  })
  const live: LiveScoring | undefined = records ? { records, profile: dataset.profile } : undefined
  const sealed = dataset.sealed && seen ? await sealedEntry(dataset, tasks, seen) : undefined
  const description = describeFilter(filter)
  return {
    input: {
      attempts,
      tasks,
      tools: dataset.tools,
      dataset: { name: dataset.name },
      ...(description !== null ? { filter: description } : {}),
      ...(live ? { live } : {}),
      ...(sealed ? { sealed } : {}),
    },
    // A participant's export is named by its study and person (the data set's name is often the person's own).
    fileStem: dataset.sealed?.study ? `study-${dataset.sealed.study.id}-${fileSafe(dataset.sealed.study.person)}` : `attempts-${fileSafe(dataset.name)}`,
  }
}

/** One source of an import: a zip's files, loose files picked together, or one response file; `name` is what the person picked. */
export interface AttemptSource {
  name: string
  files: Readonly<Record<string, string>>
  /**
   * Loose files picked together (an unzipped export): `name` then lists them
   * all, and is no file to name an agent's unnamed lines after.
   */
  looseFiles?: true
}

/**
 * The file an agent's lines that name no model are named after
 * (`modelOfFile`): the zip or response file picked, or, for loose files
 * picked together, none (the response file among them names them).
 */
export function namingFile(source: AttemptSource): string | undefined {
  return source.looseFiles ? undefined : source.name
}

/** What one source of an import added. */
/** A task of a sealed export whose attempts were left out: it is not the task the participant saw. */
export interface RefusedTask {
  taskId: string
  message: string
}

export interface ImportedSource {
  source: string
  added: number
  /** Tasks whose attempts were not imported (their fingerprint differs here), with why; the source's other attempts were. Absent when none. */
  refused?: RefusedTask[]
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
 * as if the sources were imported one after the other. Every attempt is
 * judged by `judge`, the re-scoring service (src/core/verdict judgeAttempt),
 * against the data set's task, before the write transaction opens: its steps
 * and verdict are stored as the service gives them, with the task version's
 * fingerprint. A verdict in a file is never stored as it is, and those that
 * differ are returned. Imported attempts carry `importedFrom`: their
 * source's name.
 *
 * An export from a sealed data set (its manifest has `sealed`) keeps only
 * the attempts whose task is here with the fingerprint the participant saw;
 * the others are left out and listed in the source's `refused`. When it
 * names a study, that study's assignment.json must be stored with this data set (src/db/studies.ts), the person must be one of
 * its people and each attempt's task one of theirs. A study's attempts are
 * credited to its person (their `actor`), whatever name was typed in the
 * participant's page. Checked before anything is written: see
 * {@link sealedRefusals}.
 *
 * Into a sealed data set (a participant restoring their own export) nothing
 * is scored: the steps are checked as usual and no attempt keeps a verdict.
 */
export async function importAttemptSources(
  datasetId: string,
  sources: readonly AttemptSource[],
  judge: AttemptJudge,
  db: SpievalDatabase = database(),
): Promise<ImportedSource[]> {
  const read = sources.map((source) => ({ source, ...readArchive(source.files, namingFile(source)) }))
  const issues = read.flatMap((r) => r.issues.map((issue) => `${r.source.name}: ${issue}`))
  if (issues.length > 0)
    throw new ArchiveError(`${read.filter((r) => r.issues.length > 0).map((r) => r.source.name).join(', ')} cannot be imported:\n${issues.join('\n')}`, issues)
  // What checking the attempts needs, read first: live attempts are run again through the kernel, outside any transaction.
  const { dataset, tasks, fingerprints, records, seen, studies } = await db.transaction('r', [db.datasets, db.tasks, db.taskRecords, db.studies], async () => {
    const dataset = await db.datasets.get(datasetId)
    if (!dataset) throw new ArchiveError(`No data set ${datasetId} is stored.`)
    const taskIds = [...new Set(read.flatMap((r) => r.attempts.map((a) => a.taskId)))]
    const taskRows = await db.tasks.bulkGet(taskIds.map((id): [string, string] => [datasetId, id]))
    const tasks = new Map<string, Task>()
    const fingerprints = new Map<string, string>()
    for (const row of taskRows) {
      if (!row) continue
      tasks.set(row.id, row.task)
      if (row.fingerprint !== undefined) fingerprints.set(row.id, row.fingerprint)
    }
    const unknownTasks = taskIds.filter((id) => !tasks.has(id))
    if (unknownTasks.length > 0) {
      const names = read.filter((r) => r.attempts.some((a) => !tasks.has(a.taskId))).map((r) => r.source.name)
      throw new ArchiveError(
        `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} attempts at ${unknownTasks.length} task(s) that data set "${dataset.name}" does not have: ${unknownTasks.join(', ')}. Nothing was imported: import it into the data set it was made with.`,
        [],
        unknownTasks,
      )
    }
    // Each attempt's task version (what its verdict is computed against) takes the task's records.
    const records = await recordsOf(db, datasetId, taskIds)
    // The tasks of sealed exports are matched by fingerprint, which takes their records.
    const seen = read.some((r) => r.sealed) ? records : new Map<string, TaskRecords>()
    // Into an unsealed data set, its studies decide what may come in (see sealedRefusals).
    const studies = dataset.sealed ? [] : await listStudies(datasetId, db)
    return { dataset, tasks, fingerprints, records, seen, studies }
  })
  const found = await sealedRefusals(read, { dataset, tasks, records: seen, studies })
  // A task that changed since costs only its own attempts: the source's other tasks are the ones the participant saw.
  const refusals = found.filter((r) => r.taskId === undefined)
  const refusedTasks = new Map<string, RefusedTask[]>()
  for (const r of found)
    if (r.taskId !== undefined) refusedTasks.set(r.source, [...(refusedTasks.get(r.source) ?? []), { taskId: r.taskId, message: r.message }])
  for (const r of read) {
    const refused = new Set((refusedTasks.get(r.source.name) ?? []).map((t) => t.taskId))
    if (refused.size > 0) r.attempts = r.attempts.filter((a) => !refused.has(a.taskId))
  }
  if (refusals.length > 0) {
    const names = [...new Set(refusals.map((r) => r.source))]
    const issues = refusals.map((r) => `${r.source}: ${r.message}`)
    throw new ArchiveError(`${names.join(', ')} cannot be imported into data set "${dataset.name}"; nothing was imported:\n${issues.join('\n')}`, issues)
  }
  const sealedTarget = dataset.sealed !== undefined
  // A study's attempts are its person's, whatever name the participant's page had (often none, read as "run 0").
  for (const r of read) {
    const person = r.sealed?.study?.person
    if (person !== undefined) r.attempts = r.attempts.map((a) => (a.actor === person ? a : { ...a, actor: person }))
  }
  const context = judgeContext(dataset, sealedTarget)
  const versions = new Map<string, TaskVersion>()
  const versionOf = (task: Task): TaskVersion => {
    let version = versions.get(task.id)
    if (!version) {
      const taskRecords = records.get(task.id) ?? {}
      version = { task, records: taskRecords, fingerprint: fingerprints.get(task.id) ?? contentFingerprint({ task, records: taskRecords }) }
      versions.set(task.id, version)
    }
    return version
  }
  // Each attempt id checked once: a later source's copy of it is skipped below, as is one already stored.
  const checked = new Map<string, JudgedAttempt>()
  for (const { attempts } of read)
    for (const a of attempts) {
      const task = tasks.get(a.taskId)
      if (!task || checked.has(a.id)) continue
      checked.set(a.id, await judge(a, versionOf(task), context))
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
        rows.push(attemptRow(a, datasetId, result, source.name))
        for (const s of result.steps) calls.push({ attemptId: a.id, ...s })
      }
      const refused = refusedTasks.get(source.name)
      return { source: source.name, added: fresh.length, skipped: attempts.length - fresh.length, changedVerdicts, ...(refused ? { refused } : {}) }
    })
    await db.attempts.bulkAdd(rows)
    await db.calls.bulkAdd(calls)
    return results
  })
}

/** Why a source cannot be imported, in English, naming the task, person or study concerned. */
interface Refusal {
  source: string
  message: string
  /** Set when only this task's attempts are refused (its fingerprint differs), not the whole source. */
  taskId?: string
}

const short = (fingerprint: string): string => `${fingerprint.slice(0, 12)}…`
const quoted = (ids: readonly string[]): string => ids.map((id) => JSON.stringify(id)).join(', ')

/**
 * The reasons to refuse sources among `read`, mostly sealed exports (those
 * whose manifest has `sealed`), checked against the target data set:
 * - each attempt's task must have here the fingerprint the export gives
 *   (computed from what is stored, as the export's was: see
 *   fingerprintMatches for the versions); a task, the profile or a tool
 *   that changed since, or an edited fingerprint, refuses that task's
 *   attempts (the refusal names the task: `taskId`);
 * - into an unsealed data set that holds a study, every source must be a
 *   participant's export naming a study (a file without manifest.json could
 *   be anyone's, under any name);
 * - into an unsealed data set, an export that names a study needs that study
 *   stored with the data set, the person among its people, and each
 *   attempt's task assigned to that person;
 * - into a sealed data set that is itself a study's folder, an export of
 *   another study or person is refused (it belongs in that person's profile).
 * Tasks the data set does not have at all are refused earlier, by id.
 */
async function sealedRefusals(
  read: readonly { source: AttemptSource; attempts: readonly ArchivedAttempt[]; sealed?: ArchiveSealed }[],
  target: { dataset: DatasetRow; tasks: ReadonlyMap<string, Task>; records: ReadonlyMap<string, TaskRecords>; studies: readonly StudyRow[] },
): Promise<Refusal[]> {
  const refusals: Refusal[] = []
  for (const { source, attempts, sealed } of read) {
    const refuse = (message: string) => refusals.push({ source: source.name, message })
    // Without a manifest naming a study, a file could be anyone's, under any actor: a study's data set takes only its participants' exports.
    const held = target.studies.map((s) => s.id)
    if (!target.dataset.sealed && held.length > 0 && !sealed?.study)
      refuse(
        `It is not a participant's export of ${held.length === 1 ? 'study' : 'studies'} ${held.join(', ')} (it has no manifest.json naming a study), and data set "${target.dataset.name}" holds ${held.length === 1 ? 'that study' : 'them'}: only ${held.length === 1 ? 'its' : 'their'} participants' exports, with their manifest.json, are imported here.`,
      )
    if (!sealed) continue
    const taskIds = [...new Set(attempts.map((a) => a.taskId))]
    for (const id of taskIds) {
      const task = target.tasks.get(id)
      const given = Object.hasOwn(sealed.fingerprints, id) ? sealed.fingerprints[id] : undefined
      if (!task || given === undefined) continue // refused by id already, or by readArchive
      if (!fingerprintMatches(given, task, target.records.get(id), target.dataset))
        refusals.push({
          source: source.name,
          taskId: id,
          message:
            `Task ${JSON.stringify(id)} is not the one the participant saw: its messages, records, the profile or the tools differ (fingerprint ${short(given)} in the export, ${short(currentFingerprint(task, target.records.get(id), target.dataset))} in data set "${target.dataset.name}").`,
        })
    }
    const study = sealed.study
    if (!study) continue
    const own = target.dataset.sealed?.study
    if (target.dataset.sealed) {
      if (own && (own.id !== study.id || own.person !== study.person))
        refuse(`It is ${study.person}'s export of study ${study.id}, but this sealed data set is ${own.person}'s folder of study ${own.id}: import it into the profile that holds that folder.`)
      continue
    }
    const row = target.studies.find((s) => s.id === study.id)
    if (!row) {
      const others = target.studies.map((s) => s.id)
      refuse(
        others.length === 0
          ? `It is an export of study ${study.id}, which data set "${target.dataset.name}" does not hold: load that study's assignment.json into the data set first.`
          : `It is an export of study ${study.id}, but data set "${target.dataset.name}" holds only ${others.length === 1 ? 'study' : 'studies'} ${others.join(', ')}: it belongs to another study (load study ${study.id}'s assignment.json into the data set first).`,
      )
      continue
    }
    const people = row.study.people
    const assigned = Object.hasOwn(people, study.person) ? people[study.person] : undefined
    if (!assigned) {
      refuse(`Person ${JSON.stringify(study.person)} is not one of the people of study ${study.id} (${quoted(Object.keys(people))}).`)
      continue
    }
    const unassigned = taskIds.filter((id) => !assigned.includes(id))
    if (unassigned.length > 0)
      refuse(`${unassigned.length === 1 ? 'Task' : 'Tasks'} ${quoted(unassigned)} ${unassigned.length === 1 ? 'is' : 'are'} not assigned to ${study.person} in study ${study.id}.`)
  }
  return refusals
}

function attemptRow(a: ArchivedAttempt, datasetId: string, judged: Pick<JudgedAttempt, 'verdict' | 'taskFingerprint'>, sourceName: string): AttemptRow {
  const { verdict } = judged
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
    ...(verdict ? { verdict, verdictFingerprint: judged.taskFingerprint } : {}),
    // The task's home screen, as a new attempt starts (src/state/routes.ts routeToHash).
    screen: `#/task/${encodeURIComponent(a.taskId)}`,
    ...(a.flags ? { flags: a.flags } : {}),
    ...(a.parent ? { parent: a.parent } : {}),
    ...(a.state ? { state: a.state } : {}),
    ...(a.failure ? { failure: a.failure } : {}),
    ...(a.run ? { run: a.run } : {}),
    ...(a.taskFingerprint ? { taskFingerprint: a.taskFingerprint } : {}),
    ...(a.afterGold ? { afterGold: true as const } : {}),
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
  judge: AttemptJudge,
  db: SpievalDatabase = database(),
): Promise<ImportedAttempts> {
  const [result] = await importAttemptSources(datasetId, [{ name: sourceName, files }], judge, db)
  return { added: result?.added ?? 0, skipped: result?.skipped ?? 0, unknownTasks: [], changedVerdicts: result?.changedVerdicts ?? [], ...(result?.refused ? { refused: result.refused } : {}) }
}
