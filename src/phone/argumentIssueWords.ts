import type { TFunction } from 'i18next'
import { setOwn } from '../core'
import type { ArgumentIssue, JsonSchema } from '../core'

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
