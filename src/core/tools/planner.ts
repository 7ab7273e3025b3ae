/**
 * What the runtime answers for a planner data set's own kinds of tool: a skill
 * loaded with `load_skill` (and the tools it offers from then on), a sub-agent
 * behind a `Delegate_*` tool, and the user behind `Ask_User`. None calls a
 * model: every answer comes from the data set, so a run is replayed exactly.
 */
import { hasOwn, ownValue } from '../base/own'
import { isPlainObject } from '../base/text'
import type { AgentCard, Skill, ToolRole } from '../dataset/plannerTypes'
import type { ToolSchema } from '../dataset/types'
import type { ToolResult } from './types'

/** The tool the runtime adds whenever the data set has skills. */
export const LOAD_SKILL = 'load_skill'
/** The tool that asks the user; it answers the task's scripted replies. */
export const ASK_USER = 'Ask_User'
/** What `Ask_User` answers when the task scripts no reply. */
export const NO_REPLY = 'The user did not reply.'

/**
 * The name of a reply step: the assistant's message to the user (an agent's
 * last answer, or what a person or program sends with window.spieval.reply or
 * MCP submit). It is no tool, and no tool may take the name.
 */
export const REPLY = 'reply'
/** The error code of a call to a tool whose skill is not loaded: a model reads it, and the scorer names it. */
export const SKILL_NOT_LOADED = 'skill_not_loaded'

/** A tool's role: its `x-kind`, else by name (`search_` and `get_` read, anything else writes). */
export function toolRole(tool: Pick<ToolSchema['function'], 'name' | 'x-kind'>): ToolRole {
  if (tool['x-kind']) return tool['x-kind']
  if (tool.name === LOAD_SKILL) return 'meta'
  return tool.name.startsWith('search_') || tool.name.startsWith('get_') ? 'read' : 'write'
}

/** `load_skill`, made from the skills: its `name` is one of them, and its description lists what each is for. */
export function loadSkillTool(skills: readonly Skill[]): ToolSchema {
  const catalogue = skills.map((s) => `- ${s.name}: ${s.description}`).join('\n')
  return {
    type: 'function',
    function: {
      name: LOAD_SKILL,
      description: `Loads a skill: answers its instructions and makes its tools available. Skills:\n${catalogue}`,
      parameters: {
        type: 'object',
        properties: { name: { type: 'string', enum: skills.map((s) => s.name), description: 'The skill to load.' } },
        required: ['name'],
      },
      'x-kind': 'meta',
    },
  }
}

/**
 * The tools offered while `loaded` skills are loaded: a skill's tools stay
 * hidden until it is, and `load_skill` is offered whenever there are skills.
 */
export function toolsWithSkills(tools: readonly ToolSchema[], skills: readonly Skill[] | undefined, loaded: ReadonlySet<string>): ToolSchema[] {
  if (!skills || skills.length === 0) return [...tools]
  const shown = tools.filter((t) => t.function.name !== LOAD_SKILL && (t.function['x-skill'] === undefined || loaded.has(t.function['x-skill'])))
  return [loadSkillTool(skills), ...shown]
}

/** A call to a tool of a skill not loaded: refused, with what to do about it. */
export function skillNotLoaded(tool: string, skill: string): ToolResult {
  return { ok: false, friction: true, content: `Error (${SKILL_NOT_LOADED}): ${tool} belongs to the skill "${skill}", which is not loaded. Call ${LOAD_SKILL} with name "${skill}" first.` }
}

/** What `load_skill` answers: the skill's text and the schemas of the tools it makes available. */
export function loadSkillAnswer(skill: Skill, tools: readonly ToolSchema[]): ToolResult {
  const offered = tools.filter((t) => t.function['x-skill'] === skill.name)
  const schemas = offered.map((t) => JSON.stringify(t.function)).join('\n')
  const content = `Skill "${skill.name}" loaded.\n\n${skill.body}\n\nTools now available:\n${schemas}`
  return { ok: true, content, data: { skill: skill.name, tools: offered.map((t) => t.function.name) } }
}

/** The skills loaded by a trajectory's successful `load_skill` calls, in order. */
export function loadedSkills(steps: readonly { name: string; ok: boolean; arguments: unknown; withdrawn?: boolean }[]): Set<string> {
  const loaded = new Set<string>()
  for (const step of steps) {
    if (step.name !== LOAD_SKILL || !step.ok || step.withdrawn) continue
    const name = argumentsOf(step.arguments)?.name
    if (typeof name === 'string') loaded.add(name)
  }
  return loaded
}

/** A stored call's arguments as an object: a model's come as JSON text (a successful call's always parses). */
function argumentsOf(raw: unknown): Record<string, unknown> | undefined {
  if (isPlainObject(raw)) return raw
  if (typeof raw !== 'string') return undefined
  try {
    const parsed: unknown = JSON.parse(raw)
    return isPlainObject(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** What `Ask_User` answers the n-th time it is called (0-based): the scripted replies in order, the last repeating. */
export function askUserAnswer(replies: readonly string[] | undefined, asked: number): ToolResult {
  const reply = replies && replies.length > 0 ? replies[Math.min(asked, replies.length - 1)] : undefined
  return { ok: true, content: reply ?? NO_REPLY, data: { reply: reply ?? null } }
}

/**
 * A sub-agent's answer to a handoff: its canned `answers` entry for the first
 * argument whose value is a key, else its `reply` with each `{argument}`
 * filled from the call (an argument not given fills in empty).
 */
export function delegateAnswer(card: AgentCard, args: Record<string, unknown>): ToolResult {
  const text = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value))
  const answers = card.answers
  if (answers) {
    for (const value of Object.values(args)) {
      const key = text(value)
      if (hasOwn(answers, key)) return { ok: true, content: answers[key] ?? '', data: { executed: true, agent: card.id, arguments: args } }
    }
  }
  const content = card.reply.replace(/\{([^{}]+)\}/g, (_, name: string) => text(ownValue(args, name)))
  return { ok: true, content, data: { executed: true, agent: card.id, arguments: args } }
}
