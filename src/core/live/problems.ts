/**
 * The live keys checked against the rest of a data set, for `npm run
 * validate` and the page's import alike: every `x-effect` (known app,
 * arguments the tool takes, fields the app has), every `expected_state`
 * (known apps, each `where` naming exactly one of the task's records),
 * every `friction` rule (tools that exist).
 */
import { appInfo, isAppKey, isRetrievalToolName, APPS } from '../apps/registry'
import { DATASET_FILES } from '../dataset/types'
import type { DatasetIssue, JsonSchemaObject, TaskRecords } from '../dataset/types'
import { hasOwn, ownValue } from '../base/own'
import { isPlainObject } from '../base/text'
import { BUILTIN_EFFECTS } from './builtin'
import { readEffect } from './read'
import { baseRecordId } from './state'
import type { ChangeOp, Effect, LiveMetadata } from '../dataset/liveTypes'
import { namedRecords } from './verdict'

/** What {@link liveProblems} reads; a loaded {@link Dataset} fits (its tasks' `live` once the reader keeps it). */
export interface LiveDatasetInput {
  tasks: readonly { id: string; line: number; answer?: readonly { name: string }[]; live?: LiveMetadata }[]
  records: Readonly<Record<string, TaskRecords>>
  tools: readonly { function: { name: string; parameters: JsonSchemaObject } }[]
}

const APP_LIST = APPS.map((a) => a.key).join(', ')

/** Errors and warnings of a data set's live keys, each placed in its file (and line and task). */
export function liveProblems(dataset: LiveDatasetInput): DatasetIssue[] {
  const issues: DatasetIssue[] = []
  const toolsFile = DATASET_FILES.tools
  const effects = new Map<string, Effect>()
  for (const tool of dataset.tools) {
    const fn = tool.function as unknown as Record<string, unknown>
    const name = tool.function.name
    const error = (message: string): void => void issues.push({ level: 'error', file: toolsFile, message: `tool "${name}": ${message}` })
    const warn = (message: string): void => void issues.push({ level: 'warning', file: toolsFile, message: `tool "${name}": ${message}` })
    const problems: string[] = []
    const effect = isPlainObject(fn) ? readEffect(fn, problems) : undefined
    for (const p of problems) error(p)
    if (!effect) {
      const builtin = problems.length === 0 && !hasOwn(fn, 'x-effect') ? ownValue(BUILTIN_EFFECTS, name) : undefined
      if (builtin) effects.set(name, builtin)
      continue
    }
    if (isRetrievalToolName(name)) {
      error('a retrieval tool changes nothing; "x-effect" is for execution tools')
      continue
    }
    const app = appInfo(effect.app)
    if (!app) {
      error(`"x-effect.app" is "${effect.app}", which is not an app (known: ${APP_LIST})`)
      continue
    }
    effects.set(name, effect)
    const properties = tool.function.parameters.properties ?? {}
    const takes = Object.keys(properties)
    const argument = (arg: string, at: string): void => {
      if (!hasOwn(properties, arg))
        error(`${at} names argument "${arg}", which the tool does not take (it takes: ${takes.join(', ') || 'no arguments'})`)
    }
    for (const [field, arg] of Object.entries(effect.where ?? {})) argument(arg, `"x-effect.where.${field}"`)
    for (const arg of Object.keys(effect.fields ?? {})) argument(arg, `"x-effect.fields"`)
    const known = new Set(app.fields.map((f) => f.key))
    const written = [
      ...Object.keys(effect.where ?? {}),
      ...Object.values(effect.fields ?? {}),
      ...Object.keys(effect.set ?? {}),
      ...Object.keys(effect.stamp ?? {}),
    ]
    const unknown = [...new Set(written.filter((f) => !known.has(f)))]
    if (unknown.length > 0)
      warn(`"x-effect" names fields the ${app.key} app does not list (kept and searchable): ${unknown.join(', ')}`)
    const targets = new Map<string, string>()
    for (const [arg, field] of Object.entries(effect.fields ?? {})) {
      const other = targets.get(field)
      if (other !== undefined) warn(`"x-effect.fields" maps both "${other}" and "${arg}" to field "${field}"; the later one wins`)
      targets.set(field, arg)
    }
  }

  const toolNames = new Set(dataset.tools.map((t) => t.function.name))
  const reachable = new Set([...effects.values()].map((e) => `${e.app}/${e.op}`))
  const inputFile = DATASET_FILES.inputData
  for (const task of dataset.tasks) {
    const live = task.live
    if (!live) continue
    const at = { file: inputFile, line: task.line, taskId: task.id }
    const error = (message: string): void => void issues.push({ level: 'error', ...at, message })
    const warn = (message: string): void => void issues.push({ level: 'warning', ...at, message })
    const records = dataset.records[task.id] ?? {}
    const namedBy = new Map<string, number>()
    live.expectedState?.forEach((change, i) => {
      const where = `"expected_state[${i}]"`
      const app = appInfo(change.app)
      if (!app || !isAppKey(change.app)) return error(`${where}: "${change.app}" is not an app (known: ${APP_LIST})`)
      if (!reachable.has(`${change.app}/${change.op}`))
        warn(`${where}: no tool ${verb(change.op)} ${app.key} records, so no attempt can make this change`)
      const known = new Set(app.fields.map((f) => f.key))
      for (const record of records[app.key] ?? []) for (const key of Object.keys(record)) known.add(key)
      const unknown = [...Object.keys(change.where ?? {}), ...Object.keys(change.record ?? {})].filter((f) => !known.has(f))
      if (unknown.length > 0)
        warn(`${where} names fields the ${app.key} app does not list: ${[...new Set(unknown)].join(', ')}`)
      if (change.op === 'insert') return
      const named = namedRecords(records, change)
      const described = Object.entries(change.where ?? {})
        .map(([field, value]) => `${field} = ${JSON.stringify(value)}`)
        .join(' and ')
      if (named.length !== 1 || named[0] === undefined)
        return error(
          `${where} (${change.op}): "where" (${described}) names ${named.length} of the task's ${app.key} records; it must name exactly one`,
        )
      const id = baseRecordId(app.key, named[0])
      const first = namedBy.get(id)
      if (first !== undefined)
        return error(`${where} and "expected_state[${first}]" name the same ${app.key} record (${described}); one change a record`)
      namedBy.set(id, i)
    })
    live.friction?.forEach((rule, i) => {
      const where = `"friction[${i}]"`
      const requires = `"friction[${i}].requires"`
      if (!toolNames.has(rule.tool)) error(`${where}: unknown tool "${rule.tool}"`)
      for (const name of rule.requires ?? []) {
        if (!toolNames.has(name)) error(`${requires}: unknown tool "${name}"`)
        if (name === rule.tool) error(`${requires} names the tool itself, which could then never succeed`)
      }
      if (!rule.on && !rule.requires && task.answer?.some((c) => c.name === rule.tool))
        warn(`${where} refuses every call of ${rule.tool}, which the gold answer calls`)
    })
  }
  return issues
}

function verb(op: ChangeOp): string {
  return op === 'insert' ? 'inserts' : op === 'update' ? 'updates' : 'deletes'
}
