import { useTranslation } from 'react-i18next'
import { Download, FileDown } from 'lucide-react'
import { exportPeople, setExportFinishedOnly, useExchange } from '../state/exchange'
import { useSession } from '../state/sessionStore'
import { useSettings } from '../state/settings'

/**
 * Export everyone's or the current annotator's attempts as a zip, or
 * response.jsonl alone. From a sealed data set only the zip: its manifest's
 * task fingerprints are what lets the collector match the attempts to the
 * tasks, and a bare response.jsonl would be imported without that check.
 */
export function ExportPanel() {
  const { t } = useTranslation()
  const actor = useSettings((s) => s.actor)
  const sealed = useSession((s) => s.dataset?.sealed !== undefined)
  const { finishedOnly, busy, exported, exportError } = useExchange()
  const disabled = busy !== undefined
  return (
    <section className="people-card" aria-labelledby="people-export">
      <h4 id="people-export">{t('people.export.heading')}</h4>
      <p className="people-hint">{t(sealed ? 'sealedExchange.exportHint' : 'people.export.hint')}</p>
      <label className="people-check">
        <input type="checkbox" checked={finishedOnly} onChange={(e) => setExportFinishedOnly(e.target.checked)} />
        {t('people.export.finishedOnly')}
      </label>
      <div className="people-buttons">
        <button type="button" className="primary" disabled={disabled} onClick={() => void exportPeople('all', 'zip')}>
          <Download size={16} aria-hidden="true" /> {t('people.export.all')}
        </button>
        <button type="button" disabled={disabled} onClick={() => void exportPeople('mine', 'zip')}>
          <Download size={16} aria-hidden="true" /> {t('people.export.mine', { name: actor || t('people.export.anonymous') })}
        </button>
        {!sealed && (
          <button type="button" disabled={disabled} onClick={() => void exportPeople('all', 'responses')} aria-describedby="people-responses-hint">
            <FileDown size={16} aria-hidden="true" /> {t('people.export.responses')}
          </button>
        )}
      </div>
      {!sealed && (
        <p className="people-hint" id="people-responses-hint">
          {t('people.export.responsesHint')}
        </p>
      )}
      <div aria-live="polite">
        {busy === 'export' && <p role="status">{t('people.export.busy')}</p>}
        {busy !== 'export' && exported && (
          <p role="status" className="people-done">
            {t('people.export.done', {
              file: exported.fileName,
              finished: exported.counts.finished,
              ...Object.fromEntries((['attempts', 'people', 'tasks', 'calls'] as const).map((n) => [n, t(`people.export.counts.${n}`, { count: exported.counts[n] })])),
            })}
          </p>
        )}
      </div>
      {exportError && (
        <p role="alert" className="people-error">
          {t('people.export.failed', { message: exportError })}
        </p>
      )}
    </section>
  )
}
