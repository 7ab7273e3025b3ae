import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FinishRisk } from '../core'
import { finishAttempt, finishRiskNow, useSession, withdrawCall } from '../state/session'
import { FinishConfirm } from './FinishConfirm'

/** The execution calls made so far, each withdrawable until Finish, which scores the attempt (or, for a sealed task, submits it). */
export function PendingActions() {
  const { t } = useTranslation()
  const steps = useSession((s) => s.steps)
  const finished = useSession((s) => s.attempt?.finished ?? false)
  const sealed = useSession((s) => s.dataset?.sealed !== undefined)
  const leading = useSession((s) => s.leading)
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState<FinishRisk | undefined>(undefined)
  const cancel = useCallback(() => setAsking(undefined), [])
  const pending = steps.filter((s) => s.kind === 'execution' && s.ok)
  const run = (action: () => Promise<unknown>) => {
    setBusy(true)
    // A failed write is shown by the storage banner; the attempt stays as stored.
    void action()
      .catch(() => undefined)
      .finally(() => setBusy(false))
  }
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
              {!s.withdrawn && !finished && leading && (
                <button type="button" disabled={busy} onClick={() => run(() => withdrawCall(s.seq))} aria-label={t('withdraw', { name: s.name, n: s.seq + 1 })}>
                  {t('withdrawShort')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!finished && (
        <button
          type="button"
          className="primary"
          disabled={busy || !leading}
          onClick={() => {
            const risk = finishRiskNow()
            if (risk) setAsking(risk)
            else run(finishAttempt)
          }}
        >
          {t(sealed ? 'participant.finish' : 'finish')}
        </button>
      )}
      {asking && !finished && (
        <FinishConfirm
          risk={asking}
          sealed={sealed}
          onCancel={cancel}
          onFinish={() => {
            setAsking(undefined)
            run(finishAttempt)
          }}
        />
      )}
    </section>
  )
}
