/**
 * Which of a task's calls the scorer pairs with the gold, by each tool's role
 * (docs/reference.md, "Planner tasks"): only write and delegate calls are
 * submitted actions; an ask (`Ask_User`) is never gold but counts against a
 * task's `extraneous` budget; a read or a meta call (`load_skill`) never counts.
 */
import { isRetrievalToolName } from '../apps/registry'
import type { ToolRole } from '../dataset/plannerTypes'
import type { PredictedCall, ToolSchema } from '../dataset/types'
import { LOAD_SKILL, toolRole } from '../tools/planner'

/**
 * The roles of tools.json that differ from the scorer's rule for a name it
 * does not know (a `search_` name reads, any other writes: what a published
 * data set has always been scored by). Empty for a published data set, so
 * that its calls are sorted exactly as before.
 */
export function toolRoles(tools: readonly ToolSchema[]): ReadonlyMap<string, ToolRole> {
  const roles = new Map<string, ToolRole>()
  for (const { function: fn } of tools) {
    const role = toolRole(fn)
    if (role !== unknownToolRole(fn.name)) roles.set(fn.name, role)
  }
  // The runtime offers load_skill whenever there are skills, and skills mark their tools.
  const planner = tools.some(({ function: fn }) => fn['x-kind'] !== undefined || fn['x-skill'] !== undefined || fn['x-agent'] !== undefined)
  if (planner && !tools.some((t) => t.function.name === LOAD_SKILL)) roles.set(LOAD_SKILL, 'meta')
  return roles
}

const unknownToolRole = (name: string): ToolRole => (isRetrievalToolName(name) ? 'read' : 'write')

/** A task's calls as the scorer takes them: the submitted actions (write, delegate) and the asks, each in order. */
export interface SortedCalls {
  actions: readonly PredictedCall[]
  asks: readonly PredictedCall[]
}

const NO_ASKS: readonly PredictedCall[] = []

/** Sorts the calls handed in (whichever path: a response line's calls, an attempt's submitted ones) by role. */
export function sortCalls(given: readonly PredictedCall[], roles: ReadonlyMap<string, ToolRole> | undefined): SortedCalls {
  if (!roles || roles.size === 0) {
    // The published rule, as it always was: retrieval calls are never scored (docs/reference.md, Scores).
    const actions = given.some((c) => isRetrievalToolName(c.name)) ? given.filter((c) => !isRetrievalToolName(c.name)) : given
    return { actions, asks: NO_ASKS }
  }
  const actions: PredictedCall[] = []
  const asks: PredictedCall[] = []
  for (const call of given) {
    const role = roles.get(call.name) ?? unknownToolRole(call.name)
    if (role === 'write' || role === 'delegate') actions.push(call)
    else if (role === 'ask') asks.push(call)
  }
  return { actions, asks }
}
