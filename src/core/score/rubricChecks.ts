/**
 * A rubric's automatic checks (docs/reference.md, "Planner tasks"), read from
 * the same trajectory as the memory and skill conditions: an attempt's steps,
 * or a response line's messages (src/core/results/lineTrajectory.ts). Only
 * what took effect counts: a call the runtime refused (a bad argument, a
 * skill's gate, friction) or the solver withdrew was never made, for
 * `called` and `not_called` alike. The assistant's messages to the user are
 * its replies and the questions it asked (`Ask_User`'s `question`).
 */
import { ownValue } from '../base/own'
import type { AutoCheck } from '../dataset/plannerTypes'
import type { JsonSchema, ToolSchema } from '../dataset/types'
import { isAcceptable, parsePredictedArguments } from './compare'
import { mentions } from './mentions'
import type { ConditionStep } from './conditions'

/** The word a `called_before` check uses for any submitted action (a write or delegate call) instead of a tool name. */
export const ANY_WRITE = 'write'

/** What the checks read: the whole trajectory, and the memory and skill evidence as the conditions read it. */
export interface RubricEvidence {
  steps: readonly ConditionStep[]
  /** Memory ids with evidence, by the task's memory evidence rule, before the last submitted action (to the end when there is none). */
  memoryUsed: ReadonlySet<string>
  /** Skills loaded before the last submitted action (to the end when there is none). */
  skillsLoaded: ReadonlySet<string>
  /** The data set's tools: a `called` check's arguments compare under their parameters' `x-compare`. */
  tools: readonly ToolSchema[]
}

/** Whether a trajectory meets an automatic check. */
export function autoCheckMet(check: AutoCheck, evidence: RubricEvidence): boolean {
  const steps = evidence.steps
  switch (check.kind) {
    case 'called':
      return steps.some((s) => tookEffect(s) && s.name === check.tool && argumentsMatch(s, check.args, evidence.tools))
    case 'not_called':
      return !steps.some((s) => tookEffect(s) && s.name === check.tool)
    case 'called_before':
      return calledBefore(steps, check.first, check.then)
    case 'said': {
      const texts = messagesToUser(steps)
      const said = (fact: string) => texts.some((text) => mentions(text, fact))
      return check.all.every(said) && (check.any.length === 0 || check.any.some(said))
    }
    case 'not_said': {
      const texts = messagesToUser(steps)
      return !check.any.some((fact) => texts.some((text) => mentions(text, fact)))
    }
    case 'memory_used':
      return check.ids.every((id) => evidence.memoryUsed.has(id))
    case 'skill_loaded':
      return evidence.skillsLoaded.has(check.name)
  }
}

/** A step that happened as far as the task is concerned: the runtime took it and the solver kept it. */
const tookEffect = (step: ConditionStep): boolean => step.ok && !step.withdrawn

/** Whether a step is a call of `target`: a tool's name, or {@link ANY_WRITE} for any submitted action. */
const isCallOf = (step: ConditionStep, target: string): boolean => (target === ANY_WRITE ? step.kind === 'execution' : step.name === target && step.kind !== 'reply')

/**
 * Met when a `first` call comes before every `then` call, or no `then` call
 * is made. A call that is both (a write tool before any write) does not have
 * to come before itself.
 */
function calledBefore(steps: readonly ConditionStep[], first: string, then: string): boolean {
  const firstAt = steps.findIndex((s) => tookEffect(s) && isCallOf(s, first))
  return steps.every((s, i) => !tookEffect(s) || !isCallOf(s, then) || i === firstAt || (firstAt >= 0 && firstAt < i))
}

/**
 * Whether a call's arguments hold each value a `called` check names, compared
 * as the scorer compares a gold value (the parameter's `x-compare`); a value
 * of null asks for the argument to be left out.
 */
function argumentsMatch(step: ConditionStep, wanted: Record<string, unknown> | undefined, tools: readonly ToolSchema[]): boolean {
  if (!wanted) return true
  const args = parsePredictedArguments(step.arguments)
  if (!args) return false
  const properties = tools.find((t) => t.function.name === step.name)?.function.parameters.properties
  return Object.entries(wanted).every(([param, value]) => {
    const got = ownValue(args, param)
    if (value === null) return got === undefined || got === null
    const schema: JsonSchema | undefined = properties ? ownValue(properties, param) : undefined
    return got !== undefined && got !== null && isAcceptable([value], got, schema)
  })
}

/** The assistant's messages to the user, in order: the text of each reply, and the question of each question the runtime put to the user. */
export function messagesToUser(steps: readonly ConditionStep[]): string[] {
  const texts: string[] = []
  for (const step of steps) {
    if (!tookEffect(step) || (step.kind !== 'reply' && step.kind !== 'ask')) continue
    const text = ownValue(parsePredictedArguments(step.arguments) ?? {}, step.kind === 'reply' ? 'text' : 'question')
    if (typeof text === 'string' && text !== '') texts.push(text)
  }
  return texts
}
