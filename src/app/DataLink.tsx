import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertTriangle } from 'lucide-react'
import { answerDataLink, dismissDataLinkProblem, useDataLink } from '../state/dataLink'
import { useSession } from '../state/session'
import './DataLink.css'

/**
 * Asks before a `?data=` link loads a data set from another site: a link can
 * be sent by anyone, and what it loads becomes the tasks an annotator solves.
 * Dismissing the question in any way (Escape included) loads nothing.
 */
export function DataLinkPrompt() {
  const { t } = useTranslation()
  const asking = useDataLink((s) => s.asking)
  const dialog = useRef<HTMLDialogElement>(null)
  const decline = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (asking && !el.open) {
      el.showModal()
      // The safe answer has the focus, so that a stray Enter loads nothing.
      decline.current?.focus()
    }
    if (!asking && el.open) el.close()
  }, [asking])

  return (
    <dialog
      ref={dialog}
      className="data-link-dialog"
      // Named only while open: the ids it names are there only then.
      aria-labelledby={asking ? 'data-link-title' : undefined}
      aria-describedby={asking ? 'data-link-text' : undefined}
      onCancel={(e) => {
        e.preventDefault()
        answerDataLink(false)
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') e.stopPropagation()
      }}
    >
      {asking && (
        <>
          <h2 id="data-link-title">{t('dataLink.askTitle')}</h2>
          <p id="data-link-text">{t('dataLink.askText', { origin: asking.origin })}</p>
          <p className="data-link-url">{t('dataLink.askFolder', { url: asking.url })}</p>
          <div className="data-link-buttons">
            <button type="button" ref={decline} onClick={() => answerDataLink(false)}>
              {t('dataLink.dontLoad')}
            </button>
            <button type="button" className="primary" onClick={() => answerDataLink(true)}>
              {t('dataLink.load', { origin: asking.origin })}
            </button>
          </div>
        </>
      )}
    </dialog>
  )
}

/** Why a `?data=` link loaded nothing, and which stored data set the phone shows instead. */
export function DataLinkProblem() {
  const { t } = useTranslation()
  const problem = useDataLink((s) => s.problem)
  const name = useSession((s) => (s.status === 'ready' ? s.dataset?.name : undefined))
  if (!problem) return null
  return (
    <div role="alert" className="data-link-problem">
      <AlertTriangle size={18} aria-hidden="true" />
      <div className="data-link-problem-text">
        <p>
          <strong>{t('dataLink.failedTitle')}</strong>
        </p>
        <p>{'key' in problem ? t(problem.key, problem.params) : problem.message}</p>
        {name !== undefined && <p>{t('dataLink.showing', { name })}</p>}
      </div>
      <button type="button" onClick={dismissDataLinkProblem}>
        {t('dataLink.dismiss')}
      </button>
    </div>
  )
}
