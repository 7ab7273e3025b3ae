import { APP_KEYS, DATASET_FILES } from './types'
import type { ChatMessage, Dataset, DatasetIssue, GoldCall, PhoneRecord, Profile, Task, TaskRecords, ToolSchema } from './types'
import { SPIEVAL_PROFILE, readProfile } from './profile'
import { isPlainObject, parseJsonWithLine, splitLines } from './text'
import { hasOwn, setOwn } from './own'
import { goldProblems } from './gold'
import { EFFECT_KEY, readLiveMetadata } from '../live/read'
import { liveProblems } from '../live/problems'
import type { LiveMetadata } from '../live/types'

/** Thrown when a data set cannot be loaded; `issues` holds every error found, each placed in its file. */
export class DatasetError extends Error {
  readonly issues: DatasetIssue[]
  constructor(issues: DatasetIssue[]) {
    super(issues.filter((i) => i.level === 'error').map(formatIssue).join('\n'))
    this.name = 'DatasetError'
    this.issues = issues
  }
}

/** "file line 3 (task 推理1): message" */
export function formatIssue(issue: DatasetIssue): string {
  const where = [issue.file]
  if (issue.line !== undefined) where.push(`line ${issue.line}`)
  if (issue.taskId !== undefined) where.push(`(task ${issue.taskId})`)
  return `${where.join(' ')}: ${issue.message}`
}

/** Collects the problems found while parsing, in order. */
export class IssueList {
  readonly items: DatasetIssue[] = []
  error(file: string, message: string, at: { line?: number; taskId?: string } = {}): void {
    this.items.push({ level: 'error', file, message, ...at })
  }
  warn(file: string, message: string, at: { line?: number; taskId?: string } = {}): void {
    this.items.push({ level: 'warning', file, message, ...at })
  }
  get hasErrors(): boolean {
    return this.items.some((i) => i.level === 'error')
  }
}

/** Parses input_data.jsonl. Blank lines are skipped; each other line must be one task. */
export function parseInputData(text: string, issues = new IssueList()): Task[] {
  const file = DATASET_FILES.inputData
  const tasks: Task[] = []
  const seen = new Map<string, number>()
  splitLines(text).forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    const parsed = parseJsonWithLine(raw)
    if ('error' in parsed) return issues.error(file, `not valid JSON: ${parsed.error}`, { line })
    const task = readTask(parsed.value, line, (message) => issues.error(file, message, { line }))
    if (!task) return
    const first = seen.get(task.id)
    if (first !== undefined) {
      issues.error(file, `duplicate task id "${task.id}" (first on line ${first})`, { line, taskId: task.id })
      return
    }
    seen.set(task.id, line)
    tasks.push(task)
  })
  if (tasks.length === 0 && !issues.hasErrors) issues.error(file, 'no tasks found')
  return tasks
}

function readTask(value: unknown, line: number, fail: (message: string) => void): Task | undefined {
  if (!isPlainObject(value)) return void fail('a task must be a JSON object')
  const { id, type, messages, prompt_metadata: meta } = value
  if (typeof id !== 'string' || id === '') return void fail('"id" must be a non-empty string')
  const problems: string[] = []
  if (typeof type !== 'string') problems.push('"type" must be a string')
  const chat = readMessages(messages, problems)
  const instruction = chat.find((m) => m.role === 'user')?.content ?? ''
  if (chat.length > 0 && instruction === '') problems.push('"messages" has no user message')
  let answer: GoldCall[] = []
  let freeParams: string[][] = []
  let live: LiveMetadata = {}
  if (!isPlainObject(meta)) problems.push('"prompt_metadata" must be an object with "answer"')
  else {
    answer = readAnswer(meta.answer, problems)
    freeParams = readFreeParams(meta.free_params, answer.length, problems)
    live = readLiveMetadata(meta, problems)
  }
  if (problems.length > 0) return void fail(`task "${id}": ${problems.join('; ')}`)
  return {
    id,
    type: type as string,
    messages: chat,
    instruction,
    answer,
    freeParams,
    reasoningPath: textOf(value.reasoning_path),
    distractors: textOf(value.distractors),
    line,
    ...(Object.keys(live).length > 0 ? { live } : {}),
  }
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value, null, 1)
}

function readMessages(value: unknown, problems: string[]): ChatMessage[] {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push('"messages" must be a non-empty list')
    return []
  }
  const messages: ChatMessage[] = []
  value.forEach((m, i) => {
    if (isPlainObject(m) && typeof m.role === 'string' && typeof m.content === 'string')
      messages.push({ role: m.role, content: m.content })
    else problems.push(`"messages[${i}]" must have string "role" and "content"`)
  })
  return messages
}

function readAnswer(value: unknown, problems: string[]): GoldCall[] {
  if (!Array.isArray(value)) {
    problems.push('"prompt_metadata.answer" must be a list of calls')
    return []
  }
  const calls: GoldCall[] = []
  value.forEach((call, i) => {
    if (!isPlainObject(call) || typeof call.name !== 'string') {
      problems.push(`"answer[${i}]" must have a string "name"`)
      return
    }
    const args = call.arguments ?? {}
    if (!isPlainObject(args)) {
      problems.push(`"answer[${i}].arguments" must be an object`)
      return
    }
    const acceptable: Record<string, unknown[]> = {}
    for (const [param, values] of Object.entries(args)) {
      if (Array.isArray(values)) setOwn(acceptable, param, values)
      else problems.push(`"answer[${i}].arguments.${param}" must be a list of acceptable values`)
    }
    calls.push({ name: call.name, arguments: acceptable })
  })
  return calls
}

function readFreeParams(value: unknown, callCount: number, problems: string[]): string[][] {
  if (value === undefined || value === null) return Array.from({ length: callCount }, () => [])
  if (!Array.isArray(value)) {
    problems.push('"prompt_metadata.free_params" must be a list of lists')
    return []
  }
  if (value.length > callCount) problems.push(`"free_params" has ${value.length} lists for ${callCount} gold calls`)
  return Array.from({ length: callCount }, (_, i) => {
    const list: unknown = value[i] ?? []
    if (!Array.isArray(list) || !list.every((p) => typeof p === 'string')) {
      problems.push(`"free_params[${i}]" must be a list of parameter names`)
      return []
    }
    return list as string[]
  })
}

/** Parses records_db.json: task id → app key → list of records. Record shapes are not checked. */
export function parseRecordsDb(text: string, issues = new IssueList()): Record<string, TaskRecords> {
  const file = DATASET_FILES.records
  const parsed = parseJsonWithLine(splitLines(text).join('\n'))
  if ('error' in parsed) {
    issues.error(file, `not valid JSON: ${parsed.error}`, parsed.line === undefined ? {} : { line: parsed.line })
    return {}
  }
  if (!isPlainObject(parsed.value)) {
    issues.error(file, 'must be a JSON object: task id → app key → list of records')
    return {}
  }
  const known = new Set<string>(APP_KEYS)
  const db: Record<string, TaskRecords> = {}
  for (const [taskId, apps] of Object.entries(parsed.value)) {
    if (!isPlainObject(apps)) {
      issues.error(file, 'must map app keys to lists of records', { taskId })
      continue
    }
    const taskRecords: Record<string, PhoneRecord[]> = {}
    for (const [app, records] of Object.entries(apps)) {
      if (!known.has(app)) {
        issues.error(file, `unknown app "${app}" (known: ${APP_KEYS.join(', ')})`, { taskId })
        continue
      }
      if (!Array.isArray(records)) {
        issues.error(file, `"${app}" must be a list of records`, { taskId })
        continue
      }
      const bad = records.findIndex((r) => !isPlainObject(r))
      if (bad >= 0) {
        issues.error(file, `"${app}[${bad}]" must be an object of field → value`, { taskId })
        continue
      }
      setOwn(taskRecords, app, records as PhoneRecord[])
    }
    setOwn(db, taskId, taskRecords)
  }
  return db
}

/** Parses tools.json: a list of OpenAI-style function schemas with unique names. */
export function parseTools(text: string, issues = new IssueList()): ToolSchema[] {
  const file = DATASET_FILES.tools
  const parsed = parseJsonWithLine(splitLines(text).join('\n'))
  if ('error' in parsed) {
    issues.error(file, `not valid JSON: ${parsed.error}`, parsed.line === undefined ? {} : { line: parsed.line })
    return []
  }
  if (!Array.isArray(parsed.value)) {
    issues.error(file, 'must be a JSON list of function schemas')
    return []
  }
  const tools: ToolSchema[] = []
  const names = new Set<string>()
  parsed.value.forEach((entry: unknown, i) => {
    const fn = isPlainObject(entry) ? entry.function : undefined
    if (!isPlainObject(fn) || typeof fn.name !== 'string') {
      issues.error(file, `entry ${i} must be {"type": "function", "function": {"name", "description", "parameters"}}`)
      return
    }
    const params = fn.parameters ?? { type: 'object', properties: {} }
    if (!isPlainObject(params) || (params.properties !== undefined && !isPlainObject(params.properties))) {
      issues.error(file, `tool "${fn.name}": "parameters" must be a JSON Schema object with "properties"`)
      return
    }
    if (names.has(fn.name)) {
      issues.error(file, `duplicate tool name "${fn.name}"`)
      return
    }
    names.add(fn.name)
    tools.push({
      type: 'function',
      function: {
        name: fn.name,
        description: typeof fn.description === 'string' ? fn.description : '',
        parameters: params as ToolSchema['function']['parameters'],
        // Kept as given; liveProblems checks it against the apps and the tool's own parameters.
        ...(hasOwn(fn, EFFECT_KEY) ? { [EFFECT_KEY]: fn[EFFECT_KEY] } : {}),
      },
    })
  })
  return tools
}

/** The text of each data set file, by file name. `profile.json` is optional. */
export type DatasetFiles = Partial<Record<string, string>>

/**
 * Parses a whole data set. Throws a {@link DatasetError} listing every structural
 * error; returns the data set and its warnings otherwise.
 */
export function loadDataset(files: DatasetFiles): { dataset: Dataset; warnings: DatasetIssue[] } {
  const issues = new IssueList()
  const inputText = files[DATASET_FILES.inputData]
  const recordsText = files[DATASET_FILES.records]
  const toolsText = files[DATASET_FILES.tools]
  for (const [name, text] of [
    [DATASET_FILES.inputData, inputText],
    [DATASET_FILES.records, recordsText],
    [DATASET_FILES.tools, toolsText],
  ] as const)
    if (text === undefined) issues.error(name, 'file is missing')
  if (issues.hasErrors) throw new DatasetError(issues.items)

  const tasks = parseInputData(inputText ?? '', issues)
  const records = parseRecordsDb(recordsText ?? '', issues)
  const recordsParsed = issues.items.every((i) => i.file !== DATASET_FILES.records || i.level !== 'error')
  const tools = parseTools(toolsText ?? '', issues)
  const toolsParsed = issues.items.every((i) => i.file !== DATASET_FILES.tools || i.level !== 'error')
  const profileText = files[DATASET_FILES.profile]
  const profile = parseProfile(profileText, issues)
  // Cross-check whatever did parse, so that one run reports every error.
  checkCrossReferences(tasks, recordsParsed ? records : undefined, toolsParsed ? tools : undefined, issues)
  if (recordsParsed && toolsParsed) for (const issue of liveProblems({ tasks, records, tools })) issues.items.push(issue)
  if (issues.hasErrors) throw new DatasetError(issues.items)
  return {
    dataset: { tasks, records, tools, profile, hasProfile: profileText !== undefined },
    warnings: issues.items,
  }
}

/** profile.json's profile; without the file, the published SPIEval profile. Problems go to `issues`. */
export function parseProfile(text: string | undefined, issues = new IssueList()): Profile {
  if (text === undefined) return SPIEVAL_PROFILE
  const parsed = parseJsonWithLine(splitLines(text).join('\n'))
  if ('error' in parsed) {
    issues.error(DATASET_FILES.profile, `not valid JSON: ${parsed.error}`, parsed.line === undefined ? {} : { line: parsed.line })
    return SPIEVAL_PROFILE
  }
  const read = readProfile(parsed.value)
  if ('problems' in read) {
    for (const p of read.problems) issues.error(DATASET_FILES.profile, p)
    return SPIEVAL_PROFILE
  }
  return read.profile
}

function checkCrossReferences(
  tasks: Task[],
  records: Record<string, TaskRecords> | undefined,
  tools: ToolSchema[] | undefined,
  issues: IssueList,
): void {
  const file = DATASET_FILES.inputData
  const toolByName = new Map((tools ?? []).map((t) => [t.function.name, t]))
  for (const task of tasks) {
    const at = { line: task.line, taskId: task.id }
    if (records && !hasOwn(records, task.id)) issues.error(file, `task "${task.id}" has no entry in ${DATASET_FILES.records}`, at)
    if (!tools) continue
    for (const problem of goldProblems(task, toolByName)) issues.error(file, problem, at)
  }
  const taskIds = new Set(tasks.map((t) => t.id))
  for (const id of Object.keys(records ?? {}))
    if (!taskIds.has(id)) issues.warn(DATASET_FILES.records, `records for "${id}", which is not a task`, { taskId: id })
}
