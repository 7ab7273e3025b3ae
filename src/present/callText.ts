import type { TFunction } from 'i18next'
import { appOfSearchTool, enumLabel, GLOBAL_SEARCH_TOOL, parseArguments, replyText } from '../core'
import type { AppInfo, TrajectoryStep } from '../core'
import { actionLabel } from '../shared/labels'

/** One argument as the caption shows it: a short label (none for a search's pattern) and its value. */
export interface CaptionArgument {
  key?: string
  value: string
}

/** How the call ended, in words for the audience. */
export interface CaptionResult {
  kind: 'ok' | 'refused' | 'friction' | 'withdrawn'
  text: string
}

/** A call in one line: the tool as the phone names it, its main arguments, and its result. */
export interface CallCaption {
  tool: string
  args: CaptionArgument[]
  result: CaptionResult
}

/**
 * A tool's parameter as the action's form labels it. The page passes it in (App, shared/parameterWords.ts):
 * imported here, the parameter tables would be reached from this lazily loaded view, and the bundler then cut the
 * page's first load into six more files (250.5 against 247.4 KB gzip).
 */
export type ParameterWords = (tool: string, name: string) => string

/** A caption is one line on a projector: longer values are cut. */
const MAX_VALUE = 60
const MAX_MESSAGE = 160

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

const lang = (language: string): 'en' | 'zh' => (language.startsWith('zh') ? 'zh' : 'en')

function valueText(value: unknown, language: string): string {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map((v) => valueText(v, language)).join(', ')
  if (typeof value === 'string') return enumLabel(value, lang(language))
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}

function fieldLabel(app: AppInfo | undefined, field: unknown, language: string): string {
  const info = app?.fields.find((f) => f.key === field)
  return info ? info[lang(language)] : String(field)
}

/** The tool as the phone's own words name it: "Search Contacts", "Call", "Add memory"; a data set's own tool in words, as its button says it. */
export function toolLabel(name: string, t: TFunction, language: string): string {
  if (name === GLOBAL_SEARCH_TOOL) return t('searchPhone')
  const searched = appOfSearchTool(name)
  if (searched) return t('searchApp', { app: searched.label[lang(language)] })
  return actionLabel(t, name)
}

/** A search's main arguments: the pattern in quotes, then the field, a mode other than plain text, a later page. */
function searchArguments(name: string, args: Record<string, unknown>, t: TFunction, language: string): CaptionArgument[] {
  const app = appOfSearchTool(name)
  const shown: CaptionArgument[] = []
  const { pattern, field, mode, page } = args
  if (pattern !== undefined && pattern !== null) shown.push({ value: `“${cut(String(pattern), MAX_VALUE)}”` })
  if (field !== undefined && field !== null) shown.push({ key: t('present.field'), value: fieldLabel(app, field, language) })
  if (typeof mode === 'string' && mode !== 'fixed') shown.push({ value: t(`modes.${mode}`, { defaultValue: mode }) })
  if (typeof page === 'number' && page > 1) shown.push({ key: t('present.page'), value: String(page) })
  return shown
}

/** Every other call shows each given parameter as the action's form labels it; stored enum values ("VOICE") in the reader's words. */
function actionArguments(tool: string, args: Record<string, unknown>, words: ParameterWords, language: string): CaptionArgument[] {
  return Object.entries(args)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ({ key: words(tool, key), value: cut(valueText(value, language), MAX_VALUE) }))
}

/** The first line of a tool's answer, without the "Error: " every refusal starts with. */
function message(content: string): string {
  const first = content.trim().split('\n')[0] ?? ''
  return cut(first.replace(/^Error:\s*/, ''), MAX_MESSAGE)
}

/**
 * Pure: the caption of one call. `hits` is the number of search results
 * the phone shows for it, when known (an imported answer's text is the
 * harness's, so it is not read for a count).
 */
export function callCaption(step: TrajectoryStep, t: TFunction, language: string, words: ParameterWords, hits?: number): CallCaption {
  // The assistant's message to the user calls no tool: the caption is what it said.
  if (step.kind === 'reply') return { tool: t('present.reply'), args: [{ value: cut(`“${replyText(step)}”`, MAX_VALUE) }], result: { kind: 'ok', text: t('present.said') } }
  const parsed = parseArguments(step.arguments)
  const args =
    'args' in parsed
      ? step.kind === 'retrieval'
        ? searchArguments(step.name, parsed.args, t, language)
        : actionArguments(step.name, parsed.args, words, language)
      : [{ value: cut(typeof step.arguments === 'string' ? step.arguments : String(JSON.stringify(step.arguments)), MAX_VALUE) }]
  let result: CaptionResult
  if (step.withdrawn) result = { kind: 'withdrawn', text: t('present.withdrawn') }
  else if (step.friction) result = { kind: 'friction', text: message(step.content) }
  else if (!step.ok) result = { kind: 'refused', text: message(step.content) || t('present.refused') }
  else if (step.kind === 'retrieval') result = { kind: 'ok', text: hits === undefined ? t('present.searched') : t('present.hits', { count: hits }) }
  else result = { kind: 'ok', text: t('present.done') }
  return { tool: toolLabel(step.name, t, language), args, result }
}
