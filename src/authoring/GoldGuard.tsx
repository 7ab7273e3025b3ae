import { useId, useRef } from 'react'
import { Dialog } from '../shared/Dialog'
import { useTranslation } from 'react-i18next'
import { declineGold, showAskedGold, useAuthoring } from './store'

/**
 * Asks before the editor shows the gold of a task the person has not
 * finished, in a modal `<dialog>` (focus trapped, Escape goes back). Focus
 * starts on "Go back": seeing the gold makes later attempts practice, so it
 * must be chosen, never slipped into.
 */
export function GoldGuard({ taskId }: { taskId: string }) {
  const { t } = useTranslation()
  const id = useId()
  const back = useRef<HTMLButtonElement>(null)
  const busy = useAuthoring((s) => s.status !== 'ask')

  return (
    <Dialog className="gold-guard" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onDismiss={declineGold} initialFocus={back}>
      <h2 id={`${id}-title`}>{t('blind.editorTitle', { id: taskId })}</h2>
      <p id={`${id}-text`}>{t('blind.editorText')}</p>
      <div className="gold-guard-buttons">
        <button ref={back} type="button" className="primary" onClick={declineGold}>
          {t('blind.cancel')}
        </button>
        <button type="button" disabled={busy} onClick={() => void showAskedGold()}>
          {t('blind.confirm')}
        </button>
      </div>
    </Dialog>
  )
}
