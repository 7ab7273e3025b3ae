import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { openTask, useSession } from '../state/session'
import { useSettings } from '../state/settings'
import { Dialog } from '../shared/Dialog'

/** Sets the annotator and reopens the task under their name (each person has their own attempts). */
export function setAnnotator(name: string): void {
  useSettings.getState().setActor(name)
  const task = useSession.getState().task
  if (task) void openTask(task.id)
}

/** Asks once for the annotator's name (stored in this browser), recorded with every attempt. */
export function AnnotatorDialog({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation()
  const current = useSettings((s) => s.actor)
  // A study's share sets the annotator to its person at boot, so `current` already offers that name.
  const [typed, setName] = useState<string | undefined>(undefined)
  const name = typed ?? (current === 'anonymous' ? '' : current)
  const done = (value: string) => {
    setAnnotator(value)
    onClose?.()
  }
  return (
    // Without a name yet, Escape does not skip the question: Skip does, on purpose.
    <Dialog className="annotator-dialog" aria-labelledby="annotator-title" onDismiss={current === '' ? undefined : onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim()) done(name.trim())
        }}
      >
        <h2 id="annotator-title">{t('panel.annotatorTitle')}</h2>
        <p>{t('panel.annotatorHint')}</p>
        <label>
          {t('panel.annotatorName')}
          <input value={name} onChange={(e) => setName(e.target.value)} autoFocus required autoComplete="name" />
        </label>
        <div className="dialog-buttons">
          <button type="button" onClick={() => done('anonymous')}>
            {t('panel.annotatorSkip')}
          </button>
          <button type="submit" className="primary" disabled={!name.trim()}>
            {t('panel.annotatorSave')}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
