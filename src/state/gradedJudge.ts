import { decisionsFor, judgeAttempt, judgeContext } from '../core'
import type { ArchivedAttempt, AttemptJudge, Grade, JudgeContext, JudgeMode, JudgedAttempt, Task, TaskVersion } from '../core'
import { getAttempt, gradesOf, storeGradedVerdict } from '../db'
import type { DatasetRow } from '../db'
import { upsertAttempt } from './progress'
import { useSession } from './session'
import { effectiveJudgeMode, judgeStandingOf, useJudgeSettings } from './judgeSettings'
import type { JudgeSettings } from './judgeSettings'

/**
 * How a judge's grades count in the page's verdicts: the mode chosen in the LLM judge tab, advisory while that
 * judge is on probation over the data set's grades (`npm run score --grades F --judge MODE` counts the same way).
 */
export function pageJudgeMode(grades: readonly Grade[], tasks: readonly Task[], settings: Pick<JudgeSettings, 'mode' | 'model'> = useJudgeSettings.getState()): JudgeMode {
  const { mode, model } = settings
  if (mode === 'off' || mode === 'advisory') return mode
  return effectiveJudgeMode(mode, model.trim() === '' ? undefined : judgeStandingOf(grades, tasks, model))
}

/**
 * An attempt judged again with its grades: the people's decisions on the
 * rubric's items without a check (core's decisionsFor), given to the one
 * re-scoring service (core's judgeAttempt). Nothing here scores; this only
 * puts the two together for storage (src/db storeGradedVerdict, which hands
 * in every grade of the data set: the judge's standing is read from them).
 */
export function judgeWithGrades(attempt: ArchivedAttempt, version: TaskVersion, context: JudgeContext, grades: readonly Grade[]): Promise<JudgedAttempt> {
  const { decisions } = decisionsFor(version.task, attempt.id, grades, { judge: pageJudgeMode(grades, useSession.getState().tasks) })
  return judgeAttempt(attempt, version, context, decisions)
}

/**
 * The re-scoring service for every re-scoring of a data set's attempts (a
 * revision, a profile edit, an import, an unsealing): with the grades stored
 * for it, so that an attempt people decided keeps its decision, and one
 * whose rubric changed goes back to waiting (its grades are stale).
 */
export async function gradedJudgeFor(datasetId: string): Promise<AttemptJudge> {
  const grades = await gradesOf(datasetId)
  if (grades.length === 0) return judgeAttempt
  return (attempt, version, context) => judgeWithGrades(attempt, version, context, grades)
}

/**
 * An attempt whose grades changed, judged again with them and stored
 * (src/db storeGradedVerdict); the page's list of attempts takes the stored
 * row, so that every view reading verdicts (the phone's review, Analysis)
 * shows the new one without a reload.
 */
export async function storeVerdictWithGrades(dataset: DatasetRow, attemptId: string): Promise<JudgedAttempt | undefined> {
  const judged = await storeGradedVerdict(attemptId, judgeContext(dataset, dataset.sealed !== undefined), judgeWithGrades)
  const row = judged ? await getAttempt(attemptId) : undefined
  if (row) upsertAttempt(row)
  return judged
}
