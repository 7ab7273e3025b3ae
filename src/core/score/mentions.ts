/**
 * A planner task's `mentions` (docs/reference.md, "Planner tasks"): facts a
 * free-text argument (a sub-agent's handoff, a message) must contain,
 * whatever its wording. Both sides are read the same way: NFKC, lower case,
 * then white space and Unicode punctuation removed, so that `Tom  Ruiz,` and
 * `tom ruiz` agree. A mention made only of digits, spaces and `+-()` is a
 * number (a phone number, an amount): it is found when its digits appear in a
 * row among the argument's digits, so that `138-2241-9087` is found in
 * `call 13822419087` and in `138 2241 9087`.
 */
import type { Mention } from '../dataset/plannerTypes'
import { ownValue } from '../base/own'
import { checksOf } from './pairing'
import type { PairChecks, PairFailures } from './pairing'
import type { Mismatch } from './types'

const NOT_COUNTED = /[\s\p{P}]/gu
const NUMBER = /^[\d\s+\-()]+$/

/** A text as mentions compare it. */
export function mentionText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(NOT_COUNTED, '')
}

const digitsOf = (text: string): string => text.replace(/\D/g, '')

/** Whether an argument's text mentions one fact. */
export function mentions(argument: string, fact: string): boolean {
  const wanted = fact.normalize('NFKC')
  if (NUMBER.test(wanted) && /\d/.test(wanted)) return digitsOf(argument.normalize('NFKC')).includes(digitsOf(wanted))
  return mentionText(argument).includes(mentionText(wanted))
}

/** An argument's value as text: a string as it is, anything else as its JSON (a number as its digits); absent, empty. */
export function argumentText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
}

/** What one mention finds missing in an argument: each string of `all`, and each list of `any`, not found. */
export function missingMentions(mention: Pick<Mention, 'all' | 'any'>, argument: string): (string | string[])[] {
  const missing: (string | string[])[] = mention.all.filter((fact) => !mentions(argument, fact))
  for (const group of mention.any) if (!group.some((fact) => mentions(argument, fact))) missing.push(group)
  return missing
}

/** One mismatch per mention the action paired with its gold call misses (an unpaired or unreadable call is already wrong). */
export function mentionMismatches(pairs: PairChecks, pairing: readonly [number, number][], required: readonly Mention[]): Mismatch[] {
  if (required.length === 0) return []
  const partner = new Map(pairing)
  return required.flatMap((mention): Mismatch[] => {
    const p = partner.get(mention.call)
    const args = p === undefined ? undefined : pairs.parsed[p]
    if (p === undefined || args === undefined || checksOf(pairs, mention.call, p) === null) return []
    const value = ownValue(args, mention.param)
    const missing = missingMentions(mention, argumentText(value))
    if (missing.length === 0) return []
    const tool = pairs.task.answer[mention.call]?.name ?? ''
    return [{ gold: mention.call, predicted: p, tool, param: mention.param, status: 'mention_missing', expected: missing, ...(value === undefined ? {} : { got: value }) }]
  })
}

/**
 * The mentions a call would miss as gold call g's partner, for the
 * assignment: of two calls as good a match otherwise (a free-text argument
 * is often free), the one that mentions the facts is g's.
 */
export function mentionFailures(required: readonly Mention[]): PairFailures | undefined {
  if (required.length === 0) return undefined
  return (g, args) => {
    if (args === undefined) return 0
    let failures = 0
    for (const mention of required) if (mention.call === g && missingMentions(mention, argumentText(ownValue(args, mention.param))).length > 0) failures++
    return failures
  }
}
