/**
 * Runs the LLM judge over attempts, one request per attempt, storing each
 * grade as it comes (so a stopped run keeps what it graded). An unreadable
 * answer gives an invalid grade, stored and shown, never counted; an endpoint
 * that does not answer at all ends the run, since every other attempt would
 * wait through the same retries.
 */
import type { Grade, Task } from '../core'
import type { JudgeStep } from '../core/judge'
import { JudgeUnavailable, gradeWithJudge } from '../runner/judge'
import type { JudgeFetch } from '../runner/judge'

/** One attempt to judge. */
export interface JudgeTarget {
  task: Task
  attempt: string
  trajectory: readonly JudgeStep[]
}

export interface JudgeProgress {
  done: number
  total: number
  /** Grades whose answer could be read. */
  valid: number
  /** Grades stored as invalid (no readable answer after the last try). */
  invalid: number
}

export interface JudgeRunResult extends JudgeProgress {
  /** Stopped by the person before the end. */
  stopped: boolean
  /** Why the run ended early otherwise: the endpoint's own words, keys taken out. */
  failure?: string
}

export interface JudgeRunInput {
  targets: readonly JudgeTarget[]
  endpoint: string
  model: string
  key: string
  fetch: JudgeFetch
  now: () => Date
  put: (grade: Grade) => Promise<void>
  signal: AbortSignal
  onProgress?: (progress: JudgeProgress) => void
  sleep?: (ms: number) => Promise<void>
}

export async function runJudge(input: JudgeRunInput): Promise<JudgeRunResult> {
  const progress: JudgeProgress = { done: 0, total: input.targets.length, valid: 0, invalid: 0 }
  input.onProgress?.({ ...progress })
  for (const target of input.targets) {
    if (input.signal.aborted) return { ...progress, stopped: true }
    let grade: Grade
    try {
      grade = await gradeWithJudge({
        endpoint: input.endpoint,
        model: input.model,
        key: input.key,
        task: target.task,
        attempt: target.attempt,
        trajectory: target.trajectory,
        fetch: input.fetch,
        now: input.now,
        signal: input.signal,
        ...(input.sleep ? { sleep: input.sleep } : {}),
      })
    } catch (err) {
      if (input.signal.aborted) return { ...progress, stopped: true }
      if (err instanceof JudgeUnavailable) return { ...progress, stopped: false, failure: err.message }
      throw err
    }
    await input.put(grade)
    progress.done += 1
    if (grade.invalid === true) progress.invalid += 1
    else progress.valid += 1
    input.onProgress?.({ ...progress })
  }
  return { ...progress, stopped: false }
}
