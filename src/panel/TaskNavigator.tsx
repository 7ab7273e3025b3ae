import { memo, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { capabilityName, orderedTypes } from '../core'
import type { Task } from '../core'
import { SEALED_TASK_STATUSES, TASK_STATUSES, filterTasks, nextTaskId, setNavigatorFilter, statusCounts, taskStatuses, useProgress } from '../state/progress'
import type { TaskStatus } from '../state/progress'
import { openTask, useSession } from '../state/session'
import { useSettings } from '../state/settings'
import { isTypingTarget } from '../shared/keys'

/** One task in the picker; a call changes one task's status, so only that option is drawn again. */
const TaskOption = memo(function TaskOption({ task, typeLabel, statusLabel }: { task: Task; typeLabel: string; statusLabel: string }) {
  return (
    <option value={task.id}>
      {task.id} · {typeLabel} · {task.instruction} — {statusLabel}
    </option>
  )
})

/** Filters by capability and status, the person's progress over the data set, the task picker, and "next task" (key N). */
export function TaskNavigator() {
  const { t, i18n } = useTranslation()
  const tasks = useSession((s) => s.tasks)
  const task = useSession((s) => s.task)
  const actor = useSettings((s) => s.actor)
  const { attempts, capability, status } = useProgress()
  const statuses = useMemo(() => taskStatuses(attempts, actor), [attempts, actor])
  const listed = useMemo(() => filterTasks(tasks, statuses, capability, status), [tasks, statuses, capability, status])
  const sealed = useSession((s) => s.dataset?.sealed !== undefined)
  const shownStatuses = sealed ? SEALED_TASK_STATUSES : TASK_STATUSES
  const counts = statusCounts(tasks, statuses)
  const done = counts.correct + counts.wrong + counts.submitted + counts.flagged
  const types = useMemo(() => orderedTypes(tasks), [tasks])
  const typeName = (type: string) => (i18n.language === 'zh' ? type : capabilityName(type))
  const next = nextTaskId(listed, task?.id)
  const options = task && !listed.some((x) => x.id === task.id) ? [task, ...listed] : listed
  const statusLabels = Object.fromEntries(TASK_STATUSES.map((s) => [s, t(`panel.statuses.${s}`)])) as Record<TaskStatus, string>

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'n' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return
      if (!next || next === task?.id) return
      e.preventDefault()
      void openTask(next)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [next, task?.id])

  return (
    <section className="navigator" aria-label={t('panel.navigator')}>
      <div className="filters">
        <label>
          {t('panel.capability')}{' '}
          <select value={capability} onChange={(e) => setNavigatorFilter({ capability: e.target.value })}>
            <option value="">{t('panel.all')}</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {typeName(type)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('panel.status')}{' '}
          <select value={status} onChange={(e) => setNavigatorFilter({ status: e.target.value as TaskStatus | '' })}>
            <option value="">{t('panel.all')}</option>
            {shownStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`panel.statuses.${s}`)} ({counts[s]})
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="task-picker">
        {t('task')}{' '}
        <select value={task?.id ?? ''} onChange={(e) => void openTask(e.target.value)}>
          {options.map((x) => (
            <TaskOption key={x.id} task={x} typeLabel={typeName(x.type)} statusLabel={statusLabels[statuses.get(x.id) ?? 'not_started']} />
          ))}
        </select>
      </label>
      {listed.length === 0 && <p className="hint">{t('panel.noTasks')}</p>}
      <div className="progress-row">
        <progress value={done} max={Math.max(tasks.length, 1)} aria-label={t('panel.progress')} />
        <span>
          {sealed
            ? t('participant.progressText', { done, total: tasks.length, flagged: counts.flagged })
            : t('panel.progressText', { done, total: tasks.length, correct: counts.correct, wrong: counts.wrong, flagged: counts.flagged })}
        </span>
        <button type="button" disabled={!next || next === task?.id} onClick={() => next && void openTask(next)} aria-keyshortcuts="N">
          {t('panel.nextTask')} ({t('panel.nextTaskKey')})
        </button>
      </div>
    </section>
  )
}
