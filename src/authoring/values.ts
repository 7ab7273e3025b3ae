import type { JsonSchema } from '../core'

/** A value as the editor shows it: a string as it is, anything else as JSON. */
export function valueLabel(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * Typed text as a value of a parameter with this schema: a number for a
 * numeric parameter, true/false for a boolean, JSON for an array or object,
 * else the text. Text that does not read as the schema's type stays text, so
 * that the validator can say what is wrong with it.
 */
export function parseValue(text: string, schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type
  const trimmed = text.trim()
  if ((type === 'integer' || type === 'number') && trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed)
  if (type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true'
  if (type === 'array' || type === 'object') {
    try {
      return JSON.parse(trimmed)
    } catch {
      return text
    }
  }
  return text
}

/** A record cell's text read back: JSON where the field held something other than text (a number, a list) and it still reads as JSON. */
export function parseCell(text: string, before: unknown): unknown {
  if (before === undefined || typeof before === 'string') return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
