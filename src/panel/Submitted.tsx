import { useTranslation } from 'react-i18next'
import { useDataLink } from '../state/dataLink'
import { nextTaskId, taskStatuses, useProgress } from '../state/progress'
import { openTask, useSession } from '../state/session'
import { useSettings } from '../state/settings'
import { FlagForm } from './FlagForm'

/**
 * After a sealed task's attempt is submitted: no verdict, no review (nothing
 * of the gold is here), the flag form as usual, and the way on to the next
 * task the person has not submitted yet.
 */
export function Submitted() {
  const { t } = useTranslation()
  const sealed = useSession((s) => s.dataset?.sealed !== undefined)
  const finished = useSession((s) => s.attempt?.finished ?? false)
  const task = useSession((s) => s.task)
  const tasks = useSession((s) => s.tasks)
  const actor = useSettings((s) => s.actor)
  const attempts = useProgress((s) => s.attempts)
  // A study link sends the answers by itself: the participant has nothing to export unless sending fails.
  const sending = useDataLink((s) => s.study === true)
  if (!sealed || !finished || !task) return null
  const statuses = taskStatuses(attempts, actor)
  const open = tasks.filter((x) => x.id !== task.id && (statuses.get(x.id) ?? 'not_started') !== 'submitted')
  // The next one after this task in the person's order, not the first left.
  const after = tasks.slice(tasks.findIndex((x) => x.id === task.id) + 1).find((x) => open.includes(x))
  const next = after?.id ?? nextTaskId(open, task.id)
  return (
    <section aria-label={t('participant.submittedTitle')} className="review submitted">
      <h2>{t('participant.submittedTitle')}</h2>
      <p role="status">{t('participant.submittedText')}</p>
      {next ? (
        <button type="button" className="primary" onClick={() => void openTask(next)}>
          {t('participant.nextTask')}
        </button>
      ) : (
        <p className="hint">{t(sending ? 'participant.allDoneSending' : 'participant.allDone')}</p>
      )}
      <FlagForm />
    </section>
  )
}
