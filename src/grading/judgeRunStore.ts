/**
 * The judge's run in this tab: one at a time, kept outside the Judge tab so
 * that switching tabs neither stops it nor loses its progress.
 */
import { create } from 'zustand'
import type { Task } from '../core'
import type { AttemptRow, DatasetRow } from '../db'
import { callsOf } from '../db'
import { runnerKeyFor, scrubKeys } from './judgeKeys'
import { storeGrade, useStoredGrades } from './agreementGrades'
import { runJudge } from './judgeRun'
import type { JudgeProgress, JudgeRunResult } from './judgeRun'
import { judgeTargets } from './judgeTargets'

interface JudgeRunState {
  running: boolean
  progress?: JudgeProgress
  result?: JudgeRunResult
  error?: string
}

export const useJudgeRun = create<JudgeRunState>()(() => ({ running: false }))

let controller: AbortController | undefined

export interface JudgeRunRequest {
  dataset: DatasetRow
  tasks: readonly Task[]
  attempts: readonly AttemptRow[]
  endpoint: string
  model: string
}

/** Judges every finished attempt the model has not readably graded, storing each grade as it comes. */
export async function startJudgeRun(request: JudgeRunRequest): Promise<void> {
  if (useJudgeRun.getState().running) return
  controller = new AbortController()
  const signal = controller.signal
  useJudgeRun.setState({ running: true, progress: undefined, result: undefined, error: undefined })
  try {
    const grades = useStoredGrades.getState().grades ?? []
    const finished = request.attempts.filter((row) => row.finished)
    const calls = await callsOf(finished)
    const targets = judgeTargets(request.tasks, finished, calls, grades, request.model.trim())
    const result = await runJudge({
      targets,
      endpoint: request.endpoint.trim(),
      model: request.model.trim(),
      key: runnerKeyFor(request.endpoint) ?? '',
      fetch: (url, init) => fetch(url, init),
      now: () => new Date(),
      put: (grade) => storeGrade(request.dataset.id, grade),
      signal,
      onProgress: (progress) => useJudgeRun.setState({ progress }),
    })
    useJudgeRun.setState({ result: result.failure === undefined ? result : { ...result, failure: scrubKeys(result.failure) } })
  } catch (err) {
    useJudgeRun.setState({ error: scrubKeys(err instanceof Error ? err.message : String(err)) })
  } finally {
    useJudgeRun.setState({ running: false })
    controller = undefined
  }
}

export function stopJudgeRun(): void {
  controller?.abort()
}
