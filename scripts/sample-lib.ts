/**
 * The sample data set's sources (data/sample/*.json): reading them, proving
 * each task with its solution script, and building public/data from them.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  DATASET_FILES,
  ToolRuntime,
  formatIssue,
  lintDataset,
  loadDataset,
  scoreTask,
  toolProperties,
} from '../src/core/index'
import type { Dataset, PredictedCall, TaskRecords } from '../src/core/index'

export const SAMPLE_SOURCE_DIR = 'data/sample'
export const SAMPLE_OUTPUT_DIR = 'public/data'
export const SAMPLE_SOURCE_FILES = [
  'reasoning.json',
  'disambiguation.json',
  'integration.json',
  'preference.json',
  'multi_intent.json',
] as const

export interface SolutionStep {
  call: PredictedCall
  expect: string[]
}

export interface TaskSource {
  task: Record<string, unknown> & { id: string; type: string }
  records: TaskRecords
  solution: { steps: SolutionStep[]; calls: PredictedCall[]; trap: PredictedCall[] }
}

/** Reads task sources from the given files (default: all five). */
export function readSources(root: string, files: readonly string[] = SAMPLE_SOURCE_FILES.map((f) => join(SAMPLE_SOURCE_DIR, f))): TaskSource[] {
  return files.flatMap((file) => {
    const parsed = JSON.parse(readFileSync(join(root, file), 'utf8')) as unknown
    if (!Array.isArray(parsed)) throw new Error(`${file}: must be a JSON array of task sources`)
    return parsed as TaskSource[]
  })
}

/** The data set files (published format) for these sources. */
export function buildFiles(root: string, sources: readonly TaskSource[]): Record<string, string> {
  const records: Record<string, TaskRecords> = {}
  for (const s of sources) records[s.task.id] = s.records
  return {
    [DATASET_FILES.inputData]: sources.map((s) => JSON.stringify(s.task)).join('\n') + '\n',
    [DATASET_FILES.records]: JSON.stringify(records, null, 1) + '\n',
    [DATASET_FILES.tools]: readFileSync(join(root, SAMPLE_OUTPUT_DIR, DATASET_FILES.tools), 'utf8'),
    [DATASET_FILES.profile]: readFileSync(join(root, SAMPLE_OUTPUT_DIR, DATASET_FILES.profile), 'utf8'),
  }
}

export interface TaskCheck {
  id: string
  problems: string[]
  warnings: string[]
  records: number
  apps: number
  tools: string[]
}

/** Runs each task's solution script through the tool runtime and the scorer; lists what fails. */
export function checkSources(dataset: Dataset, sources: readonly TaskSource[]): TaskCheck[] {
  const lint = lintDataset(dataset)
  const properties = toolProperties(dataset.tools)
  return sources.map((source) => {
    const id = source.task.id
    const problems: string[] = []
    const warnings: string[] = []
    for (const issue of lint.filter((i) => i.taskId === id))
      (issue.level === 'error' ? problems : warnings).push(formatIssue(issue))
    const task = dataset.tasks.find((t) => t.id === id)
    const records = dataset.records[id] ?? {}
    const recordCount = Object.values(records).reduce((n, list) => n + (list?.length ?? 0), 0)
    const appCount = Object.values(records).filter((list) => (list?.length ?? 0) > 0).length
    if (!task) return { id, problems: ['task did not load'], warnings, records: recordCount, apps: appCount, tools: [] }
    if (recordCount < 12 || recordCount > 35) problems.push(`has ${recordCount} records (want 12–35)`)
    if (appCount < 4) problems.push(`uses ${appCount} apps (want at least 4)`)
    const length = task.instruction.length
    if (length < 10 || length > 80) warnings.push(`instruction is ${length} characters (typically 15–60)`)
    const runtime = new ToolRuntime(dataset.tools, records, { setting: 'paginated' })
    source.solution.steps.forEach((step, i) => {
      const result = runtime.call(step.call.name, step.call.arguments, 'test')
      const label = `step ${i + 1} ${step.call.name}(${JSON.stringify(step.call.arguments)})`
      if (!result.ok) return problems.push(`${label} failed: ${result.content}`)
      if (!step.call.name.startsWith('search_')) problems.push(`${label} is not a retrieval call`)
      for (const expected of step.expect)
        if (!result.content.includes(expected))
          problems.push(`${label}: reply lacks ${JSON.stringify(expected)}. Reply was:\n${indent(result.content)}`)
    })
    for (const call of source.solution.calls) {
      const result = runtime.call(call.name, call.arguments, 'test')
      if (!result.ok) problems.push(`solution call ${call.name} is rejected by the runtime: ${result.content}`)
    }
    const verdict = scoreTask(task, source.solution.calls, properties)
    if (!verdict.correct)
      problems.push(`solution calls score ${verdict.errorType}: ${JSON.stringify(verdict.mismatches)}`)
    const trap = scoreTask(task, source.solution.trap, properties)
    if (trap.errorType !== 'wrong_value')
      problems.push(`trap scores ${trap.correct ? 'correct' : trap.errorType} (want wrong_value): ${JSON.stringify(trap.mismatches)}`)
    return { id, problems, warnings, records: recordCount, apps: appCount, tools: task.answer.map((c) => c.name) }
  })
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n')
}

/** Loads sources as a data set (throws a DatasetError naming the file and line on structural errors). */
export function loadSources(root: string, sources: readonly TaskSource[]): Dataset {
  return loadDataset(buildFiles(root, sources)).dataset
}
