import type { TFunction } from 'i18next'
import { appInfo, setOwn } from '../core'
import type { ArgumentIssue, EffectRefusal, JsonSchema } from '../core'
import type { Language } from '../i18n'
import { parameterWords } from '../shared/parameterWords'
import { fieldLabel } from './fields'

const TYPE_WORDS = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object'])

/**
 * What a form says at a field the runtime refused, in the reader's language:
 * the same check as the model's sentence (`describeIssue` in core), said to a
 * person (no parameter names, no JSON).
 */
export function argumentIssueWords(t: TFunction, issue: ArgumentIssue, schema: JsonSchema | undefined): string {
  switch (issue.kind) {
    case 'missing':
      return t('phoneUi.issue.missing')
    case 'type':
      return TYPE_WORDS.has(issue.expected) ? t('phoneUi.issue.type', { type: t(`phoneUi.issue.types.${issue.expected}`) }) : t('phoneUi.issue.other', { message: issue.expected })
    case 'enum':
      return t('phoneUi.issue.enum')
    case 'schema':
      if (issue.keyword === 'maxItems' && typeof schema?.maxItems === 'number') return t('phoneUi.issue.maxItems', { count: schema.maxItems })
      return t('phoneUi.issue.other', { message: issue.message })
    case 'unknown':
      return t('phoneUi.issue.other', { message: issue.parameter })
  }
}

/** A refused form's issues by the field they belong to; undefined when one of them belongs to no field of the form (the runtime's message says it then). */
export function issuesByField(issues: readonly ArgumentIssue[], fields: Record<string, unknown>): Record<string, ArgumentIssue> | undefined {
  const byField: Record<string, ArgumentIssue> = {}
  for (const issue of issues) {
    if (issue.kind === 'unknown' || !Object.hasOwn(fields, issue.parameter)) return undefined
    if (!Object.hasOwn(byField, issue.parameter)) setOwn(byField, issue.parameter, issue)
  }
  return Object.keys(byField).length > 0 ? byField : undefined
}

/**
 * Why a live action found no one record to change, in the reader's words: the
 * app and the record's fields by their labels, not the stored keys a model
 * reads (`describeRefusal` in core).
 */
export function effectRefusalWords(t: TFunction, refusal: EffectRefusal, tool: string, language: Language): string {
  const app = appInfo(refusal.app)?.label[language] ?? refusal.app
  if (refusal.kind === 'unnamed') {
    const fields = refusal.arguments.map((name) => parameterWords(t, tool, name, language)).join(t('phoneUi.refusal.or'))
    return t('phoneUi.refusal.unnamed', { app, fields })
  }
  const match = refusal.match
    .map(([field, value]) => t('phoneUi.refusal.pair', { field: fieldLabel(refusal.app, field, language), value: typeof value === 'string' ? value : JSON.stringify(value) }))
    .join(t('phoneUi.refusal.and'))
  return refusal.kind === 'none' ? t('phoneUi.refusal.none', { app, match }) : t('phoneUi.refusal.several', { app, match, number: refusal.count })
}
