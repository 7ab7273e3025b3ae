import { setOwn } from '../base/own'
import type { JsonSchema, ToolSchema } from '../dataset/types'

/** A value of a free parameter's schema type: the oracle must make valid calls, and the gold leaves free values open. */
function placeholder(schema: JsonSchema | undefined, text: string): unknown {
  if (schema?.enum && schema.enum.length > 0) return schema.enum[0]
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type
  if (type === 'number' || type === 'integer') return 0
  if (type === 'boolean') return false
  if (type === 'array') return []
  return text
}

/**
 * `args` with each required parameter of the tool it lacks filled in with a
 * value of its type (text parameters with `text`), so that the oracle's call
 * is valid whatever the gold leaves open. Changes and returns `args`.
 */
export function withRequired(tool: ToolSchema | undefined, args: Record<string, unknown>, text: string): Record<string, unknown> {
  const parameters = tool?.function.parameters
  for (const name of parameters?.required ?? []) if (!Object.hasOwn(args, name)) setOwn(args, name, placeholder(parameters?.properties?.[name], text))
  return args
}
