import { useTranslation } from 'react-i18next'
import { openForGrading, useGrading } from './store'

/**
 * The attempts waiting for the person's grades, fewest grades first: each
 * by its task and its place in the queue, never by who made it.
 */
export function GradeQueue() {
  const { t } = useTranslation()
  const queue = useGrading((s) => s.queue)
  const loading = useGrading((s) => s.loading)
  if (!queue) return <p role="status">{loading ? t('grading.loading') : ''}</p>
  const { entries, own } = queue
  return (
    <section className="grading-card grading-queue" aria-labelledby="grading-queue-heading">
      <h3 id="grading-queue-heading">
        {t('grading.queue.heading')} <span className="grading-count">{t('grading.queue.count', { count: entries.length })}</span>
      </h3>
      {entries.length === 0 && <p className="grading-empty">{t('grading.queue.empty')}</p>}
      {entries.length > 0 && (
        <ul>
          {entries.map((entry, i) => (
            <li key={entry.attempt.id}>
              <button type="button" aria-label={t('grading.queue.open', { task: entry.task.id, n: i + 1 })} onClick={() => void openForGrading(entry.attempt.id, i + 1)}>
                <span className="grading-row-title">{t('grading.queue.title', { task: entry.task.id, n: i + 1 })}</span>
                <span className="grading-row-text">{entry.task.instruction}</span>
                <span className="grading-row-meta">
                  {t('grading.queue.steps', { count: entry.attempt.callCount ?? 0 })}
                  {entry.gradedByMe && <> · {t('grading.queue.graded')}</>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {own > 0 && <p className="grading-note">{t('grading.queue.own', { count: own })}</p>}
    </section>
  )
}
