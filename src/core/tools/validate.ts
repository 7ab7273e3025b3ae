import { Validator } from '@cfworker/json-schema'
import type { OutputUnit, Schema } from '@cfworker/json-schema'
import type { JsonSchema, ToolSchema } from '../dataset/types'
import { isPlainObject } from '../base/text'
import { hasOwn, ownValue } from '../base/own'
import { flatChecker } from './flatSchema'

/** A tool schema compiled once: the validator and what error messages need to name. */
export interface CompiledTool {
  schema: ToolSchema
  name: string
  properties: Record<string, JsonSchema>
  parameterNames: string[]
  required: string[]
  /** Allowed values of `field` listed by the schema (search tools), checked by the runtime, not the validator. */
  fieldEnum: string[] | undefined
  validator: Validator
  /** A quick check that may only say "valid" (see flatSchema.ts); undefined when the schema is not flat. */
  quicklyValid: ((args: Record<string, unknown>) => boolean) | undefined
}

const compiled = new WeakMap<ToolSchema, CompiledTool>()

/** Compiles a tool's parameter schema once per schema object (the validator needs no `eval`). */
export function compileTool(schema: ToolSchema): CompiledTool {
  const cached = compiled.get(schema)
  if (cached) return cached
  const parameters = schema.function.parameters
  const properties = parameters.properties ?? {}
  const fieldSchema = ownValue(properties, 'field')
  const fieldEnum = Array.isArray(fieldSchema?.enum) ? fieldSchema.enum.map(String) : undefined
  // The runtime checks `field` itself: stored records may carry fields the schema does not list.
  const validated: Record<string, JsonSchema> = { ...properties }
  if (fieldSchema && fieldEnum) {
    const { enum: _dropped, ...rest } = fieldSchema
    validated.field = rest
  }
  const validatorSchema = { ...parameters, type: 'object', properties: validated, required: [] } as unknown as Schema
  const tool: CompiledTool = {
    schema,
    name: schema.function.name,
    properties,
    parameterNames: Object.keys(properties),
    required: Array.isArray(parameters.required) ? parameters.required : [],
    fieldEnum,
    validator: new Validator(validatorSchema, '2020-12', false),
    quicklyValid: flatChecker(parameters, validated),
  }
  compiled.set(schema, tool)
  return tool
}

/**
 * Checks arguments against the tool's schema. Returns the problems as
 * sentences a model can act on (empty when valid). Explicit nulls must be
 * removed before.
 */
export function argumentProblems(tool: CompiledTool, args: Record<string, unknown>): string[] {
  const problems: string[] = []
  const unknown = Object.keys(args).filter((k) => !hasOwn(tool.properties, k))
  for (const name of unknown)
    problems.push(`Unknown parameter "${name}". ${tool.name} takes: ${tool.parameterNames.join(', ') || 'no parameters'}.`)
  for (const name of tool.required)
    if (!hasOwn(args, name)) problems.push(`Missing required parameter "${name}".`)
  if (tool.quicklyValid?.(args)) return problems
  const result = tool.validator.validate(args)
  if (!result.valid) problems.push(...describeSchemaErrors(result.errors, args))
  return problems
}

/** Container keywords only say "a child failed"; the leaves say what is wrong. */
const CONTAINER_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'additionalProperties', 'allOf', 'anyOf', '$ref'])

function describeSchemaErrors(errors: OutputUnit[], args: Record<string, unknown>): string[] {
  const out: string[] = []
  for (const error of errors) {
    if (CONTAINER_KEYWORDS.has(error.keyword) || error.instanceLocation === '#') continue
    const path = error.instanceLocation.replace(/^#\/?/, '').split('/')
    const where = `"${path[0] ?? ''}"${path.length > 1 ? `[${path.slice(1).join('][')}]` : ''}`
    const value = valueAt(args, path)
    out.push(`Invalid value for ${where}: ${explain(error, value)}`)
  }
  return [...new Set(out)]
}

function valueAt(args: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = args
  for (const step of path) {
    if (Array.isArray(value)) value = value[Number(step)]
    else if (isPlainObject(value)) value = ownValue(value, decodeURIComponent(step))
    else return undefined
  }
  return value
}

function describeValue(value: unknown): string {
  const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value
  const text = JSON.stringify(value)
  return `${type} ${text && text.length > 60 ? text.slice(0, 57) + '...' : text}`
}

function explain(error: OutputUnit, value: unknown): string {
  switch (error.keyword) {
    case 'type': {
      const expected = /Expected "?([^".]+)"?/.exec(error.error)?.[1] ?? 'another type'
      return `expected ${expected}, got ${describeValue(value)}.`
    }
    case 'enum': {
      const allowed = /any of (.*)\.$/.exec(error.error)?.[1] ?? ''
      return `${JSON.stringify(value)} is not one of ${allowed}.`
    }
    default:
      return error.error
  }
}
