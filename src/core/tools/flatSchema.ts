import type { JsonSchema } from '../dataset/types'

/** A parameter whose schema says only its primitive type and, maybe, its allowed values. */
interface FlatParameter {
  type: 'string' | 'integer' | 'number' | 'boolean'
  allowed: ReadonlySet<unknown> | undefined
}

/** Keywords that constrain nothing, so a schema holding only these and `type`/`enum` is flat. */
const ANNOTATIONS = new Set(['type', 'enum', 'description', 'title', 'default', 'examples'])
const PRIMITIVE_TYPES = new Set(['string', 'integer', 'number', 'boolean'])
const OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'description', 'title', 'additionalProperties'])

/**
 * A quick yes for the common case, before the full JSON Schema validator:
 * every published search tool and most execution tools take flat primitive
 * parameters, and checking them by hand costs a tenth of a general
 * validation. It only ever answers "valid" where the validator would (a
 * property test holds it to that); anything else goes to the validator, which
 * also words the messages. Undefined when the schema is not flat.
 */
export function flatChecker(parameters: JsonSchema, validated: Record<string, JsonSchema>): ((args: Record<string, unknown>) => boolean) | undefined {
  if (!Object.keys(parameters).every((k) => OBJECT_KEYWORDS.has(k))) return undefined
  if (parameters.additionalProperties !== undefined && parameters.additionalProperties !== true && parameters.additionalProperties !== false)
    return undefined
  const flat = new Map<string, FlatParameter>()
  for (const [name, schema] of Object.entries(validated)) {
    if (!Object.keys(schema).every((k) => ANNOTATIONS.has(k))) return undefined
    if (typeof schema.type !== 'string' || !PRIMITIVE_TYPES.has(schema.type)) return undefined
    if (schema.enum !== undefined && (!Array.isArray(schema.enum) || schema.enum.some((v) => v !== null && typeof v === 'object'))) return undefined
    flat.set(name, { type: schema.type as FlatParameter['type'], allowed: schema.enum ? new Set(schema.enum) : undefined })
  }
  return (args) => {
    for (const name in args) {
      if (!Object.hasOwn(args, name)) continue
      const parameter = flat.get(name)
      if (!parameter) continue // unknown parameters are the caller's check
      const value = args[name]
      if (!fits(parameter.type, value)) return false
      if (parameter.allowed && !parameter.allowed.has(value)) return false
    }
    return true
  }
}

function fits(type: FlatParameter['type'], value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'boolean':
      return typeof value === 'boolean'
    case 'number':
      return typeof value === 'number'
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
  }
}
