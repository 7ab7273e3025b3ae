import { isRetrievalToolName } from '../apps/registry'
import { setOwn } from '../base/own'
import { TRANSIENT_FAILURE } from '../live/friction'
import type { GoldCall, Profile, Task, ToolSchema } from '../dataset/types'
import type { FrictionRule, LiveMetadata } from '../dataset/liveTypes'
import { COMPLETION_SENTENCE } from './prompt'
import { plannerPreamble, plannerReply, skillAskedFor, withMentions } from './plannerOracle'
import { withRequired } from './requiredArguments'
import type { PlannedCall } from './plannerOracle'
import type { PlannerMetadata } from '../dataset/plannerTypes'
import { LOAD_SKILL, toolRole } from '../tools/planner'
import type { AgentMessage, AssistantToolCall, ChatModel } from './types'

type Assistant = Extract<AgentMessage, { role: 'assistant' }>

function assistant(calls: { name: string; args: unknown }[], turn: number, done = COMPLETION_SENTENCE): Assistant {
  if (calls.length === 0) return { role: 'assistant', content: done }
  const tool_calls: AssistantToolCall[] = calls.map((c, i) => ({
    id: `call_${turn}_${i}`,
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }))
  return { role: 'assistant', content: null, tool_calls }
}

const turnOf = (messages: readonly AgentMessage[]): number => messages.filter((m) => m.role === 'assistant').length

/** The first acceptable value of each gold parameter (a leading null means: leave it out). */
export function goldArguments(acceptable: Record<string, unknown[]>): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [param, values] of Object.entries(acceptable)) if (values[0] !== null && values[0] !== undefined) setOwn(args, param, values[0])
  return args
}

/** The gold arguments, with each required parameter the gold leaves free filled in, so that the call is valid. */
function validGoldArguments(call: GoldCall, tools: readonly ToolSchema[], text: string): Record<string, unknown> {
  return withRequired(toolNamed(tools, call.name), goldArguments(call.arguments), text)
}

const toolNamed = (tools: readonly ToolSchema[], name: string): ToolSchema | undefined => tools.find((t) => t.function.name === name)

/** An execution call the oracle made, with the answer it got and the turn it was made in. */
interface MadeCall extends PlannedCall {
  key: string
  content: string
  turn: number
}

/** How often the oracle makes one call before it gives up on friction that never lets it through. */
const MAX_TRIES = 5

/** Calls are the same when their names and JSON arguments are (the oracle writes its arguments the same way every time). */
const keyOf = (call: PlannedCall): string => `${call.name}\u0000${JSON.stringify(call.args)}`

/** Whether a call was carried out: the tool runtime's answer to an executed call. */
const executed = (call: MadeCall): boolean => call.content.startsWith(`${call.name} succeeded`)

/**
 * The execution calls made so far, each with its answer (the `tool` message
 * of the same id). A planner task's reads, loads and questions are not
 * actions: `isAction` leaves them out.
 */
function madeCalls(messages: readonly AgentMessage[], isAction: (name: string) => boolean): MadeCall[] {
  const answers = new Map<string, string>()
  for (const m of messages) if (m.role === 'tool') answers.set(m.tool_call_id, m.content)
  const made: MadeCall[] = []
  let turn = 0
  for (const m of messages) {
    if (m.role !== 'assistant') continue
    for (const call of m.tool_calls ?? []) {
      const name = call.function.name
      if (isRetrievalToolName(name) || !isAction(name)) continue
      let args: Record<string, unknown> = {}
      try {
        args = JSON.parse(call.function.arguments) as Record<string, unknown>
      } catch {
        // The oracle writes its own arguments; a foreign message (a resumed run of another model) just never matches.
      }
      made.push({ name, args, key: keyOf({ name, args }), content: answers.get(call.id) ?? '', turn })
    }
    turn++
  }
  return made
}

/**
 * The `oracle` agent: one retrieval per gold value (search_phone), then the
 * gold calls (required free parameters filled in, so that every call is
 * valid). Solving every task this way shows each is solvable through the tools.
 *
 * In live state it meets friction as any solver does, and repairs its plan
 * from the answers alone: a call refused by an `on` rule (or by a run's
 * random failure) is made again; one refused by a `requires` rule is made
 * again after the tools the rule names (the gold's calls of those tools, or
 * calls made from the refused call's arguments). Gold calls of tools that a
 * `requires` rule names wait until a refusal asks for them, so that the
 * repair is exercised; where nothing refuses (a static attempt) they come
 * last. Deterministic: the next turn is a function of the messages so far.
 *
 * On a planner task it first loads the required skills, opens the required
 * memories, asks the user once per scripted reply and makes a rubric's reads;
 * it loads a skill whose tool was refused as not loaded, writes `mentions`'
 * facts into their payloads, and ends with what a rubric wants said
 * (src/core/agent/plannerOracle.ts).
 */
export class OracleAgent implements ChatModel {
  readonly name = 'oracle'
  constructor(
    private readonly task: Pick<Task, 'answer' | 'instruction'> & { live?: Pick<LiveMetadata, 'friction'>; planner?: PlannerMetadata | undefined },
  ) {}

  async complete(messages: readonly AgentMessage[], tools: readonly ToolSchema[]): Promise<{ message: Assistant }> {
    const turn = turnOf(messages)
    const canSearch = tools.some((t) => t.function.name === 'search_phone')
    const goldValues = this.task.answer.flatMap((call) => Object.values(goldArguments(call.arguments)))
    const searches = [...new Set(goldValues.flat().map(String))].map((pattern) => ({
      name: 'search_phone',
      args: { pattern },
    }))
    const preamble = plannerPreamble(this.task.planner, tools, this.task.instruction)
    const first = [...(canSearch ? searches : []), ...preamble]
    if (turn === 0 && first.length > 0) return { message: assistant(first, turn) }
    const roles = new Map(tools.map((t) => [t.function.name, toolRole(t.function)]))
    // A tool not offered (yet) is a skill's: its calls are actions.
    const isAction = (name: string) => name !== LOAD_SKILL && (roles.get(name) ?? 'write') !== 'read' && roles.get(name) !== 'ask'
    return { message: assistant(this.next(madeCalls(messages, isAction), tools), turn, plannerReply(this.task.planner)) }
  }

  /** The execution calls of the next turn: the gold calls first, then repairs of refused calls, then none (done). */
  private next(made: readonly MadeCall[], tools: readonly ToolSchema[]): PlannedCall[] {
    const rules = this.task.live?.friction ?? []
    const mentions = this.task.planner?.mentions
    const golds = this.task.answer.map((call, i) => ({ name: call.name, args: withMentions(validGoldArguments(call, tools, this.task.instruction), mentions, i) }))
    const prerequisites = new Set(rules.flatMap((r) => r.requires ?? []))
    const main = golds.filter((c) => !prerequisites.has(c.name))
    const held = golds.filter((c) => prerequisites.has(c.name))
    if (made.length === 0) return main.length > 0 ? main : held
    const lastTurn = made[made.length - 1]?.turn
    const out: PlannedCall[] = []
    const queued = new Set<string>()
    const add = (call: PlannedCall): void => {
      const key = keyOf(call)
      if (queued.has(key)) return
      queued.add(key)
      out.push(call)
    }
    for (const call of made.filter((m) => m.turn === lastTurn)) {
      const refused = refusalOf(call, rules)
      if (!refused) continue
      if (made.filter((m) => m.key === call.key).length >= MAX_TRIES) continue
      if (refused.skill) add({ name: LOAD_SKILL, args: { name: refused.skill } })
      for (const tool of refused.requires ?? []) {
        if (made.some((m) => m.name === tool && executed(m)) || out.some((c) => c.name === tool)) continue
        add(prerequisiteCall(tool, call, held, made, tools, this.task.instruction))
      }
      add({ name: call.name, args: call.args })
    }
    if (out.length > 0) return out
    const tried = new Set(made.map((m) => m.key))
    return held.filter((c) => !tried.has(keyOf(c)))
  }
}

/** Why a call was refused, when making it again (after the named tools) can get it through. */
function refusalOf(call: MadeCall, rules: readonly FrictionRule[]): { requires?: string[]; skill?: string } | undefined {
  if (call.content === TRANSIENT_FAILURE) return {}
  // A skill's tool called before the skill was loaded (one the task does not list as required): load it, then call again.
  const skill = skillAskedFor(call.content)
  if (skill !== undefined) return { skill }
  const rule = rules.find((r) => r.tool === call.name && call.content === `Error: ${r.error}`)
  // A rule with neither condition refuses every call: trying again cannot help.
  if (!rule || (!rule.on && !rule.requires)) return undefined
  return rule.requires ? { requires: rule.requires } : {}
}

/**
 * The call of a tool a `requires` rule names: the gold's call of that tool
 * not yet carried out, else one made of the refused call's arguments of the
 * same names (a payment's check takes the payment's amount and account).
 */
function prerequisiteCall(
  tool: string,
  refused: PlannedCall,
  held: readonly PlannedCall[],
  made: readonly MadeCall[],
  tools: readonly ToolSchema[],
  text: string,
): PlannedCall {
  const done = new Set(made.filter(executed).map((m) => m.key))
  const gold = held.find((c) => c.name === tool && !done.has(keyOf(c)))
  if (gold) return gold
  const schema = toolNamed(tools, tool)
  const args: Record<string, unknown> = {}
  for (const name of Object.keys(schema?.function.parameters.properties ?? {})) if (Object.hasOwn(refused.args, name)) setOwn(args, name, refused.args[name])
  return { name: tool, args: withRequired(schema, args, text) }
}

const STOPWORDS = new Set(
  'the and for with from that this what have will your about there their them then than when which into just like make please my me our us to of in on at a an is it be do all some last next this tomorrow today'.split(' '),
)

/** Which execution tool an instruction asks for, by its words. */
const VERBS: [RegExp, string][] = [
  [/\b(call|ring|phone)\b/i, 'Phone_Call'],
  [/\b(text|message|tell|send|remind \w+ to)\b/i, 'Messages_Send'],
  [/\b(pay|transfer|owe|reimburse)\b/i, 'Consumption_Create'],
  [/\b(hotel|room|stay)\b/i, 'Accommodation_Create'],
  [/\b(trip|flight|train|car|ride|taxi|fly)\b/i, 'Transport_Create'],
  [/\b(alarm|wake)\b/i, 'Clock_CreateAlarm'],
  [/\b(meeting|invite|sync|review)\b/i, 'Meeting_Create'],
  [/\b(calendar|event|appointment|schedule)\b/i, 'Schedule_Create'],
  [/\b(note|to-?do|reminder|list)\b/i, 'TodoList_Create'],
  [/\b(contact|save|add)\b/i, 'Contacts_Create'],
]

const PHONE = /^1\d{10}$/

/**
 * The `keyword` agent, a simple baseline: it searches the instruction's words,
 * picks a tool by the instruction's verb and fills it from the first hit.
 */
export class KeywordAgent implements ChatModel {
  readonly name = 'keyword'
  constructor(private readonly profile: Profile) {}

  async complete(messages: readonly AgentMessage[], tools: readonly ToolSchema[]): Promise<{ message: Assistant }> {
    const turn = turnOf(messages)
    const instruction = messages.find((m) => m.role === 'user')?.content ?? ''
    const canSearch = tools.some((t) => t.function.name === 'search_phone')
    if (turn === 0 && canSearch) {
      const words = [...new Set(instruction.split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length >= 4 && !STOPWORDS.has(w.toLowerCase())))]
      return { message: assistant(words.slice(0, 4).map((pattern) => ({ name: 'search_phone', args: { pattern } })), turn) }
    }
    if (turn > 1 || (turn === 1 && !canSearch)) return { message: assistant([], turn) }
    const hit = firstHit(messages)
    const tool = VERBS.find(([re]) => re.test(instruction))?.[1] ?? 'Phone_Call'
    return { message: assistant([{ name: tool, args: this.fill(tool, hit, instruction) }], turn) }
  }

  private fill(tool: string, hit: Record<string, unknown>, instruction: string): Record<string, unknown> {
    const values = Object.values(hit).map((v) => String(v))
    const phone = values.find((v) => PHONE.test(v) && v !== this.profile.phone) ?? this.profile.phone
    const [today = '', now = ''] = this.profile.now.split(' ')
    const date = values.find((v) => /^\d{4}-\d{2}-\d{2}$/.test(v)) ?? today
    const time = values.find((v) => /^\d{2}:\d{2}/.test(v))?.slice(0, 5) ?? now.slice(0, 5)
    const name = String(hit['姓名'] ?? hit['来电姓名'] ?? hit['发件人姓名'] ?? hit['收款人'] ?? 'Unknown')
    switch (tool) {
      case 'Phone_Call':
        return { telephone: phone }
      case 'Messages_Send':
        return { telephone: phone, text: instruction }
      case 'Contacts_Create':
        return { name, telephone: phone }
      case 'Consumption_Create':
        return { item: instruction, amount: Number(hit['金额'] ?? 0) || 0, receivingName: name, receivingAccount: String(hit['收款账号'] ?? '') }
      case 'Transport_Create':
        return { date, time: 'now', start: 'current', end: String(hit['目的地'] ?? hit['地点'] ?? ''), passenger: [this.profile.name], telephone: this.profile.phone, transportType: /train/i.test(instruction) ? '火车' : /fl(y|ight)|plane/i.test(instruction) ? '飞机' : '汽车' }
      case 'Accommodation_Create':
        return { dateCheckIn: date, dateCheckOut: date, location: String(hit['住宿地点'] ?? ''), people: [this.profile.name], telephone: this.profile.phone }
      case 'Clock_CreateAlarm':
        return { time: `${time}:00` }
      case 'Meeting_Create':
        return { dateStart: date, dateEnd: date, timeStart: `${time}:00`, timeEnd: `${time}:00` }
      case 'Schedule_Create':
        return { date, timeStart: `${time}:00`, timeEnd: `${time}:00` }
      default:
        return { content: instruction, date, time }
    }
  }
}

/** The first record of the first search reply with hits, parsed from its JSON line. */
function firstHit(messages: readonly AgentMessage[]): Record<string, unknown> {
  for (const m of messages) {
    if (m.role !== 'tool') continue
    const line = m.content.split('\n').find((l) => /^1\. /.test(l))
    const json = line?.slice(line.indexOf('{'))
    if (!json) continue
    try {
      return JSON.parse(json) as Record<string, unknown>
    } catch {
      continue
    }
  }
  return {}
}
