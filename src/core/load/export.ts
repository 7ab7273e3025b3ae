/**
 * A data set's files written back from what storage keeps of it (docs/reference.md,
 * `exportDataset`): a data set imported and exported without edits gives back
 * each task's line and each task's records with the same content, in the
 * same order, and the files load unchanged.
 *
 * - input_data.jsonl: each task's `source` line byte for byte while it still
 *   reads as the task. After an edit of the task's fields, the line's object
 *   with the changed fields written into it: keys the task does not model,
 *   and the order of all keys, stay. A task stored without `source` (before
 *   exports existed) is written from its fields.
 * - records_db.json: the tasks in records_db.json's order, each task's apps in
 *   its order with its empty lists (storage keeps both aside, see
 *   {@link StoredRecords}), as `JSON.stringify(db, null, 1)`, the layout of the
 *   published sample. Records are the stored objects: their keys in order,
 *   their values as JSON.parse read them.
 * - tools.json, profile.json: the text as imported while it still reads as
 *   the stored tools and profile, else `JSON.stringify(value, null, 2)`. No
 *   profile.json when the data set had none (the published profile is used).
 * - sealed.json when the data set is sealed: its tasks are then its sealed
 *   lines, so a participant's folder exports as it was given.
 */
import { DATASET_FILES, SEALED_FILE } from '../dataset/types'
import type { Profile, PhoneRecord, Task, TaskRecords, ToolSchema } from '../dataset/types'
import { IssueList, parseProfile, parseTools, readTaskLine } from './parse'
import { isPlainObject } from '../base/text'
import { hasOwn, ownValue, setOwn } from '../base/own'
import type { SealedManifest } from '../dataset/sealedManifest'
import { PLANNER_FILES } from '../dataset/plannerTypes'
import type { AgentCard, Skill } from '../dataset/plannerTypes'

/** One task's records as storage keeps them, with what records_db.json had beside them. */
export interface StoredRecords {
  /** The task's non-empty app lists: the form the phone reads. */
  records: TaskRecords
  /** records_db.json's app keys for the task, in its order, empty lists included; absent when they are `records`' own keys in order. */
  apps?: readonly string[]
  /** The task's place among records_db.json's tasks (0-based); absent when it is the task's place in input_data.jsonl. */
  at?: number
}

/** What a data set's files are written from. */
export interface DatasetContent {
  /** In input_data.jsonl's order. */
  tasks: readonly Task[]
  /** task id → its records. */
  records: ReadonlyMap<string, StoredRecords>
  tools: readonly ToolSchema[]
  /** Absent when the data set had no profile.json. */
  profile?: Profile
  /** tools.json and profile.json (and a planner data set's skills.json and agents.json) as imported. */
  texts?: { tools?: string; profile?: string; skills?: string; agents?: string }
  sealed?: SealedManifest
  /** A planner data set's skills.json and agents.json, when it has them. */
  skills?: readonly Skill[]
  agents?: readonly AgentCard[]
}

/** The data set's files by name: input_data.jsonl, records_db.json, tools.json, and profile.json and sealed.json when it has them. */
export function writeDatasetFiles(content: DatasetContent): Record<string, string> {
  const sealed = content.sealed !== undefined
  const files: Record<string, string> = {
    [DATASET_FILES.inputData]: content.tasks.map((task) => taskLine(task, sealed)).join('\n') + '\n',
    [DATASET_FILES.records]: recordsText(content.tasks, content.records),
    [DATASET_FILES.tools]: toolsText(content.tools, content.texts?.tools),
  }
  if (content.profile) setOwn(files, DATASET_FILES.profile, profileText(content.profile, content.texts?.profile))
  if (content.sealed) setOwn(files, SEALED_FILE, JSON.stringify(content.sealed, null, 2) + '\n')
  // Not edited in the page: what was imported goes back as it was.
  if (content.skills) setOwn(files, PLANNER_FILES.skills, content.texts?.skills ?? JSON.stringify(content.skills.map(skillEntry), null, 2) + '\n')
  if (content.agents) setOwn(files, PLANNER_FILES.agents, content.texts?.agents ?? JSON.stringify(content.agents, null, 2) + '\n')
  return files
}

/** A skill as skills.json writes it (`display_name`, not `displayName`). */
function skillEntry(skill: Skill): Record<string, unknown> {
  const { displayName, ...rest } = skill
  return displayName === undefined ? rest : { ...rest, display_name: displayName }
}

/**
 * What storage must keep beside a task's non-empty lists (`stored`) to write
 * its entry of records_db.json (`file`) back: the file's app keys, when they
 * are not the stored ones in the same order (an empty list, another order).
 */
export function appsToKeep(file: TaskRecords, stored: TaskRecords): string[] | undefined {
  const keys = Object.keys(file)
  const kept = Object.keys(stored)
  return keys.length === kept.length && keys.every((key, i) => key === kept[i]) ? undefined : keys
}

const json = (value: unknown): string => JSON.stringify(value) ?? 'undefined'

/** A key of a task's line that the task models: how to read it off a task, and the keys of an object value that are modelled in turn. */
interface Field {
  key: string
  read: (task: Task) => unknown
  nested?: readonly Field[]
}

const META_FIELDS: readonly Field[] = [
  { key: 'answer', read: (t) => t.answer },
  { key: 'free_params', read: (t) => t.freeParams },
  { key: 'expected_state', read: (t) => t.live?.expectedState },
  { key: 'friction', read: (t) => t.live?.friction },
  { key: 'verify', read: (t) => t.live?.verify },
  { key: 'ordered', read: (t) => t.live?.ordered },
]

/** `instruction` is not here: the loader takes it from `messages`. */
const LINE_FIELDS: readonly Field[] = [
  { key: 'id', read: (t) => t.id },
  { key: 'type', read: (t) => t.type },
  { key: 'messages', read: (t) => t.messages },
  { key: 'prompt_metadata', read: () => undefined, nested: META_FIELDS },
  { key: 'reasoning_path', read: (t) => t.reasoningPath },
  { key: 'distractors', read: (t) => t.distractors },
]

const SEALED_LINE_FIELDS: readonly Field[] = [
  { key: 'id', read: (t) => t.id },
  { key: 'type', read: (t) => t.type },
  { key: 'messages', read: (t) => t.messages },
  { key: 'sealed', read: (t) => t.sealed },
]

/** A task's line: its source while that still reads as the task, else the task's fields written into the source's object (or a new one). */
export function taskLine(task: Task, sealed = false): string {
  const fields = sealed ? SEALED_LINE_FIELDS : LINE_FIELDS
  const original = task.source === undefined ? undefined : readTaskLine(task.source, task.line, sealed ? 'unknown' : undefined)
  if (task.source !== undefined && original && !fields.some((f) => differs(f, original.task, task))) return task.source
  return JSON.stringify(writeFields(original?.value, original?.task, task, fields))
}

/**
 * The task as storage keeps it: without `source` where the task's own fields
 * write that very line (the published key order, compact, as the sample and
 * `npm run gen` write it), so that such a data set stores each line once; an
 * export writes it back the same.
 */
export function storedTask(task: Task, sealed = false): Task {
  if (task.source === undefined) return task
  if (JSON.stringify(writeFields(undefined, undefined, task, sealed ? SEALED_LINE_FIELDS : LINE_FIELDS)) !== task.source) return task
  const { source: _source, ...rest } = task
  return rest
}

function differs(field: Field, before: Task, task: Task): boolean {
  if (field.nested) return field.nested.some((f) => differs(f, before, task))
  return json(field.read(before)) !== json(field.read(task))
}

/**
 * `value` (the source's object, if any) with the fields that differ between
 * `before` (the task the source reads as) and `task` written from `task`,
 * in place; other keys as they were; fields `value` lacks appended. A field
 * the task no longer has (undefined) is left out.
 */
function writeFields(value: Record<string, unknown> | undefined, before: Task | undefined, task: Task, fields: readonly Field[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const byKey = new Map(fields.map((f) => [f.key, f]))
  const fresh = (field: Field, old: unknown): unknown =>
    field.nested ? writeFields(isPlainObject(old) ? old : undefined, before, task, field.nested) : field.read(task)
  for (const key of Object.keys(value ?? {})) {
    const old = value?.[key]
    const field = byKey.get(key)
    const next = field && (!before || differs(field, before, task)) ? fresh(field, old) : old
    if (next !== undefined) setOwn(out, key, next)
  }
  for (const field of fields) {
    if (value && hasOwn(value, field.key)) continue
    if (before && !differs(field, before, task)) continue
    const next = fresh(field, undefined)
    if (next !== undefined) setOwn(out, field.key, next)
  }
  return out
}

function recordsText(tasks: readonly Task[], records: ReadonlyMap<string, StoredRecords>): string {
  const placed = tasks.map((task, i) => ({ id: task.id, at: records.get(task.id)?.at ?? i }))
  placed.sort((a, b) => a.at - b.at)
  const db: Record<string, Record<string, PhoneRecord[]>> = {}
  for (const { id } of placed) setOwn(db, id, appsOf(records.get(id)))
  return JSON.stringify(db, null, 1) + '\n'
}

/** A task's apps in the file's order with its empty lists; an app the stored records have beyond those (an edit) comes last. */
function appsOf(stored: StoredRecords | undefined): Record<string, PhoneRecord[]> {
  const kept = (stored?.records ?? {}) as Record<string, PhoneRecord[]>
  const out: Record<string, PhoneRecord[]> = {}
  for (const app of stored?.apps ?? []) setOwn(out, app, ownValue(kept, app) ?? [])
  for (const app of Object.keys(kept)) if (!hasOwn(out, app)) setOwn(out, app, ownValue(kept, app) ?? [])
  return out
}

function toolsText(tools: readonly ToolSchema[], text: string | undefined): string {
  if (text !== undefined) {
    const issues = new IssueList()
    const read = parseTools(text, issues)
    if (!issues.hasErrors && json(read) === json(tools)) return text
  }
  return JSON.stringify(tools, null, 2) + '\n'
}

function profileText(profile: Profile, text: string | undefined): string {
  if (text !== undefined) {
    const issues = new IssueList()
    const read = parseProfile(text, issues)
    if (!issues.hasErrors && json(read) === json(profile)) return text
  }
  return JSON.stringify(profile, null, 2) + '\n'
}
