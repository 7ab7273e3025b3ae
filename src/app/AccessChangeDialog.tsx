import { useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import type { AccessSetting, AttemptRow } from '../db'
import { restartInSetting } from '../state/access'
import { useSettings } from '../state/settings'

/**
 * Asks what a new access setting is for when an unfinished attempt on the
 * phone was opened in another one: an attempt keeps its setting, so the new
 * one is either a new attempt at this task now, or only later attempts.
 */
export function AccessChangeDialog({ attempt, next, onClose }: { attempt: AttemptRow; next: AccessSetting; onClose: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const restart = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const box = dialog.current
    if (!box) return
    if (!box.open) box.showModal()
    restart.current?.focus()
    const cancel = (e: Event) => {
      e.preventDefault()
      onClose()
    }
    box.addEventListener('cancel', cancel)
    return () => {
      box.removeEventListener('cancel', cancel)
      if (box.open) box.close()
    }
  }, [onClose])

  const names = { current: t(`accessModes.${attempt.access}`), setting: t(`accessModes.${next}`), task: attempt.taskId }
  // On the page's body: the control may sit in the small screen's menu, itself a dialog.
  return createPortal(
    <dialog ref={dialog} className="finish-confirm access-change" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
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
    </dialog>,
    document.body,
  )
}
