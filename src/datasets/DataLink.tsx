import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertTriangle, RefreshCw } from 'lucide-react'
import { reloadDatasets, retryDataLink } from '../state/session'
import { answerDataLink, dismissDataLinkUpdate, loadDataLinkUpdate, useDataLink } from '../state/dataLink'
import { withoutDataParam } from '../state/urls'
import { Dialog } from '../shared/Dialog'
import './DataLink.css'
import { addressHref } from '../state/address'

/**
 * Asks before a `?data=` link loads a data set from another site: a link can
 * be sent by anyone, and what it loads becomes the tasks an annotator solves.
 * Dismissing the question in any way (Escape included) loads nothing.
 */
export function DataLinkPrompt() {
  const { t } = useTranslation()
  const asking = useDataLink((s) => s.asking)
  // The safe answer has the focus, so that a stray Enter loads nothing.
  const decline = useRef<HTMLButtonElement>(null)

  return (
    <Dialog
      open={!!asking}
      initialFocus={decline}
      className="data-link-dialog"
      // Named only while open: the ids it names are there only then.
      aria-labelledby={asking ? 'data-link-title' : undefined}
      aria-describedby={asking ? 'data-link-text' : undefined}
      onDismiss={() => answerDataLink(false)}
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
    </Dialog>
  )
}

/**
 * Why the page's `?data=` link loaded nothing, in place of the phone: a page
 * opened for a named data set opens no other one for solving (a participant
 * would solve the wrong tasks). Retry tries the link again; the page without
 * the link is a plain address away.
 */
export function DataLinkProblem() {
  const { t } = useTranslation()
  const problem = useDataLink((s) => s.problem)
  const [retrying, setRetrying] = useState(false)
  const without = withoutDataParam(addressHref())
  return (
    <div role="alert" className="data-link-problem">
      <AlertTriangle size={22} aria-hidden="true" />
      <div className="data-link-problem-text">
        <h2>{t('dataLink.failedTitle')}</h2>
        {problem && <p>{'key' in problem ? t(problem.key, problem.params) : problem.message}</p>}
        {problem && <p className="data-link-url">{t('dataLink.askFolder', { url: problem.param })}</p>}
        <p>{t('dataLink.notOpened')}</p>
        <div className="data-link-buttons">
          {without !== undefined && <a href={without}>{t('dataLink.withoutLink')}</a>}
          <button
            type="button"
            className="primary"
            disabled={retrying}
            onClick={() => {
              setRetrying(true)
              void retryDataLink().finally(() => setRetrying(false))
            }}
          >
            {t('dataLink.retry')}
          </button>
        </div>
      </div>
    </div>
  )
}

/** Offers the update of a link's folder that changed since its stored copy was loaded (the old copy stays, with its attempts). */
export function DataLinkUpdate() {
  const { t } = useTranslation()
  const update = useDataLink((s) => s.update)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState<string>()
  if (!update) return null
  const load = async () => {
    setBusy(true)
    setFailed(undefined)
    try {
      if (await loadDataLinkUpdate()) await reloadDatasets()
    } catch (err) {
      setFailed(err instanceof Error ? err.message : String(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div role="status" className="data-link-update">
      <RefreshCw size={18} aria-hidden="true" />
      <div className="data-link-problem-text">
        <p>{t('dataLink.updated', { url: update.url })}</p>
        {failed !== undefined && <p role="alert">{failed}</p>}
      </div>
      <button type="button" className="primary" disabled={busy} onClick={() => void load()}>
        {t('dataLink.loadUpdate')}
      </button>
      <button type="button" onClick={dismissDataLinkUpdate}>
        {t('dataLink.dismiss')}
      </button>
    </div>
  )
}
