/**
 * A planner data set's figures over attempts (docs/reference.md, "Planner
 * tasks"), beside the accuracies of plannerFigures.ts: how sub-agent tasks
 * route and hand off, how much of the required memory was recalled, and
 * which skills were loaded. Read from the verdicts the one scorer made (its
 * details.jsonl lines) and the calls each verdict was made from; nothing is
 * judged again here. Only answered attempts count: a task no line answered
 * has no route, no recall and no load to read.
 */
import type { PredictedCall, Task, ToolSchema } from '../dataset/types'
import type { Mismatch } from '../score/types'
import { toolRole } from '../tools/planner'
import type { DetailLine } from './aggregate'
import { isPlannerDataset } from './plannerFigures'
import type { ResponseLine } from './responses'

/** How many of `of` attempts something held for. */
export interface Count {
  hits: number
  of: number
}

/**
 * Sub-agent tasks whose gold routes work to a sub-agent (a delegate call in
 * `answer` or in an alternative) and whose calls decide them (a task of the
 * `agent_behavior` bucket is judged by its rubric, whose verdict pairs no
 * calls, so it counts in neither figure).
 */
export interface DelegationFigures {
  tasks: number
  /** The route is right: the set of sub-agents the attempt's actions delegate to is that of `answer` or of one alternative. */
  route: Count
  /** The handoff is right: the route is, and no mismatch of the verdict is on a delegate call (tool, count, payload, mentions, order). */
  handoff: Count
}

/** Tasks whose memory condition requires items: required items used over required items, summed over the attempts. */
export interface MemoryRecall {
  tasks: number
  attempts: number
  used: number
  required: number
}

/** Tasks with a skill condition: the skills each attempt loaded (anywhere in it, each skill once). */
export interface SkillLoads {
  tasks: number
  attempts: number
  /** Skills loaded, summed over the attempts. */
  loads: number
  /** Attempts, at tasks that require skills, that loaded every one of them. */
  required: Count
  /** Attempts, at tasks that forbid skills, that loaded one of them. */
  forbidden: Count
}

/** Each figure only where the data set has tasks it speaks of. */
export interface PlannerAttemptFigures {
  delegation?: DelegationFigures
  memory?: MemoryRecall
  skills?: SkillLoads
}

type AttemptTask = Pick<Task, 'id' | 'answer' | 'planner' | 'live'>

/** One answered attempt: the scorer's verdict on it and the calls it submitted. */
interface Answered {
  task: AttemptTask
  detail: DetailLine
  calls: readonly PredictedCall[]
}

/**
 * The figures of one row: its details (every run's line for every task, as
 * `scoreResponses` gives them) and the response lines they were scored from,
 * with the same run numbers. Undefined outside a planner data set.
 */
export function plannerAttemptFigures(
  tasks: readonly AttemptTask[],
  tools: readonly ToolSchema[],
  details: readonly DetailLine[],
  lines: readonly Pick<ResponseLine, 'id' | 'run' | 'calls' | 'raw'>[],
): PlannerAttemptFigures | undefined {
  if (!isPlannerDataset(tasks)) return undefined
  const answered = answeredAttempts(tasks, details, lines)
  const delegation = delegationFigures(tasks, tools, answered)
  const memory = memoryRecall(tasks, answered)
  const skills = skillLoads(tasks, answered)
  return { ...(delegation ? { delegation } : {}), ...(memory ? { memory } : {}), ...(skills ? { skills } : {}) }
}

/** Each details line of an answered task with the line its verdict was made from: the run's last line for the task, practice (`after_gold`) left out, as the scorer picks it. */
function answeredAttempts(tasks: readonly AttemptTask[], details: readonly DetailLine[], lines: readonly Pick<ResponseLine, 'id' | 'run' | 'calls' | 'raw'>[]): Answered[] {
  const byId = new Map(tasks.map((t) => [t.id, t]))
  const scored = new Map<string, Pick<ResponseLine, 'calls'>>()
  for (const line of lines) if (line.raw.after_gold !== true) scored.set(`${line.run}\u0000${line.id}`, line)
  return details.flatMap((detail) => {
    const task = byId.get(detail.id)
    const line = scored.get(`${detail.run}\u0000${detail.id}`)
    // No line, no attempt: the scorer's `no_response`.
    if (!task || !line) return []
    return [{ task, detail, calls: line.calls }]
  })
}

/** The tools that hand work to a sub-agent: their role is `delegate`, or they name the card they reach. */
function delegateTools(tools: readonly ToolSchema[]): Set<string> {
  return new Set(tools.filter((t) => toolRole(t.function) === 'delegate' || t.function['x-agent'] !== undefined).map((t) => t.function.name))
}

/** The sets of delegate tools a task's gold routes to: `answer`'s, then each alternative's; empty sets left out. */
function goldRoutes(task: AttemptTask, delegates: ReadonlySet<string>): Set<string>[] {
  const sets = [task.answer, ...(task.planner?.alternatives ?? []).map((a) => a.answer)].map((calls) => new Set(calls.map((c) => c.name).filter((name) => delegates.has(name))))
  return sets.filter((set) => set.size > 0)
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x))

/** Whether a mismatch is on a delegate call: its gold or its predicted call's tool, or the tool a `(tool)` mismatch got instead. */
function onDelegate(m: Mismatch, delegates: ReadonlySet<string>): boolean {
  return delegates.has(m.tool) || (m.param === '(tool)' && typeof m.got === 'string' && delegates.has(m.got))
}

function delegationFigures(tasks: readonly AttemptTask[], tools: readonly ToolSchema[], answered: readonly Answered[]): DelegationFigures | undefined {
  const delegates = delegateTools(tools)
  const routes = new Map<string, Set<string>[]>()
  for (const task of tasks) {
    if (task.planner?.dimension !== 'subagent' || task.planner.bucket === 'agent_behavior') continue
    const gold = goldRoutes(task, delegates)
    if (gold.length > 0) routes.set(task.id, gold)
  }
  if (routes.size === 0) return undefined
  const route: Count = { hits: 0, of: 0 }
  const handoff: Count = { hits: 0, of: 0 }
  for (const { task, detail, calls } of answered) {
    const gold = routes.get(task.id)
    if (!gold) continue
    route.of++
    handoff.of++
    const chosen = new Set(calls.map((c) => c.name).filter((name) => delegates.has(name)))
    if (chosen.size === 0 || !gold.some((set) => sameSet(set, chosen))) continue
    route.hits++
    if (!detail.mismatches.some((m) => onDelegate(m, delegates))) handoff.hits++
  }
  return { tasks: routes.size, route, handoff }
}

function memoryRecall(tasks: readonly AttemptTask[], answered: readonly Answered[]): MemoryRecall | undefined {
  const recalled = tasks.filter((t) => (t.planner?.memory?.required.length ?? 0) > 0)
  if (recalled.length === 0) return undefined
  const figures: MemoryRecall = { tasks: recalled.length, attempts: 0, used: 0, required: 0 }
  for (const { task, detail } of answered) {
    const required = task.planner?.memory?.required.length ?? 0
    if (required === 0) continue
    figures.attempts++
    figures.required += required
    figures.used += detail.memory_used?.length ?? 0
  }
  return figures
}

function skillLoads(tasks: readonly AttemptTask[], answered: readonly Answered[]): SkillLoads | undefined {
  const conditioned = tasks.filter((t) => t.planner?.skills !== undefined)
  if (conditioned.length === 0) return undefined
  const figures: SkillLoads = { tasks: conditioned.length, attempts: 0, loads: 0, required: { hits: 0, of: 0 }, forbidden: { hits: 0, of: 0 } }
  for (const { task, detail } of answered) {
    const skills = task.planner?.skills
    if (!skills) continue
    const loaded = new Set(detail.skills_loaded ?? [])
    figures.attempts++
    figures.loads += loaded.size
    if (skills.required.length > 0) {
      figures.required.of++
      if (skills.required.every((name) => loaded.has(name))) figures.required.hits++
    }
    if (skills.forbidden.length > 0) {
      figures.forbidden.of++
      if (skills.forbidden.some((name) => loaded.has(name))) figures.forbidden.hits++
    }
  }
  return figures
}

/** A count as a percentage; null for nothing to count. */
export const countShare = (count: Count): number | null => (count.of === 0 ? null : (100 * count.hits) / count.of)
