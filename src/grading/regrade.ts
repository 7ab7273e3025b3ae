import { decisionsFor, judgeAttempt } from '../core'
import type { ArchivedAttempt, Grade, JudgeContext, JudgeMode, JudgedAttempt, Task, TaskVersion } from '../core'
import { gradesOf } from '../db'
import { useSession } from '../state/session'
import { judgeStandingOf } from './judgeStandingOf'
import { effectiveJudgeMode, useJudgeSettings } from './judgeSettings'

/**
 * How a judge's grades count in the page's verdicts: the mode chosen in the LLM judge tab, advisory while that
 * judge is on probation over the data set's grades (`npm run score --grades F --judge MODE` counts the same way).
 */
export function pageJudgeMode(grades: readonly Grade[], tasks: readonly Task[]): JudgeMode {
  const { mode, model } = useJudgeSettings.getState()
  if (mode === 'off' || mode === 'advisory') return mode
  return effectiveJudgeMode(mode, model.trim() === '' ? undefined : judgeStandingOf(grades, tasks, model))
}

/** The page's judge mode over the open data set's stored grades. */
async function currentJudgeMode(): Promise<JudgeMode> {
  const { dataset, tasks } = useSession.getState()
  if (!dataset || COUNTLESS.includes(useJudgeSettings.getState().mode)) return pageJudgeMode([], tasks)
  return pageJudgeMode(await gradesOf(dataset.id), tasks)
}

/** Modes in which the judge's standing does not matter. */
const COUNTLESS: readonly JudgeMode[] = ['off', 'advisory']

/**
 * An attempt judged again with its grades: the people's decisions on the
 * rubric's items without a check (core's decisionsFor), given to the one
 * re-scoring service (core's judgeAttempt). Nothing here scores; this only
 * puts the two together for storage (src/db storeGradedVerdict).
 */
export async function judgeWithGrades(attempt: ArchivedAttempt, version: TaskVersion, context: JudgeContext, grades: readonly Grade[]): Promise<JudgedAttempt> {
  const { decisions } = decisionsFor(version.task, attempt.id, grades, { judge: await currentJudgeMode() })
  return judgeAttempt(attempt, version, context, decisions)
}
