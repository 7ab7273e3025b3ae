import { useTranslation } from 'react-i18next'
import { useSession } from '../state/session'

/** Every call with its arguments, the exact content the tool answered, and who made it. */
export function Trajectory() {
  const { t } = useTranslation()
  const steps = useSession((s) => s.steps)
  return (
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
  )
}
