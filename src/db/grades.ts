import Dexie from 'dexie'
import { contentFingerprint, mergeGrades } from '../core'
import type { ArchivedAttempt, Grade, JudgeContext, JudgedAttempt, TaskVersion } from '../core'
import { archivedAttempt } from './archivedAttempt'
import { attemptCalls } from './attempts'
import { judgedCalls, judgedRow } from './judged'
import { database } from './schema'
import type { GradeRow, SpievalDatabase } from './schema'

/**
 * People's grades of rubric items (grades.jsonl), kept as attempts are: each
 * written at once, so a reload or a crash loses none. A grade given twice
 * (the same task, attempt, grader and time: an export imported twice, two
 * overlapping exports) is kept once, as core's mergeGrades counts it.
 */

/** The row key: what makes two grades the same one (src/core/grades/merge.ts). */
const keyOf = (grade: Grade): string => JSON.stringify([grade.task_id, grade.attempt, grade.grader.id, grade.at])

const rowOf = (datasetId: string, grade: Grade): GradeRow => ({ datasetId, key: keyOf(grade), grade })

/** Keeps a grade; false when the same grade is already kept (nothing is changed then). */
export async function putGrade(datasetId: string, grade: Grade, db: SpievalDatabase = database()): Promise<boolean> {
  const { added } = await importGrades(datasetId, [grade], db)
  return added === 1
}

/** A data set's grades, in the order their rows sort (task, attempt, grader, time). */
export async function gradesOf(datasetId: string, db: SpievalDatabase = database()): Promise<Grade[]> {
  const rows = await db.grades.where('[datasetId+key]').between([datasetId, Dexie.minKey], [datasetId, Dexie.maxKey]).toArray()
  return rows.map((row) => row.grade)
}

/** Merges grades (another person's grades.jsonl): a grade already kept, or given twice, is skipped. */
export async function importGrades(datasetId: string, grades: readonly Grade[], db: SpievalDatabase = database()): Promise<{ added: number; skipped: number }> {
  const { grades: once, skipped: repeated } = mergeGrades([grades])
  return db.write(() =>
    db.transaction('rw', db.grades, async () => {
      const rows = once.map((grade) => rowOf(datasetId, grade))
      const kept = await db.grades.bulkGet(rows.map((row): [string, string] => [row.datasetId, row.key]))
      const fresh = rows.filter((_, i) => kept[i] === undefined)
      await db.grades.bulkAdd(fresh)
      return { added: fresh.length, skipped: repeated + rows.length - fresh.length }
    }),
  )
}

/** What judging an attempt with its grades needs: the re-scoring service's inputs, and every grade of the data set. */
export type GradedJudge = (attempt: ArchivedAttempt, version: TaskVersion, context: JudgeContext, grades: readonly Grade[]) => Promise<JudgedAttempt>

/**
 * An attempt judged again now that its grades changed, and the result stored
 * where verdicts are: `judge` is the caller's (core's re-scoring service given
 * the grades' decisions); storage keeps what it gives and never scores.
 * Undefined, storing nothing, for an attempt or task no longer here, or an
 * attempt without a verdict from the service (unfinished, sealed).
 */
export async function storeGradedVerdict(
  attemptId: string,
  context: JudgeContext,
  judge: GradedJudge,
  db: SpievalDatabase = database(),
): Promise<JudgedAttempt | undefined> {
  const row = await db.attempts.get(attemptId)
  if (!row?.finished) return undefined
  const [task, records, calls, grades] = await Promise.all([
    db.tasks.get([row.datasetId, row.taskId]),
    db.taskRecords.get([row.datasetId, row.taskId]),
    attemptCalls(attemptId, db),
    gradesOf(row.datasetId, db),
  ])
  if (!task) return undefined
  const content = { task: task.task, records: records?.records ?? {} }
  const version: TaskVersion = { ...content, fingerprint: task.fingerprint ?? contentFingerprint(content) }
  const judged = await judge(archivedAttempt(row, calls), version, context, grades)
  if (!judged.verdict) return undefined
  await db.write(() =>
    db.transaction('rw', db.attempts, db.calls, async () => {
      const now = await db.attempts.get(attemptId)
      if (!now) return
      await db.attempts.put(judgedRow(now, judged))
      await db.calls.bulkPut(judgedCalls(attemptId, calls, judged.steps))
    }),
  )
  return judged
}
