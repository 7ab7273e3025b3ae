import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { editDraft, expectedStateFromMyAttempt, liveText, readLiveText, setLive, useAuthoring } from './store'
import { Findings } from './Findings'

/**
 * A live task's keys of `prompt_metadata` (expected_state, friction, verify,
 * ordered) as JSON, read by the loader's own rules when applied. Open when the
 * task has any; a static task gets them by adding them here.
 */
export function LiveEditor() {
  const live = useAuthoring((s) => s.draft?.task.live)
  const stored = useAuthoring((s) => s.storedId !== undefined)
  const flagged = useAuthoring((s) => s.findings.some((f) => f.place === 'live'))
  const text = liveText(live)
  // A new text from outside (an undo, another task) starts the box afresh.
  return <LiveBox key={text} text={text} open={live !== undefined || flagged} stored={stored} />
}

function LiveBox({ text: initial, open, stored }: { text: string; open: boolean; stored: boolean }) {
  const { t } = useTranslation()
  const [text, setText] = useState(initial)
  const [error, setError] = useState<string>()
  return (
    <section className="editor-card live" aria-labelledby="editor-live-heading">
      <details open={open}>
        <summary>
          <h3 id="editor-live-heading">{t('authoring.liveHeading')}</h3>
        </summary>
        <p className="editor-hint">{t('authoring.liveHint')}</p>
        <Findings place="live" />
        <form
          onSubmit={(e) => {
            e.preventDefault()
            const read = readLiveText(text)
            if ('error' in read) return setError(read.error)
            setError(undefined)
            editDraft((c) => setLive(c, read.live))
          }}
        >
          <label className="editor-field">
            <span>{t('authoring.liveLabel')}</span>
            <textarea data-own-undo rows={8} value={text} spellCheck={false} aria-invalid={error !== undefined || undefined} aria-describedby={error ? 'live-error' : undefined} onChange={(e) => setText(e.target.value)} />
          </label>
          {error && (
            <p role="alert" className="paste-error" id="live-error">
              {t('authoring.liveRefused', { error })}
            </p>
          )}
          <div className="editor-row">
            <button type="submit" disabled={text === initial}>
              {t('authoring.liveApply')}
            </button>
            <button type="button" disabled={!stored} title={t('authoring.useMyChangesHint')} onClick={() => void expectedStateFromMyAttempt()}>
              {t('authoring.useMyChanges')}
            </button>
          </div>
        </form>
      </details>
    </section>
  )
}
