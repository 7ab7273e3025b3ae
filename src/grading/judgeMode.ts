/** The judge's mode in force for the page's figures and decisions: the chosen one, advisory while the judge is on probation. */
import { useMemo } from 'react'
import type { Grade, JudgeMode, Task } from '../core'
import { judgeStandingOf } from './judgeStandingOf'
import { effectiveJudgeMode, useJudgeSettings } from './judgeSettings'

export function useJudgeMode(grades: readonly Grade[], tasks: readonly Task[]): JudgeMode {
  const mode = useJudgeSettings((s) => s.mode)
  const model = useJudgeSettings((s) => s.model)
  const standing = useMemo(() => (model.trim() === '' ? undefined : judgeStandingOf(grades, tasks, model)), [grades, tasks, model])
  return effectiveJudgeMode(mode, standing)
}
