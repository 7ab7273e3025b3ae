/** The judge's mode in force for the page's figures and decisions: the chosen one, advisory while the judge is on probation. */
import { useMemo } from 'react'
import type { Grade, JudgeMode, Task } from '../core'
import { useJudgeSettings } from '../state/judgeSettings'
import { pageJudgeMode } from '../state/gradedJudge'

export function useJudgeMode(grades: readonly Grade[], tasks: readonly Task[]): JudgeMode {
  const mode = useJudgeSettings((s) => s.mode)
  const model = useJudgeSettings((s) => s.model)
  return useMemo(() => pageJudgeMode(grades, tasks, { mode, model }), [grades, tasks, mode, model])
}
