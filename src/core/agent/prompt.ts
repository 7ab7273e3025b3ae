import { APP_KEYS } from '../dataset/types'
import type { Profile, TaskRecords, ToolSchema } from '../dataset/types'
import { isRetrievalToolName } from '../apps/registry'
import { toolRole } from '../tools/planner'
import { MEMORY_APP } from '../dataset/memoryTypes'
import { readSetting } from '../tools/types'
import type { Setting } from '../tools/types'
import { ownValue } from '../base/own'

/** The sentence a model ends with when it has made its execution calls. */
export const COMPLETION_SENTENCE = 'All done: the requested actions have been carried out.'

/**
 * Our wording of the published protocol. Slots: {profile}, {retrieval_tools},
 * {execution_tools}, {search_notes}, {records}, {completion}.
 */
export const DEFAULT_SYSTEM_TEMPLATE = `You are the personal assistant on the user's mobile phone. You act for the user through the phone's tools.

# The user
{profile}

# Tools
Retrieval tools (look things up; they change nothing):
{retrieval_tools}

Execution tools (act for the user; every call is carried out):
{execution_tools}

# How to work
1. Analyse the instruction: what must be done, and which facts (names, numbers, dates, places, habits) are missing.
2. Search the phone for every missing fact. Search as often as you need; you may make several searches at once. One record often gives the key for the next search.
3. When you know everything, make the execution calls. If the instruction asks for several things, make one execution call for each, in parallel if you like.

# Notes
- Everything you need is on this phone. Never ask the user: search.
{search_notes}
- If a search finds nothing, try other keywords, a shorter word, another field or another app.
- Where several records look right, prefer the one that is currently valid: check dates, status and later messages.
- Fill in every parameter you can find a value for, not only the required ones.
- When you have made all execution calls, end with exactly this sentence: "{completion}"
{records}`

/** The user profile as prompt text. */
export function profileText(profile: Profile): string {
  const family = profile.family.map((m) => `${m.relation}: ${m.name}`).join('; ')
  return [
    `- Name: ${profile.name}`,
    `- Occupation: ${profile.occupation}`,
    family ? `- Family: ${family}` : undefined,
    `- Phone number: ${profile.phone}`,
    `- Payment account: ${profile.paymentAccount}`,
    `- Current time: ${profile.now} (${profile.weekday})`,
  ]
    .filter((line) => line !== undefined)
    .join('\n')
}

function toolList(tools: readonly ToolSchema[]): string {
  if (tools.length === 0) return '(none)'
  return tools.map((t) => `- ${t.function.name}: ${t.function.description}`).join('\n')
}

const SEARCH_NOTES: Record<Setting, string> = {
  paginated:
    '- Search results come 5 to a page. The reply says how many pages there are; ask for the next one with "page".',
  full: '- Each search returns every matching record at once.',
  no_search: '- There are no retrieval tools: every record on the phone is listed below.',
}

/** All of a task's records as prompt text, app by app, memory last (the `no_search` setting). */
export function recordsText(records: TaskRecords): string {
  const sections: string[] = []
  for (const app of APP_KEYS) {
    const list = records[app] ?? []
    if (list.length === 0) continue
    sections.push(`## ${app} (${list.length})\n${numbered(list)}`)
  }
  return `\n# Everything on the phone\n${sections.join('\n\n')}`
}

/**
 * A task's pinned memory items as prompt text: what the assistant has at hand
 * about the user without a search. Empty when the task pins none, so that a
 * published task's prompt is as it was.
 */
export function pinnedMemoryText(records: TaskRecords): string {
  const pinned = (records[MEMORY_APP] ?? []).filter((item) => item.pinned === true)
  if (pinned.length === 0) return ''
  return `\n# What you remember about the user\nPinned memory items (${pinned.length}):\n${numbered(pinned)}`
}

function numbered(records: readonly unknown[]): string {
  return records.map((r, i) => `${i + 1}. ${JSON.stringify(r)}`).join('\n')
}

export interface SystemPromptInput {
  profile: Profile
  /** The tools of the data set; retrieval tools are left out in `no_search`. */
  tools: readonly ToolSchema[]
  setting: Setting
  /** Needed in `no_search`, where they are part of the prompt, and for the task's pinned memory items. */
  records?: TaskRecords
  /** A replacement for {@link DEFAULT_SYSTEM_TEMPLATE}. */
  template?: string
}

/** Builds the system prompt of the published protocol for one task and setting. */
export function systemPrompt(input: SystemPromptInput): string {
  const { profile, tools, records, template = DEFAULT_SYSTEM_TEMPLATE } = input
  const setting = readSetting(input.setting)
  // A tool's role decides its list (get_memory reads); no_search drops the searches, as the runtime does.
  const reads = (t: ToolSchema) => toolRole(t.function) === 'read'
  const retrieval = tools.filter((t) => reads(t) && (setting !== 'no_search' || !isRetrievalToolName(t.function.name)))
  const execution = tools.filter((t) => !reads(t))
  // Pinned memory items come first; a published task has none, and its prompt is as it was.
  const recordsBlock = pinnedMemoryText(records ?? {}) + (setting === 'no_search' ? recordsText(records ?? {}) : '')
  const slots: Record<string, string> = {
    profile: profileText(profile),
    retrieval_tools: toolList(retrieval),
    execution_tools: toolList(execution),
    search_notes: SEARCH_NOTES[setting],
    completion: COMPLETION_SENTENCE,
    records: recordsBlock,
  }
  // One pass, so that slot-like text inside a value (a record mentioning "{profile}") stays as it is.
  const filled = template.replace(/\{(\w+)\}/g, (whole, name: string) => ownValue(slots, name) ?? whole)
  const needsRecords = recordsBlock !== '' && !template.includes('{records}')
  return (needsRecords ? filled + '\n' + recordsBlock : filled).trimEnd()
}
