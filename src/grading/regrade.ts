import { decisionsFor, judgeAttempt } from '../core'
import type { ArchivedAttempt, Grade, JudgeContext, JudgeMode, JudgedAttempt, TaskVersion } from '../core'

/**
 * How a judge's grades count in the page's verdicts: as `npm run score`
 * counts them by default (advisory: shown, never deciding), so that the
 * page's verdict and the command's agree on the same files.
 */
export const PAGE_JUDGE_MODE: JudgeMode = 'advisory'

/**
 * An attempt judged again with its grades: the people's decisions on the
 * rubric's items without a check (core's decisionsFor), given to the one
 * re-scoring service (core's judgeAttempt). Nothing here scores; this only
 * puts the two together for storage (src/db storeGradedVerdict).
 */
export function judgeWithGrades(attempt: ArchivedAttempt, version: TaskVersion, context: JudgeContext, grades: readonly Grade[]): Promise<JudgedAttempt> {
  const { decisions } = decisionsFor(version.task, attempt.id, grades, { judge: PAGE_JUDGE_MODE })
  return judgeAttempt(attempt, version, context, decisions)
}
