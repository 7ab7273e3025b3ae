import { appInfo, parameterLabel, setOwn, valueText } from '../../core'
import type { AppKey, JsonSchema, PhoneRecord } from '../../core'

/** Letters and digits only, lower case: "Check-in" and "checkIn" are the same word. */
function word(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
}

/** The words a record's field goes by: its stored key and its English label. */
function fieldWords(app: AppKey, key: string): string[] {
  const label = appInfo(app)?.fields.find((f) => f.key === key)?.en
  return [word(key), ...(label ? [word(label)] : [])]
}

/** A record's value as the parameter takes it, or undefined when it does not fit. */
function asParameter(value: unknown, schema: JsonSchema): unknown {
  if (value === null || value === undefined) return undefined
  if (schema.type === 'array') {
    const items = (Array.isArray(value) ? value : [value]).map((v) => valueText(v)).filter((v) => v !== '')
    return items.length > 0 ? items : undefined
  }
  const text = valueText(value)
  if (text === '') return undefined
  if (schema.type === 'number' || schema.type === 'integer') {
    const n = Number(text.replace(/[^\d.-]/g, ''))
    return Number.isFinite(n) && text.replace(/[^\d.-]/g, '') !== '' ? n : undefined
  }
  if (schema.type === 'boolean') return typeof value === 'boolean' ? value : undefined
  if (schema.enum && !schema.enum.includes(text)) return undefined
  return text
}

/**
 * A handoff form's first values from the record it was started on: each
 * parameter whose name (or English label) is the name or label of one of the
 * record's fields takes that field's value. Nothing is guessed beyond that.
 */
export function prefillFromRecord(properties: Record<string, JsonSchema>, app: AppKey, record: PhoneRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const fields = Object.keys(record).map((key) => ({ key, words: fieldWords(app, key) }))
  for (const [param, schema] of Object.entries(properties)) {
    const names = new Set([word(param), word(parameterLabel(param, 'en'))])
    const field = fields.find((f) => f.words.some((w) => w !== '' && names.has(w)))
    const value = field ? asParameter(record[field.key], schema) : undefined
    if (value !== undefined) setOwn(out, param, value)
  }
  return out
}
