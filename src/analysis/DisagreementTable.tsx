import { useTranslation } from 'react-i18next'
import { disagreements, errorCounts } from '../core'
import type { AnalysisRow, Task } from '../core'
import { ColumnHeads } from '../shared/ColumnHeads'
import { TableScroll } from '../shared/TableScroll'
import { showTask, useAnalysis } from './store'
import { callsErrorLabel, capabilityLabel, rowLabel, stateErrorLabel } from './labels'
import { TaskDetail } from './TaskDetail'

const DISAGREEMENT_COLUMNS = ['task', 'type', 'passed', 'count', 'callsError', 'stateError', 'rows'] as const

/**
 * Tasks where the calls' verdict and the state verdict disagree, over the
 * live rows: a likely fault in the task. A task opens its per-row results
 * here, as the per-task table does.
 */
export function DisagreementTable({ rows, tasks }: { rows: readonly AnalysisRow[]; tasks: readonly Task[] }) {
  const { t, i18n } = useTranslation()
  const current = useAnalysis((s) => s.task)
  const from = useAnalysis((s) => s.taskFrom)
  if (!rows.some((r) => r.score.state)) return null
  const list = disagreements(rows, tasks)
  const task = from === 'live' ? tasks.find((x) => x.id === current) : undefined
  const labels = new Map(rows.map((r) => [r.label, rowLabel(r, t)]))
  const passed = (kind: string) => (kind === 'calls_only' ? t('liveAnalysis.disagree.callsOnly') : t('liveAnalysis.disagree.stateOnly'))
  return (
    <div className="analysis-section" data-testid="live-disagreements-section">
      <h3 id="analysis-live-disagree">{t('liveAnalysis.disagree.heading')}</h3>
      <p className="analysis-hint">{t('liveAnalysis.disagree.hint')}</p>
      {task && <TaskDetail task={task} rows={rows.filter((r) => r.score.state)} />}
      {list.length === 0 ? (
        <p className="analysis-empty">{t('liveAnalysis.disagree.none')}</p>
      ) : (
        <TableScroll label={t('liveAnalysis.disagree.heading')}>
          <table className="analysis-table" data-testid="live-disagreements">
            <caption className="visually-hidden">{t('liveAnalysis.disagree.caption')}</caption>
            <ColumnHeads labels={DISAGREEMENT_COLUMNS.map((c) => t(`liveAnalysis.disagree.${c}`))} />
            <tbody>
              {list.map((d) => {
                const open = task?.id === d.taskId
                return (
                  <tr key={`${d.taskId}:${d.kind}`} aria-current={open ? 'true' : undefined}>
                    <th scope="row">
                      <button
                        type="button"
                        className="analysis-link"
                        onClick={() => showTask(open ? '' : d.taskId, 'live')}
                        aria-label={t('liveAnalysis.disagree.show', { task: d.taskId, passed: passed(d.kind) })}
                        aria-expanded={open}
                      >
                        {d.taskId}
                      </button>
                    </th>
                    <td>{capabilityLabel(d.type, i18n.language)}</td>
                    <td>{passed(d.kind)}</td>
                    <td className="num">{t('liveAnalysis.disagree.countOf', { count: d.count, of: d.of })}</td>
                    <td>{errorCounts(d.callsErrors, (e) => callsErrorLabel(e, t)) || '—'}</td>
                    <td>{errorCounts(d.stateErrors, (e) => stateErrorLabel(e, t)) || '—'}</td>
                    <td>{d.rows.map((r) => labels.get(r) ?? r).join('; ')}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  )
}
