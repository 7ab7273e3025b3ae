/**
 * What a planner data set offers on the phone right now: the tools the
 * runtime offers (a skill's only once `load_skill` has loaded it, as an agent
 * sees them), and which of the planner's own screens the open task has. Small
 * and on the first load: the home screen and the apps read it.
 */
import { useMemo } from 'react'
import { ASK_USER, MEMORY_APP, isMemoryReadTool, loadedSkills, toolRole, toolsWithSkills } from '../../core'
import type { ToolSchema, TrajectoryStep } from '../../core'
import { useSession } from '../../state/session'

const NONE: ReadonlySet<string> = new Set()

/** The skills loaded by these steps, as one string that changes only when another loads (a store selector's stable answer). */
function loadedKey(steps: readonly TrajectoryStep[]): string {
  return [...loadedSkills(steps)].sort().join('\n')
}

/** The skills the open attempt has loaded so far. */
export function useLoadedSkills(): ReadonlySet<string> {
  const key = useSession((s) => (s.dataset?.skills?.length ? loadedKey(s.steps) : ''))
  return useMemo(() => (key === '' ? NONE : new Set(key.split('\n'))), [key])
}

/** One list per data set's tools and set of loaded skills, so that whatever is built from a list (placed tools) is built once. */
const offeredCache = new WeakMap<readonly ToolSchema[], Map<string, ToolSchema[]>>()

/**
 * The tools a person's taps can call through an app's or the home screen's
 * forms now: those the runtime offers (a skill's once it is loaded), but for
 * the ones with screens of their own: memory's reads, `load_skill`,
 * `Ask_User` and the sub-agents' `Delegate_*` tools. (Searches have their bars.)
 */
function phoneActions(tools: readonly ToolSchema[], skills: Parameters<typeof toolsWithSkills>[1], key: string): ToolSchema[] {
  let perKey = offeredCache.get(tools)
  if (!perKey) offeredCache.set(tools, (perKey = new Map()))
  const known = perKey.get(key)
  if (known) return known
  const loaded = key === '' ? NONE : new Set(key.split('\n'))
  const actions = toolsWithSkills(tools, skills, loaded).filter((t) => {
    const role = toolRole(t.function)
    return role === 'write' || (role === 'read' && !isMemoryReadTool(t.function.name))
  })
  perKey.set(key, actions)
  return actions
}

/** {@link phoneActions} for the open data set and attempt. */
export function usePhoneActions(): ToolSchema[] | undefined {
  const tools = useSession((s) => s.dataset?.tools)
  const skills = useSession((s) => s.dataset?.skills)
  const key = useSession((s) => (s.dataset?.skills?.length ? loadedKey(s.steps) : ''))
  return tools ? phoneActions(tools, skills, key) : undefined
}

/** What of the planner the open task has: its memory items, the data set's skills and sub-agents, a way to ask the user. */
export interface PlannerParts {
  memory: boolean
  skills: boolean
  assistants: boolean
  ask: boolean
  /** Any of them, or planner metadata on the task: the task is a planner task, with a way to message the user. */
  planner: boolean
}

/** The planner parts of the open task (false throughout for a published SPIEval task). */
export function usePlannerParts(): PlannerParts {
  const memory = useSession((s) => (s.records?.[MEMORY_APP]?.length ?? 0) > 0 || (s.live?.changes.some((c) => c.app === MEMORY_APP) ?? false))
  const skills = useSession((s) => (s.dataset?.skills?.length ?? 0) > 0)
  const assistants = useSession((s) => (s.dataset?.agents?.length ?? 0) > 0)
  const ask = useSession((s) => s.dataset?.tools.some((t) => t.function.name === ASK_USER) ?? false)
  const metadata = useSession((s) => s.task?.planner !== undefined)
  return { memory, skills, assistants, ask, planner: memory || skills || assistants || ask || metadata }
}

/** The planner screens' colours (their home-screen icons and their headers). */
export const PLANNER_COLORS = { user: '#0a7d3e', skills: '#6e3ed6', assistants: '#0b6e99' } as const
