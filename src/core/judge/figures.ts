/**
 * What the grades of a data set add up to, for the Grade view and the Analysis view alike: the rubrics with items
 * for graders, whether a grade still applies to its task's rubric, the people's agreement, and each judge's standing.
 */
import type { Task } from '../dataset/types'
import { agreementReport } from '../grades/agreement'
import type { PanelAgreement, TaskRubric } from '../grades/agreement'
import { rubricHash } from '../grades/rubricHash'
import type { Grade } from '../grades/types'
import { judgedItems } from './request'
import { judgeStanding } from './standing'
import type { JudgeStanding } from './standing'

/** The tasks whose rubric has items that people grade, as the agreement report takes them. */
export function gradedRubrics(tasks: readonly Task[]): TaskRubric[] {
  return tasks.flatMap((task) => (task.planner?.rubric && judgedItems(task).length > 0 ? [{ task_id: task.id, items: task.planner.rubric.items }] : []))
}

/** A grade applies when it names no rubric hash, its task has none, or the hashes agree; a grade of an unknown task never applies. */
export function gradeApplies(tasks: readonly Task[]): (grade: Grade) => boolean {
  const hashes = new Map(tasks.map((task) => [task.id, rubricHash(task)]))
  return (grade) => {
    if (!hashes.has(grade.task_id)) return false
    const current = hashes.get(grade.task_id)
    return grade.rubric_hash === undefined || current === undefined || grade.rubric_hash === current
  }
}

/** One judge model's grades against the people's, stale grades left out. */
export function judgeStandingIn(grades: readonly Grade[], tasks: readonly Task[], judgeId: string): JudgeStanding {
  return judgeStanding({
    people: grades.filter((grade) => grade.grader.kind === 'human'),
    judge: grades.filter((grade) => grade.grader.kind === 'llm' && grade.grader.id === judgeId),
    applies: gradeApplies(tasks),
  })
}

export interface GradingFigures {
  /** Grades that apply (stale ones and grades of unknown tasks left out), and those left out. */
  grades: number
  stale: number
  /** People's agreement over every rubric's items for graders. */
  agreement: PanelAgreement
  /** Each judge that graded, by grader id, and where it stands. */
  judges: { id: string; standing: JudgeStanding }[]
}

/** The figures of a data set's grades, or undefined when its tasks have no rubric items for graders. */
export function gradingFigures(grades: readonly Grade[], tasks: readonly Task[]): GradingFigures | undefined {
  const rubrics = gradedRubrics(tasks)
  if (rubrics.length === 0) return undefined
  const applies = gradeApplies(tasks)
  const counted = grades.filter(applies)
  const judgeIds = [...new Set(counted.filter((grade) => grade.grader.kind === 'llm').map((grade) => grade.grader.id))].sort()
  return {
    grades: counted.length,
    stale: grades.length - counted.length,
    agreement: agreementReport(counted, rubrics).overall,
    judges: judgeIds.map((id) => ({ id, standing: judgeStandingIn(grades, tasks, id) })),
  }
}
