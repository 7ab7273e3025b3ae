import type { AgentCard, Skill } from '../dataset/plannerTypes'
/** The three model settings of the published protocol. */
export type Setting = 'paginated' | 'full' | 'no_search'

export const SETTINGS: readonly Setting[] = ['paginated', 'full', 'no_search']

/**
 * A setting as a caller gave it, checked: the API, MCP, the page's runner and
 * the CLI all come through here, so a typo ("Paginated") is refused the same
 * way everywhere instead of running as another setting.
 */
export function readSetting(value: unknown, fallback: Setting = 'paginated'): Setting {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'string' && (SETTINGS as readonly string[]).includes(value)) return value as Setting
  throw new Error(`Unknown setting ${JSON.stringify(value)}: use one of ${SETTINGS.join(', ')}.`)
}

/** Results per page in the `paginated` setting. */
export const PAGE_SIZE = 5

/** Who made a call; the trajectory is the same whoever it was. */
export type CallSource = 'ui' | 'api' | 'agent' | 'webmcp' | 'mcp' | 'replay' | 'test'

/**
 * What a step is: a search (`retrieval`), an action (`execution`, the only
 * kind submitted and scored), for planner tools `meta` (`load_skill`) and
 * `ask` (`Ask_User`), which act on neither the records nor the score, and
 * `reply`: the assistant's message to the user (no tool; see REPLY).
 */
export type ToolKind = 'retrieval' | 'execution' | 'meta' | 'ask' | 'reply'

export const TOOL_KINDS: readonly ToolKind[] = ['retrieval', 'execution', 'meta', 'ask', 'reply']

/** A planner data set's skills and sub-agents, and the task's scripted replies to `Ask_User`. */
export interface PlannerContext {
  skills?: readonly Skill[]
  agents?: readonly AgentCard[]
  userReplies?: readonly string[]
}

/** What a tool answers. `content` is exactly what a model sees. */
export interface ToolResult {
  ok: boolean
  content: string
  data?: unknown
  /** Refused by a rule of the task (live friction, a skill not loaded): never a submitted action, and counted apart. */
  friction?: boolean
}

/** One call as the trajectory records it. */
export interface ToolCall extends ToolResult {
  name: string
  /** The arguments as given (an object, or the raw string when it was not JSON). */
  arguments: unknown
  source: CallSource
  /** Unknown tools count as execution calls, as in scoring. */
  kind: ToolKind
}

/** The structured part of a search reply, for UIs that show or highlight hits. */
export interface SearchData {
  app: string
  total: number
  page: number
  pages: number
  hits: { app: string; index: number; record: Record<string, unknown>; score?: number }[]
}
