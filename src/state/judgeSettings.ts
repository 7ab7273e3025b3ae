/**
 * The LLM judge's settings: its OpenAI-compatible endpoint, model and mode,
 * kept in localStorage. They sit with the page's state, not the Grade view,
 * since every re-scoring of an attempt counts the judge's grades by its mode. The API key is not one of them: it is kept as the
 * runner's keys are (src/state/runs: tied to its endpoint, in memory or, when
 * the person asks, sessionStorage), never in IndexedDB nor an export.
 */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import type { Grade, JudgeMode, Task } from '../core'
import { judgeGrader, judgeStandingIn } from '../core/judge'
import type { JudgeStanding } from '../core/judge'

export interface JudgeSettings {
  endpoint: string
  model: string
  mode: JudgeMode
}

export const DEFAULT_JUDGE_SETTINGS: JudgeSettings = { endpoint: 'http://127.0.0.1:8000/v1', model: '', mode: 'advisory' }

export const useJudgeSettings = create<JudgeSettings>()(persist(() => ({ ...DEFAULT_JUDGE_SETTINGS }), { name: 'spieval-judge-settings' }))

/** Why the judge may not count as a grader yet; undefined once it may. */
export type JudgeProbation = 'attempts' | 'people' | 'f1'

/** What keeps the judge on probation: too few attempts compared, no two people to set the bar, or an F1 below theirs. */
export function judgeProbation(standing: Pick<JudgeStanding, 'eligible' | 'attempts' | 'needed' | 'peopleF1' | 'judgeF1'>): JudgeProbation | undefined {
  if (standing.eligible) return undefined
  if (standing.attempts < standing.needed) return 'attempts'
  if (standing.peopleF1 === null) return 'people'
  return 'f1'
}

/** Modes that let the judge's grades count: only for a judge off probation. */
export const COUNTING_MODES: readonly JudgeMode[] = ['grader', 'fallback']

/**
 * The mode the grades are decided with: the chosen one, except that a judge
 * on probation (its standing fell since the mode was chosen) is advisory.
 */
export function effectiveJudgeMode(mode: JudgeMode, standing: Pick<JudgeStanding, 'eligible'> | undefined): JudgeMode {
  return COUNTING_MODES.includes(mode) && standing?.eligible !== true ? 'advisory' : mode
}

/** "Check the judge" for the page: the configured model's grades against the people's, stale grades left out. */
export function judgeStandingOf(grades: readonly Grade[], tasks: readonly Task[], model: string): JudgeStanding {
  return judgeStandingIn(grades, tasks, judgeGrader(model.trim()).id)
}
