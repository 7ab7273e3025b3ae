/**
 * A judge's answer read into item grades, or the reason it cannot be read.
 * Models do not always keep to the requested format, so the JSON is also
 * taken from a ```json fence or from after a line of prose; anything else,
 * or JSON that is not one grade for each item asked about, is unreadable: the
 * runner asks again, and after its last try the grade is `invalid`, never
 * "not met".
 */
import { Validator } from '@cfworker/json-schema'
import type { Schema } from '@cfworker/json-schema'
import type { ItemGrade } from '../grades/types'
import { judgeAnswerSchema } from './request'

export type JudgeAnswer = { items: ItemGrade[] } | { problem: string }

/** Longer than any honest answer: the search for JSON after prose is quadratic in the worst case, so it stops here. */
const MAX_ANSWER_CHARS = 100_000
/** How many `{` after prose are tried as the start of the JSON. */
const MAX_STARTS = 50

/**
 * The answer's grades, one for each of `itemIds` in that order, or a problem:
 * no JSON found, JSON of the wrong shape, an item missing, repeated or not
 * asked about, or evidence naming a step the attempt does not have.
 */
export function readJudgeAnswer(text: string, itemIds: readonly string[], stepCount: number): JudgeAnswer {
  if (text.length > MAX_ANSWER_CHARS) return { problem: `the answer is longer than ${MAX_ANSWER_CHARS} characters` }
  const value = jsonIn(text)
  if (value === undefined) return { problem: 'no JSON object in the answer' }
  const checked = new Validator(judgeAnswerSchema(itemIds) as Schema, '2020-12', true).validate(value)
  if (!checked.valid) return { problem: `the JSON does not fit the schema: ${checked.errors.map((e) => `${e.instanceLocation} ${e.error}`).join('; ')}` }
  const items = (value as { items: ItemGrade[] }).items
  const byId = new Map<string, ItemGrade>()
  for (const item of items) {
    if (byId.has(item.id)) return { problem: `item ${item.id} is graded twice` }
    byId.set(item.id, item)
  }
  const missing = itemIds.filter((id) => !byId.has(id))
  if (missing.length > 0) return { problem: `no grade for ${missing.join(', ')}` }
  const stray = items.flatMap((item) => item.evidence.filter((step) => step < 1 || step > stepCount))
  if (stray.length > 0) return { problem: `evidence names steps the attempt does not have (${stray.join(', ')}; steps are 1 to ${stepCount})` }
  return { items: itemIds.map((id) => copyOf(byId.get(id) as ItemGrade)) }
}

/** The JSON the answer holds: the whole text, else the first ```json (or bare ```) fence that parses, else the text from a `{` to its end. */
function jsonIn(text: string): unknown {
  const whole = parsed(text)
  if (whole !== undefined) return whole
  for (const fence of text.matchAll(/```(?:json)?[ \t]*\r?\n?([\s\S]*?)```/gi)) {
    const inside = parsed(fence[1] ?? '')
    if (inside !== undefined) return inside
  }
  let start = text.indexOf('{', 1)
  for (let tries = 0; start >= 0 && tries < MAX_STARTS; tries++) {
    const tail = parsed(text.slice(start))
    if (tail !== undefined) return tail
    start = text.indexOf('{', start + 1)
  }
  return undefined
}

/** Text parsed as JSON; only an object counts as an answer. */
function parsed(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text.trim())
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** Only the grade's own fields: a model's extra keys are not carried into a stored grade. */
function copyOf(item: ItemGrade): ItemGrade {
  return { id: item.id, met: item.met, evidence: [...item.evidence], note: item.note }
}
