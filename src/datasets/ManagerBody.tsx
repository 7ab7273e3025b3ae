import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { CheckCircle2, Download, FileUp, FolderUp, Trash2, Upload, Waypoints, Zap } from 'lucide-react'
import type { DatasetRow } from '../db'
import { activateDataset, importPicked, pickedFromInput, useDatasets } from './store'
import { ProblemText } from '../shared/ProblemText'
import { LIVE_SAMPLE, LIVE_SAMPLE_SOURCE, PLANNER_SAMPLE, PLANNER_SAMPLE_SOURCE } from '../state/bundled'
import type { BundledSample } from '../state/bundled'
import { loadBundledSample } from './liveSample'
import { useSession } from '../state/session'
import { DeleteConfirm, KeptAttempts } from './DeleteConfirm'
import type { DatasetRowActions } from './DatasetManager'

function sourceText(t: TFunction, source: string): string {
  if (/^https?:/.test(source)) return t('datasetSources.url', { url: source })
  if (source === LIVE_SAMPLE_SOURCE) return t('liveData.source')
  if (source === PLANNER_SAMPLE_SOURCE) return t('liveData.planner.source')
  return ['sample', 'files', 'folder', 'drop', 'api'].includes(source) ? t(`datasetSources.${source}`) : source
}

function DatasetItem({ row, active, last, RowActions }: { row: DatasetRow; active: boolean; last: boolean; RowActions?: DatasetRowActions }) {
  const { t, i18n } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  const busy = !!useDatasets((s) => s.importing)
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en'
  const date = new Date(row.created).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <li className={active ? 'active' : undefined} aria-current={active ? 'true' : undefined}>
      <div className="dataset-info">
        <strong>{row.name}</strong>
        {active && (
          <span className="badge">
            <CheckCircle2 size={14} aria-hidden="true" /> {t('activeDataset')}
          </span>
        )}
        <span className="dataset-meta">
          {t('datasetMeta', { tasks: row.tasks.toLocaleString(locale), records: row.records.toLocaleString(locale), date })} ·{' '}
          {sourceText(t, row.source)}
        </span>
      </div>
      {confirming ? (
        <DeleteConfirm row={row} onCancel={() => setConfirming(false)} />
      ) : (
        <div className="dataset-actions">
          {!active && (
            <button type="button" disabled={busy} aria-label={t('useDataset', { name: row.name })} onClick={() => void activateDataset(row.id)}>
              {t('use')}
            </button>
          )}
          <button type="button" disabled={busy} aria-label={t('exportFolderLabel', { name: row.name })} title={t('exportFolderLabel', { name: row.name })} onClick={() => void import('./folder').then((folder) => folder.downloadDatasetFolder(row))}>
            <Download size={16} aria-hidden="true" /> {t('exportFolder')}
          </button>
          <button
            type="button"
            className="icon"
            disabled={busy || last}
            aria-label={t('deleteDataset', { name: row.name })}
            title={last ? t('keepOne') : t('deleteDataset', { name: row.name })}
            onClick={() => setConfirming(true)}
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </div>
      )}
      {/* Loaded on first use; the dialog's body waits for it (see DatasetManager) rather than growing under the pointer. */}
      {RowActions && <RowActions row={row} busy={busy} />}
    </li>
  )
}

/**
 * Loads a sample bundled with the page (public/data-live, public/data-planner)
 * as a data set and makes it active; a second load finds the stored copy
 * instead of importing it again. Its progress and errors show where an
 * import's do. `strings` is where its heading, hint, button and notes are.
 */
function SampleSection({ sample, strings, id, Icon }: { sample: BundledSample; strings: 'liveData' | 'liveData.planner'; id: string; Icon: typeof Zap }) {
  const { t } = useTranslation()
  const busy = !!useDatasets((s) => s.importing)
  const [note, setNote] = useState<'active' | 'switched'>()
  const load = async () => {
    setNote(undefined)
    const outcome = await loadBundledSample(sample)
    if (outcome === 'active' || outcome === 'switched') setNote(outcome)
  }
  return (
    <section aria-labelledby={id} className="live-sample">
      <h3 id={id}>{t(`${strings}.heading`)}</h3>
      <p className="hint-text">{t(`${strings}.hint`)}</p>
      <button type="button" disabled={busy} onClick={() => void load()}>
        <Icon size={16} aria-hidden="true" /> {t(`${strings}.load`)}
      </button>
      {note && (
        <p role="status" className="import-done">
          <CheckCircle2 size={16} aria-hidden="true" /> {t(`${strings}.${note}`)}
        </p>
      )}
    </section>
  )
}

/**
 * The Data sets dialog's body: the stored data sets, the bundled samples and
 * the import. Loaded when the dialog first opens, so that a page that never
 * opens it does not load it (#27's first load).
 */
export default function ManagerBody({ RowActions, dragging }: { RowActions?: DatasetRowActions; dragging: boolean }) {
  const { t } = useTranslation()
  const { list, importing, error, imported } = useDatasets()
  const activeId = useSession((s) => s.dataset?.id)
  const phase = importing?.phase
  return (
    <>
      <section aria-labelledby="stored-datasets">
        <h3 id="stored-datasets">{t('storedDatasets')}</h3>
        <ul className="dataset-list">
          {list.map((row) => (
            <DatasetItem key={row.id} row={row} active={row.id === activeId} last={list.length <= 1} RowActions={RowActions} />
          ))}
        </ul>
      </section>
      <KeptAttempts />
      <SampleSection sample={LIVE_SAMPLE} strings="liveData" id="live-sample" Icon={Zap} />
      <SampleSection sample={PLANNER_SAMPLE} strings="liveData.planner" id="planner-sample" Icon={Waypoints} />
      <section aria-labelledby="import-dataset">
        <h3 id="import-dataset">{t('importDataset')}</h3>
        <p className="hint-text">{t('importHint')}</p>
        <div className="import-buttons">
          <label className={`file-button${importing ? ' disabled' : ''}`}>
            <input
              type="file"
              multiple
              accept=".jsonl,.json,.zip"
              disabled={!!importing}
              onChange={(e) => {
                const picked = pickedFromInput(e.target.files)
                e.target.value = ''
                void importPicked(picked, 'files')
              }}
            />
            <FileUp size={16} aria-hidden="true" /> {t('importFiles')}
          </label>
          <label className={`file-button${importing ? ' disabled' : ''}`}>
            <input
              type="file"
              ref={(el) => {
                if (el) el.webkitdirectory = true
              }}
              disabled={!!importing}
              onChange={(e) => {
                const picked = pickedFromInput(e.target.files)
                e.target.value = ''
                void importPicked(picked, 'folder')
              }}
            />
            <FolderUp size={16} aria-hidden="true" /> {t('importFolder')}
          </label>
        </div>
        <div className={`drop-zone${dragging ? ' over' : ''}`}>
          <Upload size={18} aria-hidden="true" /> {dragging ? t('dropToImport') : t('dropHere')}
        </div>
        {importing && phase && (
          <div className="import-progress">
            <div
              role="progressbar"
              aria-label={t('importProgress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={importing.percent}
              aria-valuetext={`${importing.percent}% · ${t(`importPhases.${phase}`)}`}
              className="bar"
            >
              <div className="fill" style={{ width: `${importing.percent}%` }} />
            </div>
            <span>{t(`importPhases.${phase}`)}</span>
          </div>
        )}
        {error && <ProblemText title={t('importFailed')} error={error} />}
        {imported && (
          <p role="status" className="import-done">
            <CheckCircle2 size={16} aria-hidden="true" /> {t('imported', { name: imported.name, count: imported.tasks })}
          </p>
        )}
      </section>
    </>
  )
}
