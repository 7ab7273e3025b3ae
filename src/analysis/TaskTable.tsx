import { useTranslation } from 'react-i18next'
import type { AnalysisRow, Task } from '../core'
import { showTask, useAnalysis } from './store'
import { capabilityLabel, rowLabel } from './labels'
import { TaskDetail } from './TaskDetail'
import { ColumnHeads } from '../shared/ColumnHeads'

/** Per task: solved / answered by each row; a task's button shows who solved it. */
export function TaskTable({ rows, tasks }: { rows: readonly AnalysisRow[]; tasks: readonly Task[] }) {
  const { t, i18n } = useTranslation()
  const current = useAnalysis((s) => s.task)
  const from = useAnalysis((s) => s.taskFrom)
  const task = from === 'tasks' ? tasks.find((x) => x.id === current) : undefined
  return (
    <div className="analysis-section">
      <h3 id="analysis-tasks">{t('analysis.tasks.heading')}</h3>
      <p className="analysis-hint">{t('analysis.tasks.hint')}</p>
      {task && <TaskDetail task={task} rows={rows} />}
      <div className="analysis-tasks" role="region" aria-label={t('analysis.tasks.heading')} tabIndex={0}>
        <table className="analysis-table" data-testid="per-task">
          <caption className="visually-hidden">{t('analysis.tasks.heading')}</caption>
          <ColumnHeads labels={[t('analysis.tasks.task'), t('analysis.tasks.type'), ...rows.map((r) => rowLabel(r, t))]} />
          <tbody>
            {tasks.map((x) => (
              <tr key={x.id} aria-current={x.id === task?.id ? 'true' : undefined}>
                <th scope="row">
                  <button type="button" className="analysis-link" onClick={() => showTask(x.id === task?.id ? '' : x.id)} aria-label={t('analysis.tasks.show', { task: x.id })} aria-expanded={x.id === task?.id}>
                    {x.id}
                  </button>
                </th>
                <td>{capabilityLabel(x.type, i18n.language)}</td>
                {rows.map((r) => {
                  const entry = r.perTask[x.id]
                  const all = entry !== undefined && entry.attempted > 0 && entry.solved === entry.attempted
                  return (
                    <td key={r.label} className={`num${all ? ' analysis-solved' : ''}`}>
                      {entry ? `${entry.solved}/${entry.attempted}` : '0/0'}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
