import { ownValue, setOwn } from '../core'
import type { JsonSchema } from '../core'

/** What one field of the action form holds. */
export type FormValue = string | string[] | number[] | boolean

/**
 * The form's first values, from a call's arguments (a parameter named `__proto__` included). With `properties`
 * (the tool's parameters), only the form's own fields take a value: a prefill may come from the address, and a
 * value with no field would be sent unseen.
 */
export function initialValues(prefill: Record<string, unknown> | undefined, properties?: Record<string, JsonSchema>): Record<string, FormValue> {
  const values: Record<string, FormValue> = {}
  for (const [k, v] of Object.entries(prefill ?? {}))
    if (properties && !Object.hasOwn(properties, k)) continue
    else if (typeof v === 'string' || typeof v === 'boolean') setOwn(values, k, v)
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

/** A string parameter that holds a date or a time in a fixed format (as its description says), picked rather than typed. */
export interface Picker {
  kind: 'date' | 'time'
  /** HH:MM:SS rather than HH:MM. */
  seconds: boolean
  /** A word the tool takes instead of a time (Transport_Create's "now"). */
  now?: string
}

/** The picker a parameter's schema asks for, from the format its description names. */
export function pickerOf(schema: JsonSchema): Picker | undefined {
  if (schema.type !== 'string' || schema.enum) return undefined
  const description = schema.description ?? ''
  const now = /"now"/.test(description) ? { now: 'now' } : {}
  if (/YYYY-MM-DD/.test(description)) return { kind: 'date', seconds: false }
  if (/HH:MM:SS/.test(description)) return { kind: 'time', seconds: true, ...now }
  if (/HH:MM\b/.test(description)) return { kind: 'time', seconds: false, ...now }
  return undefined
}

const PICKED = { date: /^\d{4}-\d{2}-\d{2}$/, time: /^\d{2}:\d{2}(:\d{2})?$/ }

/** Whether the picker can show this value: empty, its own word, or the format it writes. */
export function fitsPicker(picker: Picker, value: string): boolean {
  return value === '' || value === picker.now || PICKED[picker.kind].test(value)
}

/** A picked value in the tool's format: the browser leaves out zero seconds, the tool wants them. */
export function fromPicker(picker: Picker, value: string): string {
  if (picker.kind === 'time' && picker.seconds && /^\d{2}:\d{2}$/.test(value)) return `${value}:00`
  if (picker.kind === 'time' && !picker.seconds) return value.slice(0, 5)
  return value
}

/** What a new record's form starts with, as the phone's own app fills it: a new note is stamped with the phone's "now". */
export function newActionPrefill(tool: string, now: string | undefined): Record<string, unknown> | undefined {
  const stamp = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(now ?? '')
  if (tool !== 'TodoList_Create' || !stamp) return undefined
  return { date: stamp[1], time: stamp[2] }
}
