/**
 * Types of planner tasks (docs/reference.md, "Planner tasks"): the optional
 * `prompt_metadata` keys that place a task in one of MobilePA-Bench's four
 * dimensions and say how it is checked. A task without any of them is an
 * ordinary SPIEval task.
 */
import type { GoldCall } from './types'

/** MobilePA-Bench's four dimensions; a task without one is `basic`. */
export const DIMENSIONS = ['basic', 'subagent', 'memory', 'skill'] as const
export type Dimension = (typeof DIMENSIONS)[number]

/** The weight of each dimension in `overall_mobilepa`. */
export const DIMENSION_WEIGHTS: Readonly<Record<Dimension, number>> = { basic: 0.5, subagent: 0.1, memory: 0.2, skill: 0.2 }

/** What decides a task: its calls, the state it leaves, or its rubric. */
export const BUCKETS = ['tool_call', 'state_change', 'agent_behavior'] as const
export type Bucket = (typeof BUCKETS)[number]

/**
 * How calls beyond the gold are treated: `no_extra_writes` fails a task with
 * more write, delegate or ask calls than the gold pairs plus `allow` (a budget
 * per tool); `lenient` ignores them.
 */
export interface Extraneous {
  policy: 'no_extra_writes' | 'lenient'
  allow: Record<string, number>
}

/** Another complete gold set: the call verdict is the best over `answer` and each alternative. */
export interface AlternativeAnswer {
  answer: GoldCall[]
  /** One list per call of this alternative, as the task's own `free_params`. */
  freeParams: string[][]
}

/** Facts a free-text argument of a gold call's match must mention: every one of `all`, and one of each list in `any`. */
export interface Mention {
  /** Index of the gold call in `answer`. */
  call: number
  param: string
  all: string[]
  any: string[][]
}

/** When a memory counts as used: it came back in a successful read, or it was opened with get_memory. */
export type MemoryEvidence = 'returned' | 'opened'

export interface MemoryCondition {
  required: string[]
  evidence: MemoryEvidence
  /** A diagnostic only (`memory_forbidden_used` in the details), never a gate. */
  forbidden: string[]
}

export interface SkillCondition {
  required: string[]
  forbidden: string[]
}

/** A deterministic rubric check, read from the attempt's steps and the assistant's messages. */
export type AutoCheck =
  | { kind: 'called'; tool: string; args?: Record<string, unknown> }
  | { kind: 'not_called'; tool: string }
  | { kind: 'called_before'; first: string; then: string }
  | { kind: 'said'; all: string[]; any: string[] }
  | { kind: 'not_said'; any: string[] }
  | { kind: 'memory_used'; ids: string[] }
  | { kind: 'skill_loaded'; name: string }

export const AUTO_CHECK_KINDS: readonly AutoCheck['kind'][] = ['called', 'not_called', 'called_before', 'said', 'not_said', 'memory_used', 'skill_loaded']

export interface RubricItem {
  id: string
  criterion: string
  /** Non-zero: negative points penalise. */
  points: number
  /** Decided by the attempt itself; without it, people grade the item. */
  auto?: AutoCheck
}

export interface Rubric {
  items: RubricItem[]
  pass: { minScore: number; required: string[] }
  /** How many human grades an item needs before their majority decides it. */
  graders: { min: number }
}

/** The planner keys of a task's `prompt_metadata`, as read; only the keys the task gives are set. */
export interface PlannerMetadata {
  dimension?: Dimension
  bucket?: Bucket
  /** Edges [before, after] between gold call indexes. */
  order?: [number, number][]
  extraneous?: Extraneous
  alternatives?: AlternativeAnswer[]
  mentions?: Mention[]
  memory?: MemoryCondition
  skills?: SkillCondition
  /** What `Ask_User` answers, in order (the last repeats). */
  userReplies?: string[]
  rubric?: Rubric
}

/** The `prompt_metadata` keys read into {@link PlannerMetadata}. */
export const PLANNER_KEYS = ['dimension', 'bucket', 'order', 'extraneous', 'alternatives', 'mentions', 'memory', 'skills', 'user_replies', 'rubric'] as const

/** The optional files of a planner data set, beside the published three. */
export const PLANNER_FILES = { skills: 'skills.json', agents: 'agents.json' } as const

/** A skill of skills.json: what `load_skill(name)` answers and the tools it makes available. */
export interface Skill {
  /** Agent Skills' rule: 1 to 64 of a-z, 0-9 and single hyphens inside. */
  name: string
  /** 1 to 1,024 characters: what the skill is for and when to load it. */
  description: string
  /** The SKILL.md text. */
  body: string
  /** The tools (each marked `"x-skill": name`) loading the skill offers. */
  tools: string[]
  displayName?: string
}

/** One capability of a sub-agent's card (A2A's AgentSkill, in part). */
export interface AgentCardSkill {
  id: string
  name: string
  description: string
  tags: string[]
  examples: string[]
}

/** A sub-agent of agents.json (a subset of A2A's AgentCard): its route is one tool, `Delegate_<Name>`. */
export interface AgentCard {
  id: string
  name: string
  description: string
  /** The tool that hands work to it (marked `"x-agent": id`). */
  tool: string
  skills: AgentCardSkill[]
  /** What a call answers: `{argument}` placeholders are filled from the call. */
  reply: string
  /** Canned results keyed by an argument's value. */
  answers?: Record<string, string>
}

/**
 * A tool's role (`x-kind` on its `function`): only write and delegate calls
 * are submitted actions. Without it, a `search_` or `get_` name is a read and
 * any other a write.
 */
export const TOOL_ROLES = ['read', 'write', 'meta', 'delegate', 'ask'] as const
export type ToolRole = (typeof TOOL_ROLES)[number]

/** How a parameter's value is compared with the gold (`x-compare` on its schema); `exact` is the default. */
export const COMPARE_MODES = ['exact', 'casefold', 'strip', 'digits', 'datetime', 'set'] as const
export type CompareMode = (typeof COMPARE_MODES)[number]

/** The keys a tool's `function` may carry for planner tasks. */
export const TOOL_PLANNER_KEYS = { kind: 'x-kind', skill: 'x-skill', agent: 'x-agent' } as const
/** The key of a parameter's schema that picks its {@link CompareMode}. */
export const COMPARE_KEY = 'x-compare'
