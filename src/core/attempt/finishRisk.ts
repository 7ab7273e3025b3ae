import type { TrajectoryStep } from '../tools/steps'

/** Why finishing now looks like a slip: a blind attempt has one finish. */
export type FinishRisk = 'noActions' | 'noSearch'

/**
 * The risk of finishing now, if any: no kept action at all, or actions never
 * searched for. Browsing the lists freely is looking without a retrieval
 * call, so "never searched" counts only where records are seen through
 * searches (the paginated and full settings).
 */
export function finishRisk(steps: readonly Pick<TrajectoryStep, 'kind' | 'ok' | 'withdrawn'>[], access: string): FinishRisk | undefined {
  const kept = steps.filter((s) => s.kind === 'execution' && s.ok && !s.withdrawn)
  if (kept.length === 0) return 'noActions'
  if (access !== 'browse' && !steps.some((s) => s.kind === 'retrieval')) return 'noSearch'
  return undefined
}
