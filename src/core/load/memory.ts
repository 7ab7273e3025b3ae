/**
 * The memory app checked against the rest of a data set by the one loader
 * (docs/reference.md, "Planner tasks"): the ids a task's conditions and
 * rubric name, and the effects that write memory. The items themselves are
 * checked as records_db.json is read (memoryItems.ts).
 */
import { isPlainObject } from '../base/text'
import { ownValue } from '../base/own'
import { DATASET_FILES } from '../dataset/types'
import type { Task, TaskRecords, ToolSchema } from '../dataset/types'
import { MEMORY_APP } from '../dataset/memoryTypes'
import { readEffect } from '../live/read'
import type { IssueList } from './parse'

/** The memory ids a task names: its `memory` condition's and its rubric's `memory_used` checks'. */
function namedMemoryIds(task: Task): { key: string; id: string }[] {
  const planner = task.planner
  if (!planner) return []
  const named = [
    ...(planner.memory?.required ?? []).map((id) => ({ key: 'memory.required', id })),
    ...(planner.memory?.forbidden ?? []).map((id) => ({ key: 'memory.forbidden', id })),
  ]
  for (const item of planner.rubric?.items ?? [])
    if (item.auto?.kind === 'memory_used') for (const id of item.auto.ids) named.push({ key: `rubric item "${item.id}"`, id })
  return named
}

/**
 * What the memory app's items and the rest of the data set say of each
 * other: every memory id a task names is one of its items, and an insert into
 * memory stamps a fresh id (an item without one could be neither opened nor
 * changed). `records` and `tools` are left out where they did not parse.
 */
export function memoryProblems(
  dataset: { tasks: readonly Task[]; records: Readonly<Record<string, TaskRecords>> | undefined; tools: readonly ToolSchema[] | undefined },
  issues: IssueList,
): void {
  const { tasks, records, tools } = dataset
  for (const task of records ? tasks : []) {
    const taskRecords = records ? ownValue(records, task.id) : undefined
    if (!taskRecords) continue
    const ids = new Set((taskRecords[MEMORY_APP] ?? []).map((item) => item.id))
    for (const { key, id } of namedMemoryIds(task))
      if (!ids.has(id))
        issues.error(DATASET_FILES.inputData, `task "${task.id}": ${key} names the memory item "${id}", which is not in the task's ${DATASET_FILES.records}`, {
          line: task.line,
          taskId: task.id,
        })
  }
  for (const tool of tools ?? []) {
    const fn = tool.function as unknown
    // A malformed x-effect is liveProblems' to report.
    const effect = isPlainObject(fn) ? readEffect(fn, []) : undefined
    if (effect?.app !== MEMORY_APP || effect.op !== 'insert') continue
    if (ownValue(effect.stamp ?? {}, 'id') !== 'id')
      issues.error(DATASET_FILES.tools, `tool "${tool.function.name}": an insert into ${MEMORY_APP} must stamp a fresh id ("stamp": {"id": "id"})`)
  }
}
