import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { FinishRisk } from '../core'
import { Dialog } from '../shared/Dialog'

/**
 * Asks before a risky finish, in a modal `<dialog>` (the browser traps focus
 * and closes it on Escape). Focus starts on "Keep working", so a second Enter
 * after the one that opened it never finishes by accident.
 */
export function FinishConfirm(props: { risk: FinishRisk; sealed: boolean; onFinish: () => void; onCancel: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const keep = useRef<HTMLButtonElement>(null)

  return (
    <Dialog className="finish-confirm" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onDismiss={props.onCancel} initialFocus={keep}>
      <h2 id={`${id}-title`}>{t('finishConfirm.title')}</h2>
      {/* A sealed task is submitted, not scored: the words must not promise a verdict. */}
      <p id={`${id}-text`}>{t(props.sealed ? `participant.${props.risk}` : `finishConfirm.${props.risk}`)}</p>
      <div className="finish-confirm-buttons">
        <button ref={keep} type="button" className="primary" onClick={props.onCancel}>
          {t('finishConfirm.keepWorking')}
        </button>
        <button type="button" onClick={props.onFinish}>
          {t(props.sealed ? 'participant.submitAnyway' : 'finishConfirm.finishAnyway')}
        </button>
      </div>
    </Dialog>
  )
}
