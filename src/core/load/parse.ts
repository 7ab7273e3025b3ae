import { APP_KEYS, DATASET_FILES, SEALED_FILE } from '../dataset/types'
import { REQUIRED_DATASET_FILES } from '../dataset/folderFiles'
import type { ChatMessage, Dataset, DatasetIssue, GoldCall, PhoneRecord, Profile, Task, TaskRecords, ToolSchema } from '../dataset/types'
import { SPIEVAL_PROFILE, readProfile } from '../dataset/profile'
import { isPlainObject, splitLines } from '../base/text'
import { parseJsonWithLine } from '../base/jsonLine'
import { hasOwn, setOwn } from '../base/own'
import { goldProblems } from './gold'
import { readAnswer, readFreeParams } from './answer'
import { bucketContradiction, readPlannerMetadata } from './planner'
import { parseAgents, plannerFileProblems, readSkills, readToolPlannerKeys } from './plannerFiles'
import { PLANNER_FILES } from '../dataset/plannerTypes'
import { MEMORY_APP } from '../dataset/memoryTypes'
import { memoryItemProblems } from '../dataset/memoryItems'
import { memoryProblems } from './memory'
import type { PlannerMetadata } from '../dataset/plannerTypes'
import { EFFECT_KEY, SEALED_RUNTIME_KEY, readLiveMetadata, readSealedRuntime } from '../live/read'
import { liveProblems } from '../live/problems'
import type { LiveMetadata } from '../dataset/liveTypes'
import { IV_BYTES, TAG_BYTES, isBase64Of, readSealedManifest } from '../dataset/sealedManifest'
import type { SealedManifest } from '../dataset/sealedManifest'
import { REPLY } from '../tools/planner'

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
  /** Ids of the task lines refused: their records are a task's, not strays, whatever the line's errors. */
  readonly refusedTaskIds = new Set<string>()
  error(file: string, message: string, at: { line?: number; taskId?: string } = {}, coded: Pick<DatasetIssue, 'code' | 'params'> = {}): void {
    this.items.push({ level: 'error', file, message, ...at, ...coded })
  }
  warn(file: string, message: string, at: { line?: number; taskId?: string } = {}): void {
    this.items.push({ level: 'warning', file, message, ...at })
  }
  get hasErrors(): boolean {
    return this.items.some((i) => i.level === 'error')
  }
}

/**
 * How the lines of a sealed folder's input_data.jsonl must look: each with a
 * `sealed` value (`encrypted`), none (`stripped`), or either when sealed.json
 * itself could not be read (`unknown`, so that its error is not repeated on every line).
 */
export type SealedLines = 'encrypted' | 'stripped' | 'unknown'

/** The keys a sealed line may have; any other could be gold left in. */
const SEALED_LINE_KEYS = new Set(['id', 'type', 'messages', SEALED_RUNTIME_KEY, 'sealed'])

/**
 * Parses input_data.jsonl. Blank lines are skipped; each other line must be one
 * task. With `sealed`, the lines are those of a sealed folder: no gold, and
 * nothing but id, type, messages, what the runtime needs (`runtime`) and
 * (encrypted) `sealed`.
 */
export function parseInputData(text: string, issues = new IssueList(), sealed?: SealedLines): Task[] {
  const file = DATASET_FILES.inputData
  const tasks: Task[] = []
  const seen = new Map<string, number>()
  splitLines(text).forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    const parsed = parseJsonWithLine(raw)
    if ('error' in parsed) return issues.error(file, `not valid JSON: ${parsed.error}`, { line })
    const fail = (message: string, id?: string) => {
      if (id !== undefined) issues.refusedTaskIds.add(id)
      issues.error(file, message, { line })
    }
    const task = sealed ? readSealedTask(parsed.value, line, sealed, fail) : readTask(parsed.value, line, fail)
    if (!task) return
    // The line as written, for an export to give back (a reference to text already in memory; storage keeps it only where the fields would not write it the same).
    task.source = raw
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

/**
 * One line of input_data.jsonl read as {@link parseInputData} reads it (all
 * but the duplicate-id check): its JSON object and its task, or undefined
 * where the loader would refuse it. An export reads a task's `source` with it
 * to tell whether the line still says what the task says.
 */
export function readTaskLine(raw: string, line: number, sealed?: SealedLines): { value: Record<string, unknown>; task: Task } | undefined {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (!isPlainObject(value)) return undefined
  const ignore = () => undefined
  const task = sealed ? readSealedTask(value, line, sealed, ignore) : readTask(value, line, ignore)
  return task ? { value, task } : undefined
}

/** What every task line has, sealed or not: its id, type and messages (the instruction is the first user message). */
function readTaskHead(value: unknown, fail: (message: string) => void) {
  if (!isPlainObject(value)) return void fail('a task must be a JSON object')
  const { id, type, messages } = value
  if (typeof id !== 'string' || id === '') return void fail('"id" must be a non-empty string')
  const problems: string[] = []
  if (typeof type !== 'string') problems.push('"type" must be a string')
  const chat = readMessages(messages, problems)
  const instruction = chat.find((m) => m.role === 'user')?.content ?? ''
  if (chat.length > 0 && instruction === '') problems.push('"messages" has no user message')
  return { value, id, type, chat, instruction, problems }
}

function readTask(raw: unknown, line: number, fail: (message: string, id?: string) => void): Task | undefined {
  const head = readTaskHead(raw, fail)
  if (!head) return undefined
  const { value, id, type, chat, instruction, problems } = head
  const meta = value.prompt_metadata
  let answer: GoldCall[] = []
  let freeParams: string[][] = []
  let live: LiveMetadata = {}
  let planner: PlannerMetadata = {}
  if (!isPlainObject(meta))
    problems.push(
      meta === undefined && hasOwn(value, 'sealed')
        ? `the task is sealed, so its gold is not here (a sealed folder is read with its ${SEALED_FILE}; to score, use the original data set)`
        : '"prompt_metadata" must be an object with "answer"',
    )
  else {
    answer = readAnswer(meta.answer, problems)
    freeParams = readFreeParams(meta.free_params, answer.length, problems)
    live = readLiveMetadata(meta, problems)
    planner = readPlannerMetadata(meta, answer.length, problems)
    const contradiction = bucketContradiction(planner.bucket, live.verify)
    if (contradiction) problems.push(contradiction)
  }
  if (problems.length > 0) return void fail(`task "${id}": ${problems.join('; ')}`, id)
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
    ...(Object.keys(planner).length > 0 ? { planner } : {}),
  }
}

/** A sealed line: the public part of a task, its gold (if any) only inside `sealed`. */
function readSealedTask(raw: unknown, line: number, sealed: SealedLines, fail: (message: string, id?: string) => void): Task | undefined {
  const head = readTaskHead(raw, fail)
  if (!head) return undefined
  const { value, id, type, chat, instruction, problems } = head
  const extra = Object.keys(value).filter((key) => !SEALED_LINE_KEYS.has(key))
  if (extra.length > 0) problems.push(`a sealed task has only "id", "type", "messages", "${SEALED_RUNTIME_KEY}" and "sealed" (found ${extra.map((k) => `"${k}"`).join(', ')})`)
  const runtime = hasOwn(value, SEALED_RUNTIME_KEY) ? readSealedRuntime(value[SEALED_RUNTIME_KEY], problems) : undefined
  const has = hasOwn(value, 'sealed')
  if (sealed === 'encrypted' && !has) problems.push(`"sealed" is missing (${SEALED_FILE} says the gold is encrypted)`)
  if (sealed === 'stripped' && has) problems.push(`"sealed" is not expected (${SEALED_FILE} says the gold was removed)`)
  // An IV and a tag at the least: the cipher itself is checked only when the folder is unsealed.
  if (has && !isBase64Of(value.sealed, IV_BYTES + TAG_BYTES)) problems.push('"sealed" must be base64 of an IV and an AES-GCM ciphertext')
  if (problems.length > 0) return void fail(`task "${id}": ${problems.join('; ')}`, id)
  return {
    id,
    type: type as string,
    messages: chat,
    instruction,
    answer: [],
    freeParams: [],
    reasoningPath: '',
    distractors: '',
    line,
    ...(runtime && Object.keys(runtime.live).length > 0 ? { live: runtime.live } : {}),
    ...(runtime?.planner ? { planner: runtime.planner } : {}),
    ...(has ? { sealed: value.sealed as string } : {}),
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

/** Parses records_db.json: task id → app key → list of records. Record shapes are not checked, but for memory items'. */
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
      if (app === MEMORY_APP) for (const problem of memoryItemProblems(records as PhoneRecord[])) issues.error(file, problem, { taskId })
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
    if (fn.name === REPLY) {
      issues.error(file, `tool name "${REPLY}" is reserved: it names the assistant's reply to the user, a step that calls no tool`)
      return
    }
    names.add(fn.name)
    const planner = readToolPlannerKeys(fn, (message) => issues.error(file, `tool "${fn.name as string}": ${message}`))
    tools.push({
      type: 'function',
      function: {
        name: fn.name,
        description: typeof fn.description === 'string' ? fn.description : '',
        parameters: params as ToolSchema['function']['parameters'],
        // Kept as given; liveProblems checks it against the apps and the tool's own parameters.
        ...(hasOwn(fn, EFFECT_KEY) ? { [EFFECT_KEY]: fn[EFFECT_KEY] } : {}),
        ...planner,
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
  for (const name of REQUIRED_DATASET_FILES) if (files[name] === undefined) issues.error(name, 'file is missing')
  if (issues.hasErrors) throw new DatasetError(issues.items)

  const sealedText = files[SEALED_FILE]
  const sealed = sealedText === undefined ? undefined : readSealed(sealedText, issues)
  const tasks = parseInputData(inputText ?? '', issues, sealedText === undefined ? undefined : sealedLinesOf(sealed))
  if (sealed) checkSealed(sealed, tasks, issues)
  const records = parseRecordsDb(recordsText ?? '', issues)
  const recordsParsed = issues.items.every((i) => i.file !== DATASET_FILES.records || i.level !== 'error')
  const tools = parseTools(toolsText ?? '', issues)
  const toolsParsed = issues.items.every((i) => i.file !== DATASET_FILES.tools || i.level !== 'error')
  const profileText = files[DATASET_FILES.profile]
  const profile = parseProfile(profileText, issues)
  // Cross-check whatever did parse, so that one run reports every error.
  checkCrossReferences(tasks, recordsParsed ? records : undefined, toolsParsed ? tools : undefined, issues)
  memoryProblems({ tasks, records: recordsParsed ? records : undefined, tools: toolsParsed ? tools : undefined }, issues)
  if (recordsParsed && toolsParsed) for (const issue of liveProblems({ tasks, records, tools })) issues.items.push(issue)
  const agentsText = files[PLANNER_FILES.agents]
  const skillSource = readSkills(files, issues)
  const { skills } = skillSource
  const agents = agentsText === undefined ? undefined : parseAgents(agentsText, issues)
  if (toolsParsed) plannerFileProblems({ tasks, tools, skills, agents, skillSource }, issues)
  if (issues.hasErrors) throw new DatasetError(issues.items)
  return {
    dataset: {
      tasks,
      records,
      tools,
      profile,
      hasProfile: profileText !== undefined,
      ...(skills ? { skills } : {}),
      ...(agents ? { agents } : {}),
      ...(sealed ? { sealed } : {}),
    },
    warnings: issues.items,
  }
}

function readSealed(text: string, issues: IssueList): SealedManifest | undefined {
  const read = readSealedManifest(text)
  if ('problems' in read) {
    for (const p of read.problems) issues.error(SEALED_FILE, p)
    return undefined
  }
  return read.manifest
}

function sealedLinesOf(manifest: SealedManifest | undefined): SealedLines {
  if (!manifest) return 'unknown'
  return manifest.cipher === null ? 'stripped' : 'encrypted'
}

/** A study's task list must be the folder's, in its order; and validate should say why no gold was checked. */
function checkSealed(manifest: SealedManifest, tasks: Task[], issues: IssueList): void {
  const study = manifest.study
  if (study) {
    const ids = tasks.map((t) => t.id)
    const at = ids.findIndex((id, i) => id !== study.tasks[i])
    const first = at >= 0 ? at : ids.length !== study.tasks.length ? Math.min(ids.length, study.tasks.length) : -1
    if (first >= 0)
      issues.error(
        SEALED_FILE,
        `"study.tasks" is not the list of ${DATASET_FILES.inputData}'s tasks in order: at position ${first + 1}, ` +
          `${JSON.stringify(study.tasks[first] ?? '(end)')} against ${JSON.stringify(ids[first] ?? '(end)')}`,
      )
  }
  const how = manifest.cipher === null ? 'was removed' : 'is encrypted'
  issues.warn(SEALED_FILE, `a sealed data set: the gold of its ${tasks.length} tasks ${how}, so it is neither checked here nor scored`)
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
    for (const { message, code, params } of goldProblems(task, toolByName)) issues.error(file, message, at, { code, params })
  }
  const taskIds = new Set(tasks.map((t) => t.id))
  for (const id of Object.keys(records ?? {}))
    if (!taskIds.has(id) && !issues.refusedTaskIds.has(id)) issues.warn(DATASET_FILES.records, `records for "${id}", which is not a task`, { taskId: id })
}
