import { useTranslation } from 'react-i18next'
import { Check, X } from 'lucide-react'
import type { AnalysisRow, Task } from '../core'
import { showTask, useAnalysis } from './store'
import { showView } from '../state/view'
import { callsErrorLabel, rowLabel, stateErrorLabel, unitLabel } from './labels'

/** Which runs and people of each row solved one task; a stored attempt opens in the replay. */
export function TaskDetail({ task, rows }: { task: Task; rows: readonly AnalysisRow[] }) {
  const { t } = useTranslation()
  const storedIds = useAnalysis((s) => s.storedIds)
  return (
    <div className="analysis-detail" role="region" aria-labelledby="analysis-task-detail">
      <div className="analysis-detail-head">
        <h4 id="analysis-task-detail">{t('analysis.tasks.detail', { task: task.id })}</h4>
        <button type="button" onClick={() => showTask('')}>
          {t('analysis.tasks.close')}
        </button>
      </div>
      <p className="analysis-instruction">{task.instruction}</p>
      <ul>
        {rows.map((row) => (
          <li key={row.label}>
            <span className="analysis-detail-row">{rowLabel(row, t)}</span>
            <ul className="analysis-units">
              {(row.outcomes[task.id] ?? []).map((o) => {
                const unit = unitLabel(o.unit, t)
                const task = o.correct ? t('analysis.tasks.solved') : t('analysis.tasks.failed', { error: t(`analysis.errorTypes.${o.errorType ?? 'other'}`) })
                // Beside a state verdict, both verdicts: where they disagree is what this detail is opened for.
                const both =
                  o.calls && o.state
                    ? t('liveAnalysis.detail.both', {
                        calls: o.calls.correct ? t('liveAnalysis.detail.right') : t('liveAnalysis.detail.wrong', { error: callsErrorLabel(o.calls.errorType, t) }),
                        state: o.state.correct ? t('liveAnalysis.detail.right') : t('liveAnalysis.detail.wrong', { error: stateErrorLabel(o.state.errorType, t) }),
                      })
                    : ''
                const verdict = `${task}${both}`
                const content = (
                  <>
                    {o.correct ? <Check size={14} aria-hidden="true" /> : <X size={14} aria-hidden="true" />} {unit}: {verdict}
                  </>
                )
                return (
                  <li key={o.unit} className={o.correct ? 'analysis-ok' : 'analysis-bad'}>
                    {o.attempt && storedIds.has(o.attempt) ? (
                      <button type="button" className="analysis-link" onClick={() => showView('replay', [o.attempt ?? ''])} aria-label={t('analysis.tasks.open', { unit, row: rowLabel(row, t), verdict })}>
                        {content}
                      </button>
                    ) : (
                      <span title={t('analysis.tasks.notStored')}>{content}</span>
                    )}
                  </li>
                )
              })}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  )
}
