/**
 * What an LLM judge is asked about one attempt (docs/reference.md, "Planner
 * tasks"): the rubric's items that people grade, the task's instruction and
 * the whole trajectory, numbered as the replay numbers its steps, so that the
 * judge's evidence points at the same steps a person's does. The judge
 * answers in the shape of a person's grade (src/core/grades/types.ts).
 */
import { ownValue } from '../base/own'
import { isPlainObject } from '../base/text'
import type { RubricItem } from '../dataset/plannerTypes'
import type { Task } from '../dataset/types'
import type { TrajectoryStep } from '../tools/steps'

/** A step as the judge reads it: an attempt's step fits, and so does a response line's (without its recorded answer). */
export type JudgeStep = Pick<TrajectoryStep, 'name' | 'arguments' | 'kind' | 'ok'> & { content?: string; withdrawn?: boolean }

/** The body of one chat-completions request: what the runner posts to `<endpoint>/chat/completions`. */
export interface JudgeRequestBody {
  model: string
  messages: { role: 'system' | 'user'; content: string }[]
  response_format: { type: 'json_schema'; json_schema: { name: string; strict: true; schema: Record<string, unknown> } }
}

/** The items a judge grades: those without an automatic check (the checks decide the others). */
export function judgedItems(task: Pick<Task, 'planner'>): RubricItem[] {
  return (task.planner?.rubric?.items ?? []).filter((item) => item.auto === undefined)
}

/**
 * The answer's JSON Schema, in the subset strict structured outputs accept
 * (every property required, no extra ones); `id` lists the items, so a
 * model that honours the schema cannot name another.
 */
export function judgeAnswerSchema(itemIds: readonly string[]): Record<string, unknown> {
  const item = {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'met', 'evidence', 'note'],
    properties: {
      id: { type: 'string', enum: [...itemIds] },
      met: { type: ['boolean', 'null'] },
      evidence: { type: 'array', items: { type: 'integer' } },
      note: { type: 'string' },
    },
  }
  return { type: 'object', additionalProperties: false, required: ['items'], properties: { items: { type: 'array', items: item } } }
}

const SYSTEM = [
  'You grade one attempt by an AI assistant at a task on a phone, against a rubric.',
  'You get the task as the user gave it, every step of the attempt in order (its tool calls with their arguments and the answers it got, its questions to the user and its replies to the user), and the rubric items to grade.',
  'Grade each item on its own, from the steps alone:',
  '- met: true when the attempt does what the criterion says, false when it does not, null only when the steps cannot tell.',
  '- evidence: the numbers of the steps that show it (empty when nothing does).',
  '- note: one short sentence saying why.',
  'A withdrawn step was taken back by the assistant and a refused call had no effect: neither counts as done.',
  'Points say how much an item weighs; a negative item is a fault, and met means the fault happened.',
  'Answer with the JSON object only: {"items": [{"id", "met", "evidence", "note"}]}, one entry for each item, nothing else.',
].join('\n')

/** The one chat-completions request that grades an attempt. */
export function judgeRequest(task: Pick<Task, 'instruction' | 'planner'>, steps: readonly JudgeStep[], model: string): JudgeRequestBody {
  const items = judgedItems(task)
  const user = [
    '## Task',
    task.instruction,
    '',
    `## Steps (${steps.length})`,
    ...(steps.length > 0 ? steps.map((step, i) => stepText(step, i + 1)) : ['(none: the attempt made no call and said nothing)']),
    '',
    '## Rubric items to grade',
    ...items.map((item) => `- ${item.id} (${item.points} points): ${item.criterion}`),
  ].join('\n')
  return {
    model,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: user },
    ],
    response_format: { type: 'json_schema', json_schema: { name: 'rubric_grade', strict: true, schema: judgeAnswerSchema(items.map((item) => item.id)) } },
  }
}

/** One step in the judge's words: a reply is the assistant's text, any other step a call with its arguments and, where recorded, its answer. */
function stepText(step: JudgeStep, n: number): string {
  const flags = [step.withdrawn ? 'withdrawn' : '', step.ok ? '' : 'refused'].filter(Boolean)
  const marked = flags.length > 0 ? ` [${flags.join(', ')}]` : ''
  if (step.kind === 'reply') return `${n}. reply to the user${marked}: ${replyText(step.arguments)}`
  const call = `${n}. ${step.kind === 'ask' ? 'question to the user' : 'tool call'} ${step.name}${marked} ${argumentText(step.arguments)}`
  return step.content === undefined ? call : `${call}\n   answer: ${step.content}`
}

/** A reply step keeps its text under `text`; anything else is shown as it is. */
function replyText(args: unknown): string {
  const text = isPlainObject(args) ? ownValue(args, 'text') : undefined
  return typeof text === 'string' ? text : argumentText(args)
}

/** Arguments as JSON; a model's unparsable text is shown as given. */
function argumentText(args: unknown): string {
  return typeof args === 'string' ? args : (JSON.stringify(args) ?? String(args))
}
