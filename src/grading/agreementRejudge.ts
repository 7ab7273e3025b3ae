/**
 * After an adjudication the attempt's verdict is judged again with its
 * grades. The path is the Grade view's (src/grading/regrade.ts and src/db's
 * storeGradedVerdict); this only calls it and refreshes the page's list of
 * attempts with the stored result.
 */
import { judgeContext } from '../core'
import type { DatasetRow } from '../db'
import { getAttempt, storeGradedVerdict } from '../db'
import { upsertAttempt } from '../state/progress'
import { judgeWithGrades } from '../state/gradedJudge'

export async function rejudgeAttempt(dataset: DatasetRow, attemptId: string): Promise<void> {
  await storeGradedVerdict(attemptId, judgeContext(dataset, dataset.sealed !== undefined), judgeWithGrades)
  const row = await getAttempt(attemptId)
  if (row) upsertAttempt(row)
}
