/** "Check the judge" for the page: the configured model's grades against the people's, stale grades left out. */
import type { Grade, Task } from '../core'
import { judgeGrader, judgeStanding } from '../core/judge'
import type { JudgeStanding } from '../core/judge'
import { gradeApplies } from './agreementRubrics'

export function judgeStandingOf(grades: readonly Grade[], tasks: readonly Task[], model: string): JudgeStanding {
  const judge = judgeGrader(model.trim()).id
  return judgeStanding({
    people: grades.filter((grade) => grade.grader.kind === 'human'),
    judge: grades.filter((grade) => grade.grader.kind === 'llm' && grade.grader.id === judge),
    applies: gradeApplies(tasks),
  })
}
