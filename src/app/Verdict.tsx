import { useTranslation } from 'react-i18next'
import { finishAttempt, openTask, useSession, withdrawCall } from '../state/session'

/** Pending actions (each can be withdrawn), Finish, and after it the verdict. */
export function Verdict() {
  const { t } = useTranslation()
  const steps = useSession((s) => s.steps)
  const verdict = useSession((s) => s.verdict)
  const finished = useSession((s) => s.attempt?.finished ?? false)
  const task = useSession((s) => s.task)
  const pending = steps.filter((s) => s.kind === 'execution' && s.ok)
  return (
    <section aria-label={t('pendingActions')}>
      <h2>{t('pendingActions')}</h2>
      {pending.length === 0 ? (
        <p className="hint">{t('noActions')}</p>
      ) : (
        <ul className="pending">
          {pending.map((s) => (
            <li key={s.seq} className={s.withdrawn ? 'withdrawn' : ''}>
              <code>
                {s.name}({JSON.stringify(s.arguments)})
              </code>
              {!s.withdrawn && !finished && (
                <button type="button" onClick={() => void withdrawCall(s.seq)} aria-label={t('withdraw', { name: s.name, n: s.seq + 1 })}>
                  {t('withdrawShort')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!finished ? (
        <button type="button" className="primary" onClick={() => void finishAttempt()}>
          {t('finish')}
        </button>
      ) : (
        <>
          {verdict && (
            <p role="status" className={verdict.correct ? 'verdict correct' : 'verdict wrong'}>
              {verdict.correct ? t('correct') : t('wrong', { type: verdict.errorType })}
            </p>
          )}
          {task && (
            <button type="button" onClick={() => void openTask(task.id, { screen: 'home' }, { fresh: true })}>
              {t('newAttempt')}
            </button>
          )}
        </>
      )}
    </section>
  )
}
