/**
 * What a revision changed, in words an author reads: one line a change, by
 * part (the task's fields, its gold, its records, its live keys). Used by the
 * editor's history and by an export's CHANGES.md.
 */
import type { GoldCall, PhoneRecord, Profile } from '../dataset/types'
import { canonicalJson } from '../seal/fingerprint'
import type { TaskContent } from './content'

export type ChangedPart = 'id' | 'type' | 'instruction' | 'reasoning_path' | 'distractors' | 'records' | 'gold' | 'live'

export interface ContentChange {
  part: ChangedPart
  text: string
}

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b)

/** A value as a short quoted text (long ones cut). */
export function shortText(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? value : canonicalJson(value)
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text
  return typeof value === 'string' ? `“${cut}”` : cut
}

/** The changes from `before` to `after`; with no `before`, the task is new. */
export function describeChanges(before: TaskContent | undefined, after: TaskContent): ContentChange[] {
  if (!before) return [{ part: 'id', text: `new task ${after.task.id}` }]
  const out: ContentChange[] = []
  const a = before.task
  const b = after.task
  if (a.id !== b.id) out.push({ part: 'id', text: `id: ${a.id} → ${b.id}` })
  if (a.type !== b.type) out.push({ part: 'type', text: `type: ${a.type} → ${b.type}` })
  if (!same(a.messages, b.messages)) out.push({ part: 'instruction', text: `instruction: ${shortText(a.instruction)} → ${shortText(b.instruction)}` })
  if (a.reasoningPath !== b.reasoningPath) out.push({ part: 'reasoning_path', text: `reasoning path: ${shortText(a.reasoningPath)} → ${shortText(b.reasoningPath)}` })
  if (a.distractors !== b.distractors) out.push({ part: 'distractors', text: `distractors: ${shortText(a.distractors)} → ${shortText(b.distractors)}` })
  out.push(...goldChanges(a.answer, a.freeParams, b.answer, b.freeParams))
  out.push(...recordChanges(before, after))
  for (const key of ['expectedState', 'friction', 'verify', 'ordered'] as const) {
    const x = a.live?.[key]
    const y = b.live?.[key]
    if (!same(x ?? null, y ?? null)) out.push({ part: 'live', text: `${LIVE_NAMES[key]}: ${x === undefined ? 'none' : shortText(x)} → ${y === undefined ? 'none' : shortText(y)}` })
  }
  return out
}

const LIVE_NAMES = { expectedState: 'expected_state', friction: 'friction', verify: 'verify', ordered: 'ordered' } as const

function goldChanges(a: readonly GoldCall[], freeA: readonly string[][], b: readonly GoldCall[], freeB: readonly string[][]): ContentChange[] {
  const out: ContentChange[] = []
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i]
    const y = b[i]
    const label = `gold call ${i + 1}`
    if (!x && y) out.push({ part: 'gold', text: `${label} added: ${y.name}` })
    else if (x && !y) out.push({ part: 'gold', text: `${label} removed: ${x.name}` })
    else if (x && y) {
      if (x.name !== y.name) {
        out.push({ part: 'gold', text: `${label}: ${x.name} → ${y.name}` })
        continue
      }
      for (const key of new Set([...Object.keys(x.arguments), ...Object.keys(y.arguments)])) {
        const vx = Object.hasOwn(x.arguments, key) ? x.arguments[key] : undefined
        const vy = Object.hasOwn(y.arguments, key) ? y.arguments[key] : undefined
        if (same(vx ?? null, vy ?? null)) continue
        out.push({ part: 'gold', text: `${label} (${y.name}) ${key}: ${valuesText(vx)} → ${valuesText(vy)}` })
      }
    }
    const fx = freeA[i] ?? []
    const fy = freeB[i] ?? []
    if (y && !same(fx, fy)) out.push({ part: 'gold', text: `${label} (${y.name}) any value: ${fx.length ? fx.join(', ') : 'none'} → ${fy.length ? fy.join(', ') : 'none'}` })
  }
  return out
}

function valuesText(values: readonly unknown[] | undefined): string {
  if (!values) return 'absent'
  return `[${values.map((v) => (v === null ? 'may be left out' : shortText(v, 40))).join(', ')}]`
}

/**
 * Per app: records that are the same on both sides are matched first
 * (wherever they moved); the rest pair up in order as changed records, and
 * what is left over was added or removed.
 */
function recordChanges(before: TaskContent, after: TaskContent): ContentChange[] {
  const out: ContentChange[] = []
  const apps = new Set([...Object.keys(before.records), ...Object.keys(after.records)])
  for (const app of apps) {
    const a = listOf(before, app)
    const b = listOf(after, app)
    if (same(a, b)) continue
    const left = a.map((r) => ({ r, key: canonicalJson(r) }))
    const right = b.map((r) => ({ r, key: canonicalJson(r) }))
    const unmatchedLeft = left.filter((x) => {
      const at = right.findIndex((y) => y.key === x.key)
      if (at < 0) return true
      right.splice(at, 1)
      return false
    })
    const pairs = Math.min(unmatchedLeft.length, right.length)
    for (let i = 0; i < pairs; i++) {
      const x = unmatchedLeft[i]?.r ?? {}
      const y = right[i]?.r ?? {}
      const fields = [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((f) => !same(x[f] ?? null, y[f] ?? null))
      out.push({ part: 'records', text: `${app}: ${recordName(y)} changed: ${fields.map((f) => `${f} ${shortText(x[f] ?? null, 30)} → ${shortText(y[f] ?? null, 30)}`).join('; ')}` })
    }
    for (const x of unmatchedLeft.slice(pairs)) out.push({ part: 'records', text: `${app}: ${recordName(x.r)} removed` })
    for (const y of right.slice(pairs)) out.push({ part: 'records', text: `${app}: ${recordName(y.r)} added` })
    if (unmatchedLeft.length === 0 && right.length === 0) out.push({ part: 'records', text: `${app}: records reordered` })
  }
  return out
}

function listOf(content: TaskContent, app: string): PhoneRecord[] {
  const list = (content.records as Record<string, PhoneRecord[] | undefined>)[app]
  return Array.isArray(list) ? list : []
}

/** A record's name for a reader: its first short text field (a name, a title), else its position-free JSON cut short. */
function recordName(record: PhoneRecord): string {
  for (const key of ['name', 'title', 'subject', 'content']) {
    const value = record[key]
    if (typeof value === 'string' && value !== '') return shortText(value, 40)
  }
  return shortText(record, 40)
}

/** One task's entry in CHANGES.md. */
export interface ChangesEntry {
  taskId: string
  /** The task's id in the published files, if it was renamed. */
  formerId?: string
  revisions: number
  authors: string[]
  changes: ContentChange[]
}

/** What an edit of the data set's profile changed, key by key (the profile is shared by every task). */
export function profileChanges(before: Profile, after: Profile): string[] {
  const keys: (keyof Profile)[] = ['name', 'occupation', 'family', 'phone', 'paymentAccount', 'now', 'weekday']
  return keys.filter((key) => !same(before[key], after[key])).map((key) => `${key}: ${shortText(before[key])} → ${shortText(after[key])}`)
}

/** CHANGES.md of an exported data set: the profile if it was edited, then each revised or new task and what changed since it was imported. */
export function changesMarkdown(datasetName: string, entries: readonly ChangesEntry[], profile?: { changes: readonly string[]; authors: readonly string[] }): string {
  const lines = [`# Changes to ${datasetName}`, '', entries.length === 0 ? 'No task was revised.' : `${entries.length} task${entries.length === 1 ? '' : 's'} revised or added since the data set was imported.`, '']
  if (profile && profile.changes.length > 0) {
    lines.push('## The profile', '', `Edited${profile.authors.length ? ` by ${profile.authors.join(', ')}` : ''}; every task shares it.`, '')
    for (const change of profile.changes) lines.push(`- ${change}`)
    lines.push('')
  }
  for (const entry of entries) {
    lines.push(`## ${entry.taskId}${entry.formerId && entry.formerId !== entry.taskId ? ` (was ${entry.formerId})` : ''}`, '')
    lines.push(`${entry.revisions} revision${entry.revisions === 1 ? '' : 's'}${entry.authors.length ? ` by ${entry.authors.join(', ')}` : ''}.`, '')
    for (const change of entry.changes) lines.push(`- ${change.text}`)
    lines.push('')
  }
  return lines.join('\n')
}

/** One stored revision of a task, as CHANGES.md reads it. */
export interface TaskRevisionEntry {
  taskId: string
  rev: number
  content: TaskContent
  author: string
}

/**
 * CHANGES.md's entries from every revision of a data set: per task, its first
 * stored version (as imported, or as created) against its last, with every
 * author who saved one; tasks in the order given (the data set's).
 */
export function changesEntries(revisions: readonly TaskRevisionEntry[], taskOrder: readonly string[]): ChangesEntry[] {
  const byTask = new Map<string, TaskRevisionEntry[]>()
  for (const r of revisions) byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), r])
  const place = new Map(taskOrder.map((id, i) => [id, i]))
  const entries: ChangesEntry[] = []
  for (const [taskId, list] of byTask) {
    const sorted = [...list].sort((a, b) => a.rev - b.rev)
    const first = sorted[0]
    const last = sorted.at(-1)
    if (!first || !last) continue
    // Revision 0 of an imported task is the published one; a task created in the page has none before it.
    const imported = first.rev === 0 && first.author === ''
    const changes = imported ? describeChanges(first.content, last.content) : describeChanges(undefined, last.content)
    if (imported && changes.length === 0) continue
    const authors = [...new Set(sorted.map((r) => r.author).filter((a) => a !== ''))]
    const formerId = imported && first.content.task.id !== taskId ? first.content.task.id : undefined
    entries.push({ taskId, ...(formerId ? { formerId } : {}), revisions: imported ? last.rev : last.rev + 1, authors, changes })
  }
  return entries.sort((a, b) => (place.get(a.taskId) ?? Infinity) - (place.get(b.taskId) ?? Infinity))
}
