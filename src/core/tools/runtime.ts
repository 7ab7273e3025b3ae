import type { AppKey, TaskRecords, ToolSchema } from '../dataset/types'
import { isPlainObject } from '../base/text'
import { setOwn } from '../base/own'
import { MAX_ARGUMENT_CHARS, nonJsonProblem, tooLong } from './jsonArguments'
import { APPS, GLOBAL_SEARCH_TOOL, appOfSearchTool, isRetrievalToolName } from '../apps/registry'
import { TaskIndex } from '../search/indexed'
import type { IndexedRecord } from '../search/indexed'
import { PatternError, findMatches } from '../search/match'
import { SEARCH_MODES, readSearchArguments } from './searchQuery'
import { argumentIssues, argumentProblems, compileTool } from './validate'
import type { ArgumentIssue } from './validate'
import type { CompiledTool } from './validate'
import { searchContent } from './format'
import { PAGE_SIZE, readSetting } from './types'
import type { CallSource, PlannerContext, SearchData, Setting, ToolCall, ToolKind, ToolResult } from './types'
import type { Skill, ToolRole } from '../dataset/plannerTypes'
import { isMemoryReadTool, memoryRead } from './memoryTools'
import { MEMORY_APP } from '../dataset/memoryTypes'
import { LOAD_SKILL, askUserAnswer, delegateAnswer, loadSkillAnswer, loadSkillTool, skillNotLoaded, toolRole, toolsWithSkills } from './planner'

export interface ToolRuntimeOptions {
  setting: Setting
  /** Results per page in `paginated` (default 5, as published). */
  pageSize?: number
  /** A planner data set's skills, sub-agents and the task's scripted user replies (docs/reference.md, "Planner tasks"). */
  planner?: PlannerContext
}

/** What a call's answer depends on beyond its arguments: the trajectory so far. */
export interface CallContext {
  /** The skills loaded so far: a skill's tools answer only once it is. */
  loaded?: ReadonlySet<string>
  /** How many times `Ask_User` was answered before: its replies come in order. */
  asked?: number
}


/**
 * The one tool runtime of a task. Every caller (a person's button, window.spieval,
 * WebMCP, the agent runner, the MCP server, the CLI) goes through {@link ToolRuntime.call}.
 * Records are never changed; execution calls succeed and are returned for the trajectory.
 */
export class ToolRuntime {
  readonly setting: Setting
  private readonly pageSize: number
  private readonly index: TaskIndex
  private readonly toolsByName: Map<string, CompiledTool>
  private readonly tools: ToolSchema[]
  private readonly planner: PlannerContext
  /** Each tool's `function`, for its planner keys (`x-kind`, `x-skill`, `x-agent`). */
  private readonly functions: Map<string, ToolSchema['function']>
  /** Each tool's kind of step, from its role: worked out once, not on every call. */
  private readonly kinds: Map<string, ToolKind>

  /** `records` may come prepared as a {@link TaskIndex}. */
  constructor(tools: ToolSchema[], records: TaskRecords | TaskIndex, options: ToolRuntimeOptions) {
    this.setting = readSetting(options.setting)
    this.pageSize = options.pageSize ?? PAGE_SIZE
    this.index = records instanceof TaskIndex ? records : new TaskIndex(records)
    this.tools = tools
    this.planner = options.planner ?? {}
    // load_skill is the runtime's own whenever there are skills (its name an enum of them), not the data set's.
    const all = withLoadSkill(tools, this.planner.skills)
    this.toolsByName = new Map(all.map((t) => [t.function.name, compileTool(t)]))
    this.functions = new Map(all.map((t) => [t.function.name, t.function]))
    this.kinds = new Map(all.map((t) => [t.function.name, KIND_OF_ROLE[toolRole(t.function)]]))
  }

  /**
   * The same tools over the next version of the records (a live attempt's,
   * after a change): what did not change stays prepared (see
   * {@link TaskIndex.next}), so that a search right after a change of a large
   * phone costs what it cost before. The answers are those of a new runtime
   * over `records`. Use the new runtime from then on: this one hands its
   * prepared index over, and would prepare it again.
   */
  withRecords(records: TaskRecords): ToolRuntime {
    return new ToolRuntime(this.tools, this.index.next(records), { setting: this.setting, pageSize: this.pageSize, planner: this.planner })
  }

  /**
   * The tools offered to a model in this setting (no retrieval tools in
   * `no_search`) with the `loaded` skills: a skill's tools only once it is
   * loaded, and `load_skill` whenever the data set has skills.
   */
  offeredTools(loaded: ReadonlySet<string> = NONE_LOADED): ToolSchema[] {
    const tools = this.setting === 'no_search' ? this.tools.filter((t) => !isRetrievalToolName(t.function.name)) : this.tools
    return this.planner.skills ? toolsWithSkills(tools, this.planner.skills, loaded) : tools
  }

  /** The task's records, indexed; UIs list and highlight from the same index the tools search. */
  get records(): TaskIndex {
    return this.index
  }

  /** The kind of step a call of `name` makes, from its tool's role; an unknown tool's counts as an execution call, as in scoring. */
  kindOf(name: string): ToolKind {
    return this.kinds.get(name) ?? (isRetrievalToolName(name) ? 'retrieval' : 'execution')
  }

  /**
   * Runs one call. Never throws: a bad call answers `ok: false` with a message
   * a model can act on, and changes nothing.
   */
  call(name: string, args: unknown, source: CallSource, context: CallContext = {}): ToolCall {
    const kind = this.kindOf(name)
    let result: ToolResult
    try {
      result = this.dispatch(name, args, context)
    } catch (err) {
      result = { ok: false, content: `Error: ${err instanceof Error ? err.message : String(err)}` }
    }
    return { name, arguments: args, source, kind, ...result }
  }

  /**
   * What is wrong with a call's arguments against its tool's schema, as data
   * (the sentences of a refused call say the same): empty for a tool this
   * task lacks, or arguments that are no object.
   */
  argumentIssues(name: string, rawArgs: unknown): ArgumentIssue[] {
    const tool = this.toolsByName.get(name)
    const parsed = parseArguments(rawArgs)
    return tool && 'args' in parsed ? argumentIssues(tool, parsed.args) : []
  }

  private dispatch(name: string, rawArgs: unknown, context: CallContext): ToolResult {
    const tool = this.toolsByName.get(name)
    if (!tool || (this.setting === 'no_search' && isRetrievalToolName(name))) return this.unknownTool(name)
    const skill = this.functions.get(name)?.['x-skill']
    if (skill !== undefined && !(context.loaded ?? NONE_LOADED).has(skill)) return skillNotLoaded(name, skill)
    const parsed = parseArguments(rawArgs)
    if ('error' in parsed) return fail(`${name}: ${parsed.error}`)
    const args = parsed.args
    const problems = argumentProblems(tool, args)
    if (problems.length > 0) return fail(`${name}: ${problems.join(' ')}`)
    const planned = this.plannerAnswer(name, args, context)
    if (planned) return planned
    // Memory's reads answer from its items (get_memory is no search_ tool, so this comes first).
    if (isMemoryReadTool(name)) return memoryRead(name, args, this.index.app(MEMORY_APP), (scope, pattern, hits, page) => this.page(name, scope, pattern, hits, page, false))
    if (!isRetrievalToolName(name)) return executed(name, args)
    return this.search(tool, args)
  }

  /** The answer of a skill, a sub-agent or the user, from the data set (no model is called); undefined for any other tool. */
  private plannerAnswer(name: string, args: Record<string, unknown>, context: CallContext): ToolResult | undefined {
    const fn = this.functions.get(name)
    if (!fn) return undefined
    if (name === LOAD_SKILL && this.planner.skills) {
      const skill = this.planner.skills.find((s) => s.name === args.name)
      return skill ? loadSkillAnswer(skill, this.tools) : fail(`${LOAD_SKILL}: there is no skill named ${JSON.stringify(args.name)}.`)
    }
    const role = toolRole(fn)
    if (role === 'ask') return askUserAnswer(this.planner.userReplies, context.asked ?? 0)
    const agent = fn['x-agent']
    const card = agent === undefined ? undefined : this.planner.agents?.find((a) => a.id === agent)
    return card ? delegateAnswer(card, args) : undefined
  }

  private unknownTool(name: string): ToolResult {
    const offered = this.offeredTools().map((t) => t.function.name)
    if (this.setting === 'no_search' && this.toolsByName.has(name))
      return fail(`${name} is not available in the no_search setting: every record of this task is in the system prompt.`)
    return fail(`Unknown tool "${name}". Available tools: ${offered.join(', ')}.`)
  }

  private search(tool: CompiledTool, args: Record<string, unknown>): ToolResult {
    const { pattern, field, mode, ignoreCase, page } = readSearchArguments(args)
    if (typeof pattern !== 'string') return fail(`${tool.name}: "pattern" must be a string.`)
    if (!SEARCH_MODES.includes(mode)) return fail(`${tool.name}: mode must be one of ${SEARCH_MODES.join(', ')}.`)
    if (page < 1) return fail(`${tool.name}: page must be 1 or more.`)

    const global = tool.name === GLOBAL_SEARCH_TOOL
    const app = global ? undefined : appOfSearchTool(tool.name)
    if (!global && !app) return fail(`${tool.name}: there is no such app on this phone.`)
    if (field !== undefined && !this.knownField(tool, app?.key, field)) {
      const valid = this.validFields(tool, app?.key)
      if (!valid.includes(field))
        return fail(`${tool.name}: unknown field "${field}". Valid fields: ${valid.join(', ')}. Leave "field" out to search every field.`)
    }
    let hits
    try {
      const query = { pattern, field, mode: global ? 'fixed' : mode, ignoreCase } as const
      // A fixed search tests each record alone, so the phone's hits are each app's in turn, and each
      // app's index serves both searches (and, in live state, follows that app's changes alone).
      hits = app ? findMatches(this.index.app(app.key), query) : APPS.flatMap((a) => findMatches(this.index.app(a.key), query))
    } catch (err) {
      if (err instanceof PatternError) return fail(`${tool.name}: ${err.message}`)
      throw err
    }
    return this.page(tool.name, app ? app.key : 'all apps', pattern, hits, page, global)
  }

  /** A field the schema or the app registry names is valid without looking through the records' own fields. */
  private knownField(tool: CompiledTool, app: AppKey | undefined, field: string): boolean {
    if (tool.fieldEnum?.includes(field)) return true
    return (app ? APPS.filter((a) => a.key === app) : APPS).some((info) => info.fields.some((f) => f.key === field))
  }

  private validFields(tool: CompiledTool, app: AppKey | undefined): string[] {
    const fields = new Set<string>(tool.fieldEnum ?? [])
    for (const info of app ? APPS.filter((a) => a.key === app) : APPS) {
      for (const f of info.fields) fields.add(f.key)
      for (const key of this.index.fieldKeys(info.key)) fields.add(key)
    }
    return [...fields]
  }

  private page(
    toolName: string,
    scope: string,
    pattern: string,
    hits: { entry: IndexedRecord; score?: number }[],
    page: number,
    labelApps: boolean,
  ): ToolResult {
    const paged = this.setting === 'paginated'
    const size = paged ? this.pageSize : Math.max(hits.length, 1)
    const pages = Math.max(1, Math.ceil(hits.length / size))
    const shownPage = paged ? page : 1
    const start = (shownPage - 1) * size
    const shown = hits.slice(start, start + size)
    const content = searchContent({
      tool: toolName,
      scope,
      pattern,
      total: hits.length,
      page: shownPage,
      pages,
      shown,
      paged,
      firstPosition: start + 1,
      labelApps,
    })
    const data: SearchData = {
      app: scope,
      total: hits.length,
      page: shownPage,
      pages,
      hits: shown.map((h) => ({
        app: h.entry.app,
        index: h.entry.index,
        record: h.entry.record,
        ...(h.score === undefined ? {} : { score: h.score }),
      })),
    }
    return { ok: true, content, data }
  }
}

const NONE_LOADED: ReadonlySet<string> = new Set()

/** The kind of step a tool's role makes: only `execution` steps are submitted actions. */
const KIND_OF_ROLE: Readonly<Record<ToolRole, ToolKind>> = { read: 'retrieval', write: 'execution', delegate: 'execution', meta: 'meta', ask: 'ask' }

/** The data set's tools, with the runtime's own load_skill when there are skills. */
function withLoadSkill(tools: readonly ToolSchema[], skills: readonly Skill[] | undefined): readonly ToolSchema[] {
  return skills && skills.length > 0 ? [...tools.filter((t) => t.function.name !== LOAD_SKILL), loadSkillTool(skills)] : tools
}

function fail(content: string): ToolResult {
  return { ok: false, content }
}

function executed(name: string, args: Record<string, unknown>): ToolResult {
  return { ok: true, content: `${name} succeeded with ${JSON.stringify(args)}.`, data: { executed: true, arguments: args } }
}

/**
 * Arguments may come as an object or a JSON string; explicit nulls mean "left
 * out". Only what JSON can carry is accepted (see {@link nonJsonProblem}), and
 * keys are copied as own properties, so `__proto__` stays an ordinary key.
 */
export function parseArguments(raw: unknown): { args: Record<string, unknown> } | { error: string } {
  let value = raw
  if (typeof raw === 'string') {
    if (raw.length > MAX_ARGUMENT_CHARS) return { error: tooLong(raw.length) }
    if (raw.trim() === '') value = {}
    else
      try {
        value = JSON.parse(raw)
      } catch (err) {
        return { error: `arguments are not valid JSON (${err instanceof Error ? err.message : String(err)}).` }
      }
    // Parsed text meets the limits an object meets (its depth above all: JSON.parse reads any).
    const problem = nonJsonProblem(value)
    if (problem) return { error: problem }
  } else {
    const problem = nonJsonProblem(raw)
    if (problem) return { error: problem }
  }
  if (value === undefined || value === null) value = {}
  if (!isPlainObject(value)) return { error: 'arguments must be a JSON object of parameter → value.' }
  const args: Record<string, unknown> = {}
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    const v = value[key]
    if (v === null || v === undefined) continue
    setOwn(args, key, v)
  }
  return { args }
}
