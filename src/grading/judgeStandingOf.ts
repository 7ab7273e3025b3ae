/** "Check the judge" for the page: the configured model's grades against the people's, stale grades left out. */
import type { Grade, Task } from '../core'
import { judgeGrader, judgeStandingIn } from '../core/judge'
import type { JudgeStanding } from '../core/judge'

export function judgeStandingOf(grades: readonly Grade[], tasks: readonly Task[], model: string): JudgeStanding {
  return judgeStandingIn(grades, tasks, judgeGrader(model.trim()).id)
}
