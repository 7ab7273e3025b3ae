/**
 * What the oracle agent does on a planner task besides its gold calls
 * (docs/reference.md, "Planner tasks"): before acting, it loads the skills
 * the task requires, opens the memories it must use, asks the user once per
 * scripted reply and makes the reads a rubric asks for; it writes the facts
 * a `mentions` entry requires into the free-text payload; and it ends with a
 * reply to the user that says what the rubric wants said. Everything is read
 * from the task, as the oracle's gold calls are: it shows a task can be
 * solved through the tools, not how a model would find the way.
 */
import { setOwn } from '../base/own'
import { GET_MEMORY } from '../dataset/memoryTypes'
import type { AutoCheck, Mention, PlannerMetadata } from '../dataset/plannerTypes'
import type { ToolSchema } from '../dataset/types'
import { LOAD_SKILL, SKILL_NOT_LOADED, toolRole } from '../tools/planner'
import { withRequired } from './requiredArguments'

/** A call the oracle makes: a tool and its arguments. */
export interface PlannedCall {
  name: string
  args: Record<string, unknown>
}

const autoChecks = (planner: PlannerMetadata): AutoCheck[] => (planner.rubric?.items ?? []).flatMap((item) => (item.auto && item.points > 0 ? [item.auto] : []))

/**
 * The calls of the oracle's first turn on a planner task, beside its
 * searches: skills, memories, questions and a rubric's reads, in that order
 * (a rubric's `called_before` puts asking and reading before any write).
 */
export function plannerPreamble(planner: PlannerMetadata | undefined, tools: readonly ToolSchema[], instruction: string): PlannedCall[] {
  if (!planner) return []
  const offered = new Set(tools.map((t) => t.function.name))
  const checks = autoChecks(planner)
  const calls: PlannedCall[] = []
  const skills = new Set([...(planner.skills?.required ?? []), ...checks.flatMap((c) => (c.kind === 'skill_loaded' ? [c.name] : []))])
  if (offered.has(LOAD_SKILL)) for (const name of skills) calls.push({ name: LOAD_SKILL, args: { name } })
  const memories = new Set([...(planner.memory?.required ?? []), ...checks.flatMap((c) => (c.kind === 'memory_used' ? c.ids : []))])
  if (offered.has(GET_MEMORY)) for (const id of memories) calls.push({ name: GET_MEMORY, args: { id } })
  const ask = tools.find((t) => toolRole(t.function) === 'ask')?.function.name
  if (ask) for (let i = 0; i < (planner.userReplies?.length ?? 0); i++) calls.push({ name: ask, args: { question: instruction } })
  // A rubric's read: one it wants called, or one it wants before an action (a write it wants is a gold call).
  for (const check of checks) {
    const name = check.kind === 'called' ? check.tool : check.kind === 'called_before' ? check.first : undefined
    if (name === undefined || calls.some((c) => c.name === name)) continue
    const tool = tools.find((t) => t.function.name === name)
    if (!tool || toolRole(tool.function) !== 'read') continue
    const given = check.kind === 'called' ? (check.args ?? {}) : {}
    calls.push({ name, args: withRequired(tool, { ...given }, instruction) })
  }
  return calls
}

/** The text a free-text parameter needs for `mentions` of this gold call: every required fact, and one of each alternative. */
export function mentionedText(mentions: readonly Mention[] | undefined, call: number, param: string): string | undefined {
  const wanted = (mentions ?? []).filter((m) => m.call === call && m.param === param)
  if (wanted.length === 0) return undefined
  return wanted.flatMap((m) => [...m.all, ...m.any.flatMap((group) => group.slice(0, 1))]).join('; ')
}

/** A gold call's arguments with each mentioned parameter written out (the gold leaves free text open). */
export function withMentions(args: Record<string, unknown>, mentions: readonly Mention[] | undefined, call: number): Record<string, unknown> {
  for (const param of new Set((mentions ?? []).filter((m) => m.call === call).map((m) => m.param))) {
    const text = mentionedText(mentions, call, param)
    if (text !== undefined) setOwn(args, param, text)
  }
  return args
}

/** The oracle's last message to the user on a planner task: what a rubric wants said, or undefined to end as any task does. */
export function plannerReply(planner: PlannerMetadata | undefined): string | undefined {
  const said = (planner ? autoChecks(planner) : []).flatMap((c) => (c.kind === 'said' ? [...c.all, ...c.any.slice(0, 1)] : []))
  return said.length > 0 ? said.join('. ') + '.' : undefined
}

/** The skill a refused call asks to be loaded (the runtime's skill_not_loaded answer names it). */
export function skillAskedFor(content: string): string | undefined {
  if (!content.includes(SKILL_NOT_LOADED)) return undefined
  return /belongs to the skill "([^"]+)"/.exec(content)?.[1]
}
