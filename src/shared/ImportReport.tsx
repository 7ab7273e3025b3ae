import { useTranslation } from 'react-i18next'
import type { VerdictSummary } from '../core'
import { useExchange } from '../state/exchange'
import type { ImportingView } from '../state/exchange'
import type { ImportIssue, ImportOutcome } from '../state/exchange'
import { TableScroll } from './TableScroll'
import './shared.css'
import { ColumnHeads } from './ColumnHeads'

function IssueItem({ issue }: { issue: ImportIssue }) {
  const { t } = useTranslation()
  // A known kind of file is said in the reader's words; the reader's own message (English, for whoever fixes the file) follows it.
  const text = issue.key ? t(`people.import.${issue.key}`) : issue.reason ? t(`people.import.reasons.${issue.reason}`) : issue.message
  return (
    <li>
      <strong>{issue.source}</strong>
      {text && ` ${text}`}
      {issue.issues.length > 0 ? (
        <ul>
          {issue.issues.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        // The reader's own message, after the reason said in the reader's words (sizes and limits, the zip's error).
        issue.reason &&
        issue.message && (
          <ul>
            <li>{issue.message}</li>
          </ul>
        )
      )}
    </li>
  )
}

/**
 * A verdict in the replay list's words; an error type the page does not know (a file can say anything) is shown as written.
 * A live attempt's state verdict follows; a task wrong for its state alone (the kernel says `other` for the calls) is just wrong.
 */
function VerdictText({ verdict }: { verdict: VerdictSummary }) {
  const { t, i18n } = useTranslation()
  const { state } = verdict
  const type = verdict.errorType ?? 'other'
  const task = verdict.correct
    ? t('replay.verdicts.correct')
    : state && !state.correct && type === 'other'
      ? t('people.cv.wrong')
      : t('replay.verdicts.wrong', { type: t(`replay.errorTypes.${type}`, { defaultValue: type }) })
  if (!state) return <>{task}</>
  const stateType = state.errorType ?? 'wrong_change'
  const stateText = state.correct
    ? t('livePhone.verdictCorrect')
    : t('livePhone.verdictWrong', { type: t(`livePhone.stateErrorTypes.${stateType}`, { defaultValue: stateType }) })
  // The label is the phone review's (with or without its colon): the colon follows the language's punctuation here.
  const label = t('livePhone.stateVerdict').replace(/[:：]\s*$/, '')
  const colon = i18n.language.startsWith('zh') ? '：' : ': '
  return <>{`${task} · ${label}${colon}${stateText}`}</>
}

/**
 * The imported attempts whose verdict in the file is not the one this data
 * set's gold gives: a file edited by hand, or made against other gold. The
 * one scored here is what was stored.
 */
function ChangedVerdicts({ outcomes }: { outcomes: readonly ImportOutcome[] }) {
  const { t } = useTranslation()
  const changes = outcomes.flatMap((o) => o.changedVerdicts.map((c) => ({ ...c, source: o.source })))
  if (changes.length === 0) return null
  const columns = ['source', 'task', 'actor', 'stored', 'recomputed'] as const
  return (
    <div className="verdict-changes">
      <TableScroll label={t('people.import.changedCaption')}>
        <table className="people-table">
          <caption>{t('people.import.changedCaption')}</caption>
          <ColumnHeads labels={columns.map((c) => t(`people.import.changedColumns.${c}`))} />
          <tbody>
            {changes.map((c) => (
              <tr key={`${c.source} ${c.attemptId}`}>
                <td>{c.source}</td>
                <th scope="row">{c.taskId}</th>
                <td>{c.actor}</td>
                <td className={c.stored.correct ? 'verdict-correct' : 'verdict-wrong'}>
                  <VerdictText verdict={c.stored} />
                </td>
                <td className={c.recomputed.correct ? 'verdict-correct' : 'verdict-wrong'}>
                  <VerdictText verdict={c.recomputed} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  )
}

/** What the last import made in `view` merged, and what could not be imported (another view's import is that view's to report). */
export function ImportReportView({ view }: { view: ImportingView }) {
  const { t } = useTranslation()
  const busy = useExchange((s) => s.busy)
  const report = useExchange((s) => (s.imported?.from === view ? s.imported : undefined))
  const changed = report?.outcomes.reduce((n, o) => n + o.changedVerdicts.length, 0) ?? 0
  return (
    <>
      <div role="status" className="people-done">
        {busy === 'import' && <p>{t('people.import.busy')}</p>}
        {busy !== 'import' && report && report.outcomes.length > 0 && (
          <ul className="import-outcomes">
            {report.outcomes.map((o) => (
              <li key={o.source}>
                {t('people.import.added', { source: o.source, added: o.added, skipped: o.skipped })}
                {o.refused && o.refused.length > 0 && (
                  <>
                    {' '}
                    <span className="import-refused">{t('people.import.refusedTasks', { count: o.refused.length })}</span>
                    <ul>
                      {o.refused.map((r) => (
                        <li key={r.taskId}>{r.message}</li>
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {busy !== 'import' && changed > 0 && <p className="verdict-changed">{t('people.import.changed', { count: changed })}</p>}
      </div>
      {/* Outside the live region: the sentence above is announced, the table is there to read. */}
      {busy !== 'import' && report && <ChangedVerdicts outcomes={report.outcomes} />}
      {busy !== 'import' && report && report.problems.length > 0 && (
        <div role="alert" className="people-error">
          <p>{report.outcomes.length === 0 ? t('people.import.nothing') : t('people.import.some')}</p>
          <ul>
            {report.problems.map((issue, i) => (
              <IssueItem key={i} issue={issue} />
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
