import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccessSetting, AttemptRow } from '../db'
import { restartInSetting } from '../state/access'
import { useSettings } from '../state/settings'
import { Dialog } from '../shared/Dialog'

/**
 * Asks what a new access setting is for when an unfinished attempt on the
 * phone was opened in another one: an attempt keeps its setting, so the new
 * one is either a new attempt at this task now, or only later attempts.
 */
export function AccessChangeDialog({ attempt, next, onClose }: { attempt: AttemptRow; next: AccessSetting; onClose: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const restart = useRef<HTMLButtonElement>(null)

  const names = { current: t(`accessModes.${attempt.access}`), setting: t(`accessModes.${next}`), task: attempt.taskId }
  // On the page's body: the control may sit in the small screen's menu, itself a dialog.
  return (
    <Dialog portal className="finish-confirm access-change" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onDismiss={onClose} initialFocus={restart}>
      <h2 id={`${id}-title`}>{t('accessChange.title')}</h2>
      <p id={`${id}-text`}>{t('accessChange.text', names)}</p>
      <div className="access-change-buttons">
        <button
          ref={restart}
          type="button"
          className="primary"
          onClick={() => {
            onClose()
            void restartInSetting(attempt, next)
          }}
        >
          {t('accessChange.restart', names)}
        </button>
        <button
          type="button"
          onClick={() => {
            useSettings.getState().setAccess(next)
            onClose()
          }}
        >
          {t('accessChange.later', names)}
        </button>
        <button type="button" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  )
}
