import { useTranslation } from 'react-i18next'
import { Field } from './Field'
import { useRunForm } from '../state/runs'
import { useSession } from '../state/session'

/** Which tasks to run (none picked: all), and which one plays on the phone. */
export function TaskPicker() {
  const { t } = useTranslation()
  const tasks = useSession((s) => s.tasks)
  const picked = useRunForm((s) => s.tasks)
  const watch = useRunForm((s) => s.watch)
  const candidates = picked.length > 0 ? tasks.filter((task) => picked.includes(task.id)) : tasks
  return (
    <div className="runs-grid runs-tasks">
      <Field label={t('runs.tasks')} hint={t('runs.tasksHint')}>
        {(id) => (
          <select
            id={id}
            multiple
            size={6}
            value={picked}
            onChange={(e) => useRunForm.setState({ tasks: [...e.target.selectedOptions].map((o) => o.value) })}
          >
            {tasks.map((task) => (
              <option key={task.id} value={task.id} title={task.instruction}>
                {task.id}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="runs-task-side">
        <button type="button" disabled={picked.length === 0} onClick={() => useRunForm.setState({ tasks: [] })}>
          {t('runs.allTasks')}
        </button>
        <Field label={t('runs.watch')}>
          {(id) => (
            <select id={id} value={watch} onChange={(e) => useRunForm.setState({ watch: e.target.value })}>
              <option value="">{t('runs.noWatch')}</option>
              {candidates.map((task) => (
                <option key={task.id} value={task.id}>
                  {task.id}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="runs-hint">{t('runs.watchHint')}</p>
      </div>
    </div>
  )
}
