import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertTriangle, CheckCircle2, Download, RefreshCw, UploadCloud } from 'lucide-react'
import { exportAttempts } from '../../state/attemptExport'
import { saveDownload } from '../../state/download'
import { useSettings } from '../../state/settings'
import { retryChannel, useReturnChannel } from './channel'
import { problemKey } from './problem'
import type { UploadProblem } from './problem'
import './ReturnStatus.css'

/**
 * What a study link's participant sees of the return channel: how many
 * tasks are sent; once the closing manifest is stored (never before), the
 * completion code or the way back to the recruiter; after a failed upload,
 * what happened, a retry and the download of their attempts, without the code.
 */
export function ReturnStatus() {
  const { t } = useTranslation()
  const { phase, sent, total, problem, completion, datasetId } = useReturnChannel()
  if (phase === undefined) return null
  return (
    <section className={`return-status return-${phase}`} aria-label={t('returnChannel.region')}>
      {phase === 'failed' ? (
        <Failed problem={problem ?? { kind: 'other', detail: '' }} datasetId={datasetId} />
      ) : phase === 'done' ? (
        <div role="status" className="return-row">
          <CheckCircle2 size={20} aria-hidden="true" />
          <div>
            <p>{t('returnChannel.done')}</p>
            {completion?.code !== undefined && completion.url === undefined && (
              <p>
                {t('returnChannel.codeLabel')}: <strong className="return-code">{completion.code}</strong> <span>{t('returnChannel.codeHint')}</span>
              </p>
            )}
            {completion?.url !== undefined && (
              <p>
                {t('returnChannel.redirecting')} <a href={completion.url}>{t('returnChannel.continueLink')}</a>
              </p>
            )}
          </div>
        </div>
      ) : (
        <p role="status" className="return-row">
          <UploadCloud size={20} aria-hidden="true" />
          <span>
            {phase === 'closing' ? t('returnChannel.closing') : t('returnChannel.sending', { sent: String(sent), total: String(total) })}
          </span>
        </p>
      )}
    </section>
  )
}

function Failed({ problem: failure, datasetId }: { problem: UploadProblem; datasetId: string | undefined }) {
  const { t } = useTranslation()
  const actor = useSettings((s) => s.actor)
  const [problem, setProblem] = useState<string>()
  const download = async () => {
    if (datasetId === undefined) return
    setProblem(undefined)
    try {
      const exported = await exportAttempts(datasetId, { actor })
      saveDownload(exported.zip, exported.fileName, 'application/zip')
    } catch (err) {
      setProblem(t('returnChannel.downloadFailed', { reason: err instanceof Error ? err.message : String(err) }))
    }
  }
  return (
    <div role="alert" className="return-row">
      <AlertTriangle size={20} aria-hidden="true" />
      <div>
        <h2>{t('returnChannel.failedTitle')}</h2>
        <p>{t('returnChannel.failedText', { reason: t(`returnChannel.${problemKey(failure.kind)}`) })}</p>
        <p>{t('returnChannel.failedNoCode')}</p>
        {failure.detail !== '' && <p className="return-detail">{t('returnChannel.technicalDetail', { detail: failure.detail })}</p>}
        {problem !== undefined && <p>{problem}</p>}
        <div className="return-buttons">
          <button type="button" className="primary" onClick={retryChannel}>
            <RefreshCw size={16} aria-hidden="true" /> {t('returnChannel.retry')}
          </button>
          <button type="button" onClick={() => void download()} disabled={datasetId === undefined}>
            <Download size={16} aria-hidden="true" /> {t('returnChannel.download')}
          </button>
        </div>
      </div>
    </div>
  )
}
