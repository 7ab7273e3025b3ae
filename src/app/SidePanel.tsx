import { useTranslation } from 'react-i18next'
import { capabilityName } from '../core'
import { openTask, useSession } from '../state/session'
import { Verdict } from './Verdict'

/** The open task: its instruction, the user, and the trajectory so far. */
export function SidePanel() {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const tasks = useSession((s) => s.tasks)
  const task = useSession((s) => s.task)
  const profile = useSession((s) => s.dataset?.profile)
  const steps = useSession((s) => s.steps)
  const access = useSession((s) => s.attempt?.access)
  return (
    <aside className="side-panel" aria-label={t('task')}>
      <label className="task-picker">
        {t('task')}{' '}
        <select value={task?.id ?? ''} onChange={(e) => void openTask(e.target.value)}>
          {tasks.map((x) => (
            <option key={x.id} value={x.id}>
              {x.id} · {language === 'zh' ? x.type : capabilityName(x.type)} · {x.instruction}
            </option>
          ))}
        </select>
      </label>
      {task && (
        <section aria-label={t('instruction')} className="instruction-card">
          <p className="instruction">“{task.instruction}”</p>
          <p className="meta">
            {task.id} · {language === 'zh' ? task.type : capabilityName(task.type)} · {access && t(`accessModes.${access}`)}
          </p>
        </section>
      )}
      {profile && (
        <section className="profile-card" aria-label={t('user')}>
          <p>
            <strong>{profile.name}</strong> · {profile.occupation}
          </p>
          <p>
            {profile.family.map((m) => `${m.relation}: ${m.name}`).join(' · ')} · ☎ {profile.phone}
          </p>
          <p>
            {t('now')}: {profile.now} ({profile.weekday})
          </p>
        </section>
      )}
      <Verdict />
      <section aria-label={t('trajectory')}>
        <h2>{t('trajectory')}</h2>
        {steps.length === 0 ? (
          <p className="hint">{t('noCalls')}</p>
        ) : (
          <ol className="trajectory">
            {steps.map((s) => (
              <li key={s.seq} className={`${s.kind} ${s.ok ? 'ok' : 'failed'}${s.withdrawn ? ' withdrawn' : ''}`}>
                <code>
                  {s.name}({typeof s.arguments === 'string' ? s.arguments : JSON.stringify(s.arguments)})
                </code>
                <span className="source">{s.source}</span>
                <pre>{s.content}</pre>
              </li>
            ))}
          </ol>
        )}
      </section>
    </aside>
  )
}
