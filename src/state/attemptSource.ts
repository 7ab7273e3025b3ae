import type { AttemptTask, Task, TaskRecords } from '../core'
import type { DatasetRow } from '../db'

/**
 * What the kernel needs to run an attempt at one task of a stored data set:
 * the task and its records, the data set's tools and profile, and whether its
 * gold is sealed away (then nothing is scored), and a planner data set's
 * skills and sub-agents.
 */
export function attemptSource(dataset: DatasetRow, loaded: { task: Task; records: TaskRecords }): AttemptTask {
  return {
    ...loaded,
    tools: dataset.tools,
    profile: dataset.profile,
    ...(dataset.sealed ? { sealed: true } : {}),
    ...(dataset.skills ? { skills: dataset.skills } : {}),
    ...(dataset.agents ? { agents: dataset.agents } : {}),
  }
}
