import { appInfo } from '../apps/registry'
import { fitsSchema } from '../score/compare'
import { CAPABILITIES } from '../score/capabilities'
import { valueText } from '../search/indexed'
import { APP_KEYS, DATASET_FILES } from '../dataset/types'
import { hasOwn, ownValue } from '../base/own'
import { readAcceptable } from './gold'
import type { Dataset, DatasetIssue, JsonSchema, LintCode, Task } from '../dataset/types'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^\d{1,2}:\d{2}(:\d{2})?$/
/** Values a solver derives rather than reads: relative dates and times, and the tools' keywords. */
const DERIVED_KEYWORDS = new Set(['now', 'current'])

/**
 * Lints a loaded data set beyond what loading enforces (loading refuses
 * every error, gold values outside tools.json included): gold values findable
 * in the task's records, profile or instruction, unknown record fields and
 * capability types. Warnings only.
 */
export function lintDataset(dataset: Dataset): DatasetIssue[] {
  const issues: DatasetIssue[] = []
  const tools = new Map(dataset.tools.map((t) => [t.function.name, t.function.parameters]))
  const profileText = JSON.stringify(dataset.profile).toLowerCase()
  const knownTypes = new Set<string>(CAPABILITIES.map((c) => c.type))
  for (const task of dataset.tasks) {
    const at = { file: DATASET_FILES.inputData, line: task.line, taskId: task.id }
    const warn = (code: LintCode, params: Record<string, string | number>, message: string): void => void issues.push({ level: 'warning', ...at, message, code, params })
    if (!knownTypes.has(task.type)) {
      const types = [...knownTypes].join(', ')
      warn('unknownCapability', { type: task.type, types }, `type "${task.type}" is none of the five capabilities (${types})`)
    }
    const haystack = `${taskText(dataset, task)}\n${profileText}\n${task.instruction.toLowerCase()}`
    task.answer.forEach((call, i) => {
      const parameters = tools.get(call.name)
      if (!parameters) return
      const properties = parameters.properties ?? {}
      const free = new Set(task.freeParams[i] ?? [])
      const gold = { call: i + 1, tool: call.name }
      for (const required of parameters.required ?? [])
        if (!hasOwn(call.arguments, required) && !free.has(required))
          warn('requiredLeftOut', { ...gold, param: required }, `gold call ${i + 1} (${call.name}) leaves out required parameter "${required}"`)
      for (const [param, acceptable] of Object.entries(call.arguments)) {
        // Unknown parameters, empty lists and values outside the schema are the loader's errors (gold.ts).
        if (!hasOwn(properties, param)) continue
        const schema = ownValue(properties, param)
        const named = { ...gold, param }
        if (free.has(param)) warn('constrainedAndFree', named, `gold call ${i + 1} (${call.name}).${param} is both constrained and free; it is scored as free (any value valid under the schema)`)
        const values = readAcceptable(acceptable, schema)
        if (values.flat) warn('flatArray', named, `gold call ${i + 1} (${call.name}).${param} is an array parameter given as a flat list; it is read as one array`)
        for (const value of values.values)
          if (fitsSchema(schema, value) && !findable(value, schema, haystack))
            warn('notFindable', { ...named, value: JSON.stringify(value) }, `gold call ${i + 1} (${call.name}).${param}: ${JSON.stringify(value)} is not found in the task's records, profile or instruction`)
        for (const value of values.values)
          if (givenAway(value, task.instruction))
            warn('givenAway', { ...named, value: JSON.stringify(value) }, `gold call ${i + 1} (${call.name}).${param}: the instruction gives ${JSON.stringify(value)} away; a number the task means to be found belongs in the records only`)
      }
    })
  }
  for (const [taskId, apps] of Object.entries(dataset.records)) {
    for (const [app, records] of Object.entries(apps)) {
      const known = new Set(appInfo(app)?.fields.map((f) => f.key))
      const unknown = new Set<string>()
      for (const record of records ?? []) for (const key of Object.keys(record)) if (!known.has(key)) unknown.add(key)
      if (unknown.size > 0) {
        const fields = [...unknown].join(', ')
        issues.push({
          level: 'warning',
          file: DATASET_FILES.records,
          taskId,
          message: `${app} records have fields the app does not list (kept and searchable): ${fields}`,
          code: 'unknownFields',
          params: { app, fields },
        })
      }
    }
  }
  return issues
}

/**
 * A canonical value given away: a gold text of five digits or more (a
 * telephone, an account, a card, an ID), spaces, dashes and a leading + aside,
 * that the instruction spells out. SPIEval's instructions name people and
 * things and leave such numbers to be found; a name in the instruction is how
 * tasks are meant to be written, so only numbers are checked.
 */
function givenAway(value: unknown, instruction: string): boolean {
  if (typeof value !== 'string') return false
  const digits = String(value).replace(/[\s+-]/g, '')
  if (!/^\d{5,}$/.test(digits)) return false
  return instruction.replace(/[\s+-]/g, '').includes(digits)
}

function taskText(dataset: Dataset, task: Task): string {
  const records = dataset.records[task.id] ?? {}
  const parts: string[] = []
  // Memory items too: a planner task's gold often comes from what the assistant remembers.
  for (const app of APP_KEYS) for (const record of records[app] ?? []) for (const v of Object.values(record)) parts.push(valueText(v))
  return parts.join('\n').toLowerCase()
}

function findable(value: unknown, schema: JsonSchema | undefined, haystack: string): boolean {
  if (Array.isArray(value)) return value.every((v) => findable(v, schema?.items, haystack))
  if (schema?.enum || typeof value === 'boolean') return true
  if (typeof value === 'number') return numberFindable(value, haystack)
  if (typeof value !== 'string') return true
  if (DATE.test(value) || TIME.test(value) || DERIVED_KEYWORDS.has(value)) return true
  const lower = value.toLowerCase()
  // A value put together from several records ("Ms. Ortiz" + "Hannah") is findable word by word.
  return haystack.includes(lower) || words(lower).every((word) => haystack.includes(word))
}

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0)
}

/** A number stated in the data, or one sum or difference of two stated numbers (a balance, a total). */
function numberFindable(value: number, haystack: string): boolean {
  if (haystack.includes(String(value)) || haystack.includes(value.toFixed(2))) return true
  const stated = [...new Set((haystack.replace(/(\d),(\d{3})/g, '$1$2').match(/\d+(?:\.\d+)?/g) ?? []).map(Number))]
  if (stated.length > 2000) return false
  const set = new Set(stated.map((n) => Math.round(n * 100)))
  const target = Math.round(value * 100)
  return stated.some((n) => set.has(target - Math.round(n * 100)) || set.has(target + Math.round(n * 100)))
}
