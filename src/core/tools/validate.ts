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
 * What is wrong with one argument, as data: a person's form says it at the
 * field in the reader's language, and a model reads it as a sentence
 * (`describeIssue`). `path` is the argument's place below its parameter (an
 * array's index); `parameter` is the top-level name.
 */
export type ArgumentIssue = { parameter: string; path: string[] } & (
  | { kind: 'unknown'; accepted: string[] }
  | { kind: 'missing' }
  | { kind: 'type'; expected: string; got: unknown }
  | { kind: 'enum'; value: unknown; allowed: string }
  /** Any other keyword of the schema (`maxItems`, `minLength`, `pattern`...), with the validator's own words. */
  | { kind: 'schema'; keyword: string; message: string }
)

/**
 * Checks arguments against the tool's schema: what is wrong, empty when
 * valid. Explicit nulls must be removed before.
 */
export function argumentIssues(tool: CompiledTool, args: Record<string, unknown>): ArgumentIssue[] {
  const issues: ArgumentIssue[] = []
  for (const name of Object.keys(args))
    if (!hasOwn(tool.properties, name)) issues.push({ kind: 'unknown', parameter: name, path: [], accepted: tool.parameterNames })
  for (const name of tool.required) if (!hasOwn(args, name)) issues.push({ kind: 'missing', parameter: name, path: [] })
  if (tool.quicklyValid?.(args)) return issues
  const result = tool.validator.validate(args)
  if (!result.valid) issues.push(...schemaIssues(result.errors, args))
  return issues
}

/** Checks arguments against the tool's schema. Returns the problems as sentences a model can act on (empty when valid). */
export function argumentProblems(tool: CompiledTool, args: Record<string, unknown>): string[] {
  return [...new Set(argumentIssues(tool, args).map((issue) => describeIssue(tool, issue)))]
}

/** One issue as the sentence a model reads. */
export function describeIssue(tool: CompiledTool, issue: ArgumentIssue): string {
  switch (issue.kind) {
    case 'unknown':
      return `Unknown parameter "${issue.parameter}". ${tool.name} takes: ${issue.accepted.join(', ') || 'no parameters'}.`
    case 'missing':
      return `Missing required parameter "${issue.parameter}".`
    default: {
      const where = `"${issue.parameter}"${issue.path.length > 0 ? `[${issue.path.join('][')}]` : ''}`
      return `Invalid value for ${where}: ${explain(issue)}`
    }
  }
}

/** Container keywords only say "a child failed"; the leaves say what is wrong. */
const CONTAINER_KEYWORDS = new Set(['properties', 'items', 'prefixItems', 'additionalProperties', 'allOf', 'anyOf', '$ref'])

function schemaIssues(errors: OutputUnit[], args: Record<string, unknown>): ArgumentIssue[] {
  const out: ArgumentIssue[] = []
  for (const error of errors) {
    if (CONTAINER_KEYWORDS.has(error.keyword) || error.instanceLocation === '#') continue
    const pointer = error.instanceLocation.replace(/^#\/?/, '').split('/')
    const value = valueAt(args, pointer)
    const [parameter = '', ...path] = pointer.map(decodeURIComponent)
    const place = { parameter, path }
    if (error.keyword === 'type') out.push({ ...place, kind: 'type', expected: /Expected "?([^".]+)"?/.exec(error.error)?.[1] ?? 'another type', got: value })
    else if (error.keyword === 'enum') out.push({ ...place, kind: 'enum', value, allowed: /any of (.*)\.$/.exec(error.error)?.[1] ?? '' })
    else out.push({ ...place, kind: 'schema', keyword: error.keyword, message: error.error })
  }
  return out
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

function explain(issue: Extract<ArgumentIssue, { kind: 'type' | 'enum' | 'schema' }>): string {
  switch (issue.kind) {
    case 'type':
      return `expected ${issue.expected}, got ${describeValue(issue.got)}.`
    case 'enum':
      return `${JSON.stringify(issue.value)} is not one of ${issue.allowed}.`
    default:
      return issue.message
  }
}
