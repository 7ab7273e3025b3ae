import { ownValue, setOwn } from '../core'
import type { JsonSchema } from '../core'

/** What one field of the action form holds. */
export type FormValue = string | string[] | number[] | boolean

/** The form's first values, from a call's arguments (a parameter named `__proto__` included). */
export function initialValues(prefill: Record<string, unknown> | undefined): Record<string, FormValue> {
  const values: Record<string, FormValue> = {}
  for (const [k, v] of Object.entries(prefill ?? {}))
    if (typeof v === 'string' || typeof v === 'boolean') setOwn(values, k, v)
    else if (typeof v === 'number') setOwn(values, k, String(v))
    else if (Array.isArray(v)) setOwn(values, k, v.map(String))
  return values
}

/** Form values → call arguments: empty fields left out, numbers as numbers. */
export function toArguments(values: Record<string, FormValue>, properties: Record<string, JsonSchema>): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const type = ownValue(properties, name)?.type
    if (Array.isArray(value)) {
      if (value.length === 0) continue
      setOwn(args, name, ownValue(properties, name)?.items?.type === 'integer' ? value.map(Number) : value)
    } else if (typeof value === 'boolean') setOwn(args, name, value)
    else if (value.trim() === '') continue
    else if (type === 'integer' || type === 'number') setOwn(args, name, Number(value))
    else setOwn(args, name, value)
  }
  return args
}

/** The values with each list's typed, not yet added entry added as its last item (as *Add* would). */
export function addDrafts(values: Record<string, FormValue>, drafts: Record<string, string>, properties: Record<string, JsonSchema>): Record<string, FormValue> {
  // Spread and computed keys make own properties, a key named `__proto__` included.
  const merged = { ...values }
  for (const [name, draft] of Object.entries(drafts)) {
    const value = draft.trim()
    const current = ownValue(merged, name)
    if (value === '' || ownValue(properties, name)?.type !== 'array') continue
    setOwn(merged, name, [...(Array.isArray(current) ? current.map(String) : []), value])
  }
  return merged
}
