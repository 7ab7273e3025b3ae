import { contentFingerprint, countRecords, judgeContext } from '../core'
import type { AttemptJudge, JudgeContext, Profile, Task, TaskContent, TaskVersion } from '../core'
import { archivedAttempt } from './archivedAttempt'
import { judgedCalls, judgedRow } from './judged'
import { nonEmpty } from './datasetRows'
import { attemptCallRows, database } from './schema'
import type { AttemptRow, CallRow, RevisionRow, SpievalDatabase } from './schema'

/** An attempt whose verdict a revision turned: right before and wrong after, or the other way. */
export interface VerdictFlip {
  attemptId: string
  actor: string
  before: boolean
  after: boolean
}

export interface SavedRevision {
  rev: number
  fingerprint: string
  /** Every finished attempt at the task was scored again; these changed their verdict's `correct`. */
  flips: VerdictFlip[]
  /** How many finished attempts were scored again. */
  rescored: number
}

/** A task's revisions, oldest first: revision 0 is the task as imported (or as created), stored when it is first revised. */
export async function taskRevisions(datasetId: string, taskId: string, db: SpievalDatabase = database()): Promise<RevisionRow[]> {
  return db.revisions.where('[datasetId+taskId+rev]').between([datasetId, taskId, -Infinity], [datasetId, taskId, Infinity]).toArray()
}

/** Every revision of a data set's tasks (for CHANGES.md), in task and revision order. */
export async function datasetRevisions(datasetId: string, db: SpievalDatabase = database()): Promise<RevisionRow[]> {
  // An array sorts after every string: [id] … [id, []] holds all of the data set's keys.
  return db.revisions.where('[datasetId+taskId+rev]').between([datasetId], [datasetId, []]).toArray()
}

/** The revision of a task with a content fingerprint, if one is stored (the version an attempt was made on). */
export async function revisionByFingerprint(datasetId: string, taskId: string, fingerprint: string, db: SpievalDatabase = database()): Promise<RevisionRow | undefined> {
  return (await taskRevisions(datasetId, taskId, db)).find((r) => r.fingerprint === fingerprint)
}

/** Refused save: another tab or window saved a revision of the task after the one this edit started from. */
export class StaleRevision extends Error {
  constructor(
    readonly base: number,
    readonly current: number,
  ) {
    super(`The task was saved as revision ${current} elsewhere after this edit started from revision ${base}: the edit was not saved`)
    this.name = 'StaleRevision'
  }
}

/**
 * Saves an edit of a task (or a new task) as a new revision, in one
 * transaction: the task and its records, the revision (with revision 0, the
 * task as it was, on its first edit), and every finished attempt at the task
 * judged again against the revision by `judge` (the re-scoring service,
 * src/core/verdict): its calls replayed under the revised task (its friction
 * rules and effects), and its steps and verdict stored as judged, with the
 * revision's fingerprint. A renamed task takes its attempts and revisions
 * along. Refused, changing nothing: a sealed data set (it has no gold to
 * revise), an id another task has, a task that is not there, and an edit of
 * an older revision than the latest (`base`, the revision the edit started
 * from, 0 before the first: {@link StaleRevision}).
 */
export async function saveTaskRevision(
  datasetId: string,
  content: TaskContent,
  options: { author: string; replaces?: string; base?: number; now?: number },
  judge: AttemptJudge,
  db: SpievalDatabase = database(),
): Promise<SavedRevision> {
  const at = options.now ?? Date.now()
  const { task } = content
  const records = nonEmpty(content.records)
  // Before the transaction, which ends at the first promise that is not Dexie's: the loader is not in the page's first load.
  const { storedTask } = await import('../core/load')
  return db.transaction('rw', [db.datasets, db.tasks, db.taskRecords, db.revisions, db.attempts, db.calls], async () => {
    const dataset = await db.datasets.get(datasetId)
    if (!dataset) throw new Error('This data set is no longer stored')
    if (dataset.sealed) throw new Error('A sealed data set has no gold to revise: unseal it first')
    if (task.id.trim() === '') throw new Error('A task needs an id')
    const oldId = options.replaces
    const previousRow = oldId === undefined ? undefined : await db.tasks.get([datasetId, oldId])
    if (oldId !== undefined && !previousRow) throw new Error(`Task ${oldId} is not in this data set`)
    if (task.id !== oldId && (await db.tasks.get([datasetId, task.id]))) throw new Error(`Another task has the id ${task.id}`)
    const previousRecords = oldId === undefined ? undefined : await db.taskRecords.get([datasetId, oldId])

    const history = oldId === undefined ? [] : await taskRevisions(datasetId, oldId, db)
    const latest = history.at(-1)?.rev ?? 0
    if (oldId !== undefined && options.base !== undefined && options.base !== latest) throw new StaleRevision(options.base, latest)
    const added: RevisionRow[] = []
    if (previousRow && history.length === 0)
      added.push({ datasetId, taskId: task.id, rev: 0, fingerprint: contentFingerprint({ task: previousRow.task, records: previousRecords?.records ?? {} }), content: { task: previousRow.task, records: previousRecords?.records ?? {} }, at: dataset.created, author: '' })
    const rev = previousRow ? (history.at(-1)?.rev ?? 0) + 1 : 0
    const fingerprint = contentFingerprint({ task, records })
    added.push({ datasetId, taskId: task.id, rev, fingerprint, content: { task, records }, at, author: options.author, ...(oldId !== undefined && oldId !== task.id ? { replaces: oldId } : {}) })

    const order = previousRow?.order ?? (await nextOrder(db, datasetId))
    const line = previousRow ? task.line : order + 1
    const stored: Task = storedTask({ ...task, line })
    if (oldId !== undefined && oldId !== task.id) {
      await db.tasks.delete([datasetId, oldId])
      await db.taskRecords.delete([datasetId, oldId])
      await db.revisions.bulkDelete(history.map((r) => [datasetId, oldId, r.rev] as [string, string, number]))
      await db.revisions.bulkPut(history.map((r) => ({ ...r, taskId: task.id })))
    }
    await db.tasks.put({ datasetId, id: task.id, order, task: stored, fingerprint })
    const { apps, at: place } = previousRecords ?? {}
    await db.taskRecords.put({ datasetId, taskId: task.id, records, ...(apps ? { apps } : {}), ...(place !== undefined ? { at: place } : {}) })
    await db.revisions.bulkPut(added)

    const attempts = oldId === undefined ? [] : await db.attempts.where('[datasetId+taskId]').equals([datasetId, oldId]).toArray()
    const judged = await rescore(db, attempts, { task: { ...task, line }, records, fingerprint }, judgeContext(dataset), judge)
    await db.attempts.bulkPut(judged.rows.map((r) => ({ ...r, taskId: task.id })))
    await db.calls.bulkPut(judged.calls)
    const { flips, rescored } = judged

    const recordsBefore = previousRecords ? countRecords(previousRecords.records) : 0
    await db.datasets.update(datasetId, { tasks: dataset.tasks + (previousRow ? 0 : 1), records: dataset.records - recordsBefore + countRecords(records) })
    return { rev, fingerprint, flips, rescored }
  })
}

/**
 * Saves an edit of the data set's profile, in one transaction: the profile
 * (kept as first imported for CHANGES.md), and every finished live attempt of
 * the data set judged again by `judge` (steps and verdict stored as judged),
 * since live effects stamp the profile's time, name, phone and account (a
 * static verdict does not depend on it). Returns the flips. Refused for a
 * sealed data set.
 */
export async function saveProfile(
  datasetId: string,
  profile: Profile,
  options: { author: string },
  judge: AttemptJudge,
  db: SpievalDatabase = database(),
): Promise<{ flips: VerdictFlip[]; rescored: number }> {
  return db.transaction('rw', [db.datasets, db.tasks, db.taskRecords, db.attempts, db.calls], async () => {
    const dataset = await db.datasets.get(datasetId)
    if (!dataset) throw new Error('This data set is no longer stored')
    if (dataset.sealed) throw new Error('A sealed data set cannot be revised: unseal it first')
    const edits = dataset.profileEdits ?? { original: dataset.profile, authors: [] }
    const authors = edits.authors.includes(options.author) ? edits.authors : [...edits.authors, options.author]
    await db.datasets.update(datasetId, { profile, hasProfile: true, profileEdits: { original: edits.original, authors } })
    const live = (await db.attempts.where('[datasetId+taskId]').between([datasetId], [datasetId, []]).toArray()).filter((a) => a.state === 'live' && a.finished)
    const flips: VerdictFlip[] = []
    let rescored = 0
    for (const taskId of new Set(live.map((a) => a.taskId))) {
      const [taskRow, recordsRow] = await Promise.all([db.tasks.get([datasetId, taskId]), db.taskRecords.get([datasetId, taskId])])
      if (!taskRow) continue
      const records = recordsRow?.records ?? {}
      const version = { task: taskRow.task, records, fingerprint: taskRow.fingerprint ?? contentFingerprint({ task: taskRow.task, records }) }
      const judged = await rescore(db, live.filter((a) => a.taskId === taskId), version, { tools: dataset.tools, profile }, judge)
      flips.push(...judged.flips)
      rescored += judged.rescored
      await db.attempts.bulkPut(judged.rows)
      await db.calls.bulkPut(judged.calls)
    }
    return { flips, rescored }
  })
}

async function nextOrder(db: SpievalDatabase, datasetId: string): Promise<number> {
  const last = await db.tasks.where('[datasetId+order]').between([datasetId, -Infinity], [datasetId, Infinity]).last()
  return last ? last.order + 1 : 0
}

/** The finished attempts judged against a task version: each one's row and calls as the service judged them. */
async function rescore(
  db: SpievalDatabase,
  attempts: readonly AttemptRow[],
  version: TaskVersion,
  context: JudgeContext,
  judge: AttemptJudge,
): Promise<{ flips: VerdictFlip[]; rescored: number; rows: AttemptRow[]; calls: CallRow[] }> {
  const flips: VerdictFlip[] = []
  const rows: AttemptRow[] = []
  const calls: CallRow[] = []
  let rescored = 0
  for (const attempt of attempts) {
    if (!attempt.finished) {
      rows.push(attempt)
      continue
    }
    const before = await attemptCallRows(db, attempt.id).toArray()
    const judged = await judge(archivedAttempt(attempt, before), version, context)
    const verdict = judged.verdict
    if (!verdict) {
      rows.push(attempt)
      continue
    }
    rescored++
    if (attempt.verdict && attempt.verdict.correct !== verdict.correct) flips.push({ attemptId: attempt.id, actor: attempt.actor, before: attempt.verdict.correct, after: verdict.correct })
    rows.push(judgedRow(attempt, judged))
    calls.push(...judgedCalls(attempt.id, before, judged.steps))
  }
  return { flips, rescored, rows, calls }
}
