import { Component, useState } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../state/session'
import './recovery.css'

interface Props {
  children: ReactNode
}

interface State {
  error?: Error
}

/**
 * Catches a rendering error below it, so that the page shows what to do
 * instead of going blank: one around each view (the rest of the page keeps
 * working, and switching views tries again), and one around the whole page.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {}

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The stack is for whoever reads the console when the person reports it; the page shows the message.
    console.error('A view failed to render', error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.error ? <CrashNotice error={this.state.error} /> : this.props.children
  }
}

/**
 * A part of the page loaded when first used could not be fetched: the connection dropped, or the site was published
 * again and the files this page asks for are gone. Nothing broke; a reload fetches the page as it now is. The words
 * are the browsers' own (Chromium, Firefox, Safari), and Vite's for a style sheet.
 */
function isUnfetchedModule(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
}

type ExportStatus = { kind: 'idle' | 'busy' | 'none' | 'elsewhere' } | { kind: 'done'; file: string } | { kind: 'failed'; message: string }

/** What a person sees instead of a broken view: what happened, Reload, and a way to take their attempts along first. */
function CrashNotice({ error }: { error: Error }) {
  const { t } = useTranslation()
  const [status, setStatus] = useState<ExportStatus>({ kind: 'idle' })
  const notFetched = isUnfetchedModule(error)
  const exportMine = async () => {
    setStatus({ kind: 'busy' })
    setStatus(await exportMyAttempts())
  }
  return (
    <section className="crash-notice" role="alert" aria-labelledby="crash-notice-title">
      <h2 id="crash-notice-title">{t(notFetched ? 'recovery.notFetchedTitle' : 'recovery.title')}</h2>
      <p>{t(notFetched ? 'recovery.notFetchedBody' : 'recovery.body')}</p>
      {/* For a bug report; in the built site React's own messages are terse codes. */}
      <details className="crash-message">
        <summary>{t('recovery.details')}</summary>
        <code>{error.message || error.name}</code>
      </details>
      <div className="crash-buttons">
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          {t('recovery.reload')}
        </button>
        <button type="button" disabled={status.kind === 'busy'} onClick={() => void exportMine()}>
          {t('recovery.export')}
        </button>
      </div>
      <div aria-live="polite">
        {status.kind === 'busy' && <p role="status">{t('recovery.exporting')}</p>}
        {status.kind === 'done' && <p role="status">{t('recovery.exported', { file: status.file })}</p>}
        {status.kind === 'none' && <p role="status">{t('recovery.nothingToExport')}</p>}
        {status.kind === 'elsewhere' && <p role="status">{t('recovery.exportRunning')}</p>}
        {status.kind === 'failed' && <p className="crash-error">{t('recovery.exportFailed', { message: status.message })}</p>}
      </div>
    </section>
  )
}

/**
 * The People view's own "Export my attempts" (the same zip, from IndexedDB),
 * loaded on demand: it needs nothing the broken view rendered, and keeps the
 * People code out of the first load.
 */
async function exportMyAttempts(): Promise<ExportStatus> {
  try {
    if (!useSession.getState().dataset) return { kind: 'none' }
    const { exportPeople, useExchange } = await import('../state/exchange')
    const before = useExchange.getState().exported
    await exportPeople('mine', 'zip')
    const after = useExchange.getState()
    if (after.exportError) return { kind: 'failed', message: after.exportError }
    // The same summary as before: the People view's export was still running, and this one did not start.
    if (!after.exported || after.exported === before) return { kind: 'elsewhere' }
    return { kind: 'done', file: after.exported.fileName }
  } catch (err) {
    return { kind: 'failed', message: err instanceof Error ? err.message : String(err) }
  }
}
