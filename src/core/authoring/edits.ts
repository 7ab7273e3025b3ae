/**
 * The task editor's edits: pure functions from a task's content to the next
 * (src/state/authoring.ts keeps them in order for undo and redo).
 */
import type { GoldCall, PhoneRecord, Task, TaskRecords } from '../dataset/types'
import { setOwn } from '../base/own'
import { readLiveMetadata } from '../live/read'
import type { LiveMetadata } from '../dataset/liveTypes'
import { CAPABILITIES } from '../score/capabilities'
import type { TaskContent } from './content'

/** An empty task: one user message, no gold, no records. */
export function emptyTask(id: string): TaskContent {
  return {
    task: {
      id,
      type: CAPABILITIES[0].type,
      messages: [{ role: 'user', content: '' }],
      instruction: '',
      answer: [],
      freeParams: [],
      reasoningPath: '',
      distractors: '',
      line: 1,
    },
    records: {},
  }
}

/** A new id not among `taken`: `base`, else `base-2`, `base-3`, ... */
export function freeId(base: string, taken: ReadonlySet<string>): string {
  if (base !== '' && !taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

function withTask(content: TaskContent, change: Partial<Task>): TaskContent {
  return { ...content, task: { ...content.task, ...change } }
}

/** The instruction is the first user message: both change together. */
export function setInstruction(content: TaskContent, text: string): TaskContent {
  const messages = [...content.task.messages]
  const at = messages.findIndex((m) => m.role === 'user')
  const user = messages[at]
  if (!user) messages.push({ role: 'user', content: text })
  else messages[at] = { ...user, content: text }
  return withTask(content, { messages, instruction: text })
}

export function setField(content: TaskContent, field: 'id' | 'type' | 'reasoningPath' | 'distractors', value: string): TaskContent {
  return withTask(content, { [field]: value })
}

function withGold(content: TaskContent, answer: GoldCall[], freeParams: string[][]): TaskContent {
  return withTask(content, { answer, freeParams })
}

/** A new gold call of `tool` (no parameter constrained yet) at the end. */
export function addCall(content: TaskContent, tool: string): TaskContent {
  const { answer, freeParams } = content.task
  return withGold(content, [...answer, { name: tool, arguments: {} }], [...padFree(freeParams, answer.length), []])
}

export function removeCall(content: TaskContent, index: number): TaskContent {
  const { answer, freeParams } = content.task
  return withGold(
    content,
    answer.filter((_, i) => i !== index),
    padFree(freeParams, answer.length).filter((_, i) => i !== index),
  )
}

export function moveCall(content: TaskContent, index: number, by: -1 | 1): TaskContent {
  const { answer, freeParams } = content.task
  const to = index + by
  if (to < 0 || to >= answer.length) return content
  return withGold(content, moveItem(answer, index, to), moveItem(padFree(freeParams, answer.length), index, to))
}

/** Another tool for a call: its parameters are another tool's, so the constraints start over. */
export function setCallTool(content: TaskContent, index: number, tool: string): TaskContent {
  const { answer, freeParams } = content.task
  if (answer[index]?.name === tool) return content
  return withGold(
    content,
    answer.map((c, i) => (i === index ? { name: tool, arguments: {} } : c)),
    padFree(freeParams, answer.length).map((f, i) => (i === index ? [] : f)),
  )
}

/**
 * A gold parameter's list of acceptable values, replaced. An empty list
 * leaves the parameter unconstrained (absent from `arguments`); `null` in the
 * list means it may be left out.
 */
export function setAcceptable(content: TaskContent, index: number, param: string, values: readonly unknown[]): TaskContent {
  const { answer, freeParams } = content.task
  const call = answer[index]
  if (!call) return content
  const args: Record<string, unknown[]> = {}
  let placed = false
  for (const [key, list] of Object.entries(call.arguments)) {
    if (key !== param) setOwn(args, key, list)
    else if (values.length > 0) {
      setOwn(args, key, [...values])
      placed = true
    }
  }
  if (!placed && values.length > 0) setOwn(args, param, [...values])
  return withGold(
    content,
    answer.map((c, i) => (i === index ? { ...c, arguments: args } : c)),
    padFree(freeParams, answer.length),
  )
}

/** "Any value": the parameter in the call's `free_params` (or out of it). */
export function setFree(content: TaskContent, index: number, param: string, free: boolean): TaskContent {
  const { answer } = content.task
  const lists = padFree(content.task.freeParams, answer.length)
  const list = lists[index] ?? []
  const next = free ? (list.includes(param) ? list : [...list, param]) : list.filter((p) => p !== param)
  return withGold(content, answer, lists.map((l, i) => (i === index ? next : l)))
}

/** The gold calls and free parameters of a demonstration (or anything else that makes them). */
export function setGold(content: TaskContent, gold: { answer: GoldCall[]; freeParams: string[][] }): TaskContent {
  return withGold(content, gold.answer, gold.freeParams)
}

export function setRecords(content: TaskContent, app: string, list: readonly PhoneRecord[]): TaskContent {
  const records: TaskRecords = {}
  let placed = false
  for (const [key, value] of Object.entries(content.records) as [string, PhoneRecord[]][]) {
    if (key === app) {
      placed = true
      if (list.length > 0) setOwn(records as Record<string, PhoneRecord[]>, key, [...list])
    } else setOwn(records as Record<string, PhoneRecord[]>, key, value)
  }
  if (!placed && list.length > 0) setOwn(records as Record<string, PhoneRecord[]>, app, [...list])
  return { ...content, records }
}

export function recordsOf(content: TaskContent, app: string): PhoneRecord[] {
  return (content.records as Record<string, PhoneRecord[] | undefined>)[app] ?? []
}

/** One field of one record; `undefined` removes the key. Keys keep their order. */
export function setRecordField(content: TaskContent, app: string, index: number, key: string, value: unknown): TaskContent {
  const list = recordsOf(content, app)
  const record = list[index]
  if (!record) return content
  const next: PhoneRecord = {}
  let placed = false
  for (const [k, v] of Object.entries(record)) {
    if (k !== key) setOwn<unknown>(next, k, v)
    else if (value !== undefined) {
      setOwn<unknown>(next, k, value)
      placed = true
    } else placed = true
  }
  if (!placed && value !== undefined) setOwn<unknown>(next, key, value)
  return setRecords(content, app, list.map((r, i) => (i === index ? next : r)))
}

export function addRecord(content: TaskContent, app: string, record: PhoneRecord = {}): TaskContent {
  return setRecords(content, app, [...recordsOf(content, app), record])
}

export function duplicateRecord(content: TaskContent, app: string, index: number): TaskContent {
  const list = recordsOf(content, app)
  const record = list[index]
  if (!record) return content
  return setRecords(content, app, [...list.slice(0, index + 1), JSON.parse(JSON.stringify(record)) as PhoneRecord, ...list.slice(index + 1)])
}

export function deleteRecord(content: TaskContent, app: string, index: number): TaskContent {
  return setRecords(content, app, recordsOf(content, app).filter((_, i) => i !== index))
}

export function moveRecord(content: TaskContent, app: string, index: number, by: -1 | 1): TaskContent {
  const list = recordsOf(content, app)
  const to = index + by
  if (to < 0 || to >= list.length) return content
  return setRecords(content, app, moveItem(list, index, to))
}

/**
 * Pasted JSON for an app: an object is one more record, a list of objects
 * the app's whole list. Anything else is refused with the reason (a key of
 * the editor's strings, and a detail).
 */
export function readPastedRecords(text: string): { kind: 'record'; record: PhoneRecord } | { kind: 'list'; list: PhoneRecord[] } | { error: 'pasteNotJson' | 'pasteShape'; detail?: string } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return { error: 'pasteNotJson', detail: err instanceof Error ? err.message : String(err) }
  }
  if (isRecord(value)) return { kind: 'record', record: value }
  if (Array.isArray(value) && value.every(isRecord)) return { kind: 'list', list: value }
  return { error: 'pasteShape' }
}

/** The live keys of `prompt_metadata` as published (expected_state, friction, verify, ordered), as JSON text to edit. */
export function liveText(live: LiveMetadata | undefined): string {
  if (!live) return '{}'
  const out: Record<string, unknown> = {}
  if (live.expectedState !== undefined) out.expected_state = live.expectedState
  if (live.friction !== undefined) out.friction = live.friction
  if (live.verify !== undefined) out.verify = live.verify
  if (live.ordered !== undefined) out.ordered = live.ordered
  return JSON.stringify(out, null, 2)
}

const LIVE_KEYS = new Set(['expected_state', 'friction', 'verify', 'ordered'])

/**
 * Edited live keys read as the loader reads `prompt_metadata` (the same
 * checks, the same messages); refused with them when they do not read.
 */
export function readLiveText(text: string): { live: LiveMetadata | undefined } | { error: string } {
  let value: unknown
  try {
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) }
  }
  if (!isRecord(value)) return { error: 'an object with expected_state, friction, verify and ordered is expected' }
  const unknown = Object.keys(value).filter((k) => !LIVE_KEYS.has(k))
  if (unknown.length > 0) return { error: `unknown keys: ${unknown.join(', ')} (expected_state, friction, verify and ordered are the live keys)` }
  const problems: string[] = []
  const live = readLiveMetadata(value, problems)
  if (problems.length > 0) return { error: problems.join('; ') }
  return { live: Object.keys(live).length > 0 ? live : undefined }
}

/** The task's live keys replaced (none: a static task). */
export function setLive(content: TaskContent, live: LiveMetadata | undefined): TaskContent {
  const { live: _old, ...task } = content.task
  return { ...content, task: live ? { ...task, live } : task }
}

function isRecord(value: unknown): value is PhoneRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function padFree(lists: readonly string[][], length: number): string[][] {
  return Array.from({ length }, (_, i) => lists[i] ?? [])
}

function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}

