import { Validator } from '@cfworker/json-schema'
import type { Schema } from '@cfworker/json-schema'
import type { GoldCall, JsonSchema } from '../dataset/types'
import { isPlainObject } from '../base/text'
import { hasOwn, ownValue } from '../base/own'
import { nonJsonProblem } from '../tools/jsonArguments'
import type { CompareMode } from '../dataset/plannerTypes'
import { compareModeOf, rewritten } from './compareModes'
import type { ParamCheck } from './types'

/**
 * Exact equality as scoring defines it: strings exactly, numbers numerically
 * (the string "100" is not 100), booleans strictly, arrays as multisets,
 * objects key by key.
 */
export function sameValue(expected: unknown, got: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(got) && sameMultiset(expected, got)
  if (isPlainObject(expected)) {
    if (!isPlainObject(got)) return false
    const keys = Object.keys(expected)
    return keys.length === Object.keys(got).length && keys.every((k) => hasOwn(got, k) && sameValue(expected[k], got[k]))
  }
  return expected === got
}

function sameMultiset(expected: unknown[], got: unknown[]): boolean {
  if (expected.length !== got.length) return false
  const used = new Array<boolean>(got.length).fill(false)
  return expected.every((e) => {
    const i = got.findIndex((g, j) => !used[j] && sameValue(e, g))
    if (i < 0) return false
    used[i] = true
    return true
  })
}

/**
 * Whether a submitted value is one of the acceptable ones. For an array
 * parameter whose gold lists only scalars, those scalars are read as the one
 * acceptable array (a flat gold list is the common way to write one list).
 */
export function isAcceptable(acceptable: unknown[], got: unknown, schema: JsonSchema | undefined): boolean {
  const mode = compareModeOf(schema)
  if (mode !== 'exact') return isAcceptableAs(mode, acceptable, got, schema)
  // Scoring's hot path: no list is built unless the value is a list.
  for (const v of acceptable) if (v !== null && sameValue(v, got)) return true
  if (!Array.isArray(got)) return false
  const values = acceptable.filter((v) => v !== null)
  return isArrayParam(schema) && values.length > 0 && !values.some(Array.isArray) && sameMultiset(values, got)
}

const isArrayParam = (schema: JsonSchema | undefined): boolean => schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array'))

/** {@link isAcceptable} under a parameter's `x-compare` (src/core/score/compareModes.ts says what each mode forgives). */
function isAcceptableAs(mode: Exclude<CompareMode, 'exact'>, acceptable: unknown[], got: unknown, schema: JsonSchema | undefined): boolean {
  const same = mode === 'set' ? sameSet : sameValue
  const read = (value: unknown) => (mode === 'set' ? value : rewritten(mode, value))
  const submitted = read(got)
  const values = acceptable.filter((v) => v !== null)
  if (values.some((v) => same(read(v), submitted))) return true
  // A flat gold list is the one acceptable list, as under exact; a set is a list whatever its schema's type.
  const oneList = Array.isArray(got) && (mode === 'set' || isArrayParam(schema)) && values.length > 0 && !values.some(Array.isArray)
  return oneList && same(read(values), submitted)
}

/** Lists as sets (each item of either is in the other, repeats aside); any other values exactly. */
function sameSet(expected: unknown, got: unknown): boolean {
  if (!Array.isArray(expected) || !Array.isArray(got)) return sameValue(expected, got)
  const within = (items: unknown[], others: unknown[]) => items.every((item) => others.some((other) => sameValue(item, other)))
  return within(expected, got) && within(got, expected)
}

const propertyValidators = new WeakMap<JsonSchema, Validator>()

/** Whether a value fits a parameter's schema (`type`, `enum`, `items`): what a free parameter must satisfy. */
export function fitsSchema(schema: JsonSchema | undefined, value: unknown): boolean {
  if (!schema) return false
  let validator = propertyValidators.get(schema)
  if (!validator) {
    validator = new Validator(schema as Schema, '2020-12', true)
    propertyValidators.set(schema, validator)
  }
  return validator.validate(value).valid
}

/**
 * Every parameter of a predicted call checked against one gold call.
 * `args` is the parsed argument object, or undefined when it could not be parsed.
 */
export function checkParams(
  gold: GoldCall,
  free: readonly string[],
  args: Record<string, unknown> | undefined,
  properties: Record<string, JsonSchema>,
): ParamCheck[] {
  if (args === undefined) return [{ param: '(arguments)', status: 'unparseable' }]
  const checks: ParamCheck[] = []
  // A free parameter takes any schema-valid value, or none, even where the gold also lists values for it.
  for (const [param, acceptable] of Object.entries(gold.arguments)) {
    if (free.includes(param)) continue
    const got = ownValue(args, param)
    if (got === undefined || got === null) {
      checks.push({ param, status: acceptable.includes(null) ? 'ok' : 'missing', expected: acceptable })
      continue
    }
    const status = isAcceptable(acceptable, got, ownValue(properties, param)) ? 'ok' : 'wrong_value'
    checks.push({ param, status, expected: acceptable, got })
  }
  for (const [param, got] of Object.entries(args)) {
    if (got === null || got === undefined) continue
    if (free.includes(param)) checks.push({ param, status: fitsSchema(ownValue(properties, param), got) ? 'ok' : 'invalid', got, free: true })
    else if (!hasOwn(gold.arguments, param)) checks.push({ param, status: 'unexpected', got })
  }
  return checks
}

/**
 * Parses predicted arguments: a JSON string parsed, an object read as its JSON
 * text reads (so that a value JSON would change, such as NaN, scores here as
 * it does from an exported line); anything else is unparseable.
 */
export function parsePredictedArguments(raw: unknown): Record<string, unknown> | undefined {
  let value: unknown = raw
  try {
    // JSON-safe values read the same as their text: only the others take the round trip (scoring's hot path).
    if (typeof raw === 'string') value = JSON.parse(raw)
    else if (nonJsonProblem(raw) !== undefined) {
      const text = JSON.stringify(raw)
      value = text === undefined ? undefined : JSON.parse(text)
    }
  } catch {
    return undefined
  }
  if (value === undefined || value === null) return {}
  return isPlainObject(value) ? value : undefined
}
