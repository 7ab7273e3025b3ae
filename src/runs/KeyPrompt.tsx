import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Play } from 'lucide-react'
import { dismissKeyPrompt, resumeRun } from '../state/runs'
import type { StoredRun } from '../db'

/**
 * Asks for the key of a run's own endpoint before it resumes: the key in the
 * form may belong to another base URL, and a reload forgets keys not remembered.
 */
export function KeyPrompt({ run }: { run: StoredRun }) {
  const { t } = useTranslation()
  const [apiKey, setApiKey] = useState('')
  const id = useId()
  const baseURL = run.baseURL ?? ''
  return (
    <form
      className="runs-key-prompt"
      aria-label={t('runs.keyPrompt.title', { model: run.model })}
      onSubmit={(e) => {
        e.preventDefault()
        void resumeRun(run.id, { apiKey })
      }}
    >
      <p className="runs-hint">{t('runs.keyPrompt.why', { baseURL })}</p>
      <div className="runs-field">
        <label htmlFor={id}>{t('runs.keyPrompt.label', { baseURL })}</label>
        {/* Focus goes here as the prompt opens, so that a screen reader announces what is asked. */}
        <input id={id} type="password" autoComplete="off" autoFocus value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
      </div>
      <div className="runs-buttons">
        <button type="submit" className="primary">
          <Play size={14} aria-hidden="true" /> {t('runs.keyPrompt.resume')}
        </button>
        <button type="button" onClick={() => dismissKeyPrompt(run.id)}>
          {t('runs.keyPrompt.cancel')}
        </button>
      </div>
    </form>
  )
}
