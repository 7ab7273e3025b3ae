import type { Task, ToolSchema } from '../dataset/types'
import { CAPABILITIES } from './capabilities'
import { meanStd } from './stats'
import { scoreTask, toolProperties } from './task'
import type { ResponseLine } from './responses'
import type { ErrorType, Mismatch } from './types'

/** result.json (DESIGN.md): accuracies in percent, std over runs with divisor n. */
export interface ScoreResult {
  runs: number
  overall: { mean: number; std: number }
  by_type: Record<string, { mean: number; std: number }>
  per_run: { run: number; overall: number; by_type: Record<string, number> }[]
}

/** One line of details.jsonl. */
export interface DetailLine {
  id: string
  run: number
  type: string
  correct: boolean
  error_type: ErrorType | null
  mismatches: Mismatch[]
}

/** result.json and details.jsonl exactly as `npm run score` writes them (the page's exports use the same bytes). */
export function scoreFileTexts(scores: { result: ScoreResult; details: readonly DetailLine[] }): { result: string; details: string } {
  return {
    result: JSON.stringify(scores.result, null, 2) + '\n',
    details: scores.details.map((d) => JSON.stringify(d)).join('\n') + '\n',
  }
}

/** Capability types in the paper's order, then any others in order of appearance. */
export function orderedTypes(tasks: readonly Pick<Task, 'type'>[]): string[] {
  const present = new Set(tasks.map((t) => t.type))
  const known = CAPABILITIES.map((c): string => c.type).filter((t) => present.has(t))
  return [...known, ...[...present].filter((t) => !known.includes(t))]
}

/**
 * Scores every task in every run. The runs are the distinct `run` values
 * present (run 0 when there are none); within a run the last line for a task
 * wins; a task without a line is wrong (`no_response`).
 */
export function scoreResponses(
  tasks: readonly Task[],
  tools: readonly ToolSchema[],
  responses: readonly ResponseLine[],
): { result: ScoreResult; details: DetailLine[] } {
  const properties = toolProperties(tools)
  const runIds = [...new Set(responses.map((r) => r.run))].sort((a, b) => a - b)
  if (runIds.length === 0) runIds.push(0)
  const byRun = new Map<number, Map<string, ResponseLine>>(runIds.map((run) => [run, new Map()]))
  for (const line of responses) byRun.get(line.run)?.set(line.id, line)

  const types = orderedTypes(tasks)
  const details: DetailLine[] = []
  const perRun: ScoreResult['per_run'] = []
  for (const run of runIds) {
    const lines = byRun.get(run) ?? new Map<string, ResponseLine>()
    const correct = new Map<string, number>()
    for (const task of tasks) {
      const verdict = scoreTask(task, lines.get(task.id)?.calls, properties)
      if (verdict.correct) correct.set(task.type, (correct.get(task.type) ?? 0) + 1)
      details.push({
        id: task.id,
        run,
        type: task.type,
        correct: verdict.correct,
        error_type: verdict.errorType,
        mismatches: verdict.mismatches,
      })
    }
    perRun.push(runAccuracy(run, tasks, types, correct))
  }
  const by_type: ScoreResult['by_type'] = {}
  for (const type of types) by_type[type] = meanStd(perRun.map((r) => r.by_type[type] ?? 0))
  return {
    result: { runs: runIds.length, overall: meanStd(perRun.map((r) => r.overall)), by_type, per_run: perRun },
    details,
  }
}

function runAccuracy(
  run: number,
  tasks: readonly Task[],
  types: string[],
  correct: Map<string, number>,
): ScoreResult['per_run'][number] {
  const by_type: Record<string, number> = {}
  for (const type of types) {
    const total = tasks.filter((t) => t.type === type).length
    by_type[type] = total === 0 ? 0 : (100 * (correct.get(type) ?? 0)) / total
  }
  const all = [...correct.values()].reduce((a, b) => a + b, 0)
  return { run, overall: tasks.length === 0 ? 0 : (100 * all) / tasks.length, by_type }
}
