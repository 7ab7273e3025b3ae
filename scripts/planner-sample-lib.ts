/**
 * The planner sample data set (public/data-planner): 24 tasks in English,
 * six per MobilePA-Bench dimension, built from the sources in
 * scripts/planner-sample/. Its tools are the 21 published ones
 * (public/data/tools.json) and the planner's own; its profile is the sample's.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DATASET_FILES, PLANNER_FILES } from '../src/core/index'
import { SAMPLE_OUTPUT_DIR } from './sample-lib'
import { BASIC_TASKS } from './planner-sample/basic'
import { SUBAGENT_TASKS } from './planner-sample/subagent'
import { MEMORY_TASKS } from './planner-sample/memory'
import { SKILL_TASKS } from './planner-sample/skill'
import { AGENTS, SKILLS } from './planner-sample/catalog'
import { ASK_USER_TOOL, DELEGATE_TOOLS, MEMORY_TOOLS, SKILL_TOOLS } from './planner-sample/tools'
import type { PlannerTaskSource } from './planner-sample/task'

export type { PlannerTaskSource, SolutionStep } from './planner-sample/task'

export const PLANNER_OUTPUT_DIR = 'public/data-planner'

/** Every task source, by dimension: basic, subagent, memory, skill. */
export const PLANNER_TASKS: readonly PlannerTaskSource[] = [...BASIC_TASKS, ...SUBAGENT_TASKS, ...MEMORY_TASKS, ...SKILL_TASKS]

/** The planner's tools, added after the published 21. */
export const PLANNER_TOOLS: readonly unknown[] = [...MEMORY_TOOLS, ASK_USER_TOOL, ...SKILL_TOOLS, ...DELEGATE_TOOLS]

/** The six files of public/data-planner, built from the sources. */
export function buildPlannerFiles(root: string, sources: readonly PlannerTaskSource[] = PLANNER_TASKS): Record<string, string> {
  const records: Record<string, unknown> = {}
  for (const s of sources) records[s.task.id] = s.records
  const published = JSON.parse(readFileSync(join(root, SAMPLE_OUTPUT_DIR, DATASET_FILES.tools), 'utf8')) as unknown[]
  return {
    [DATASET_FILES.inputData]: sources.map((s) => JSON.stringify(s.task)).join('\n') + '\n',
    [DATASET_FILES.records]: JSON.stringify(records, null, 1) + '\n',
    [DATASET_FILES.tools]: JSON.stringify([...published, ...PLANNER_TOOLS], null, 2) + '\n',
    [DATASET_FILES.profile]: readFileSync(join(root, SAMPLE_OUTPUT_DIR, DATASET_FILES.profile), 'utf8'),
    [PLANNER_FILES.skills]: JSON.stringify(SKILLS, null, 2) + '\n',
    [PLANNER_FILES.agents]: JSON.stringify(AGENTS, null, 2) + '\n',
  }
}
