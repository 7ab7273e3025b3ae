import type { TFunction } from 'i18next'
import type { AttemptRow } from '../db'

/** An attempt's verdict in a few words: correct, wrong with its error type, unfinished, or submitted without one (sealed). */
export function verdictText(a: AttemptRow, t: TFunction): string {
  if (!a.finished) return t('replay.verdicts.unfinished')
  if (!a.verdict) return t('replay.verdicts.submitted')
  if (a.verdict.correct) return t('replay.verdicts.correct')
  return t('replay.verdicts.wrong', { type: a.verdict.errorType ? t(`replay.errorTypes.${a.verdict.errorType}`) : '?' })
}

/** The verdict's class for colour: correct, wrong or open. */
export function verdictClass(a: AttemptRow): string {
  if (!a.finished || !a.verdict) return 'open'
  return a.verdict.correct ? 'correct' : 'wrong'
}

/** Task, actor and setting in one line. */
export function attemptTitle(a: AttemptRow, t: TFunction): string {
  return t('replay.by', { task: a.taskId, actor: a.actor, setting: t(`replay.settings.${a.access}`) })
}

/**
 * When an attempt started, in the reader's language (day and time to the second): attempts of one person or one run
 * often start within a minute, and the list's buttons are named by it.
 */
export function startedText(started: number, language: string): string {
  return new Date(started).toLocaleString(language.startsWith('zh') ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' })
}
