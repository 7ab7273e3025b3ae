import { useTranslation } from 'react-i18next'
import { Upload } from 'lucide-react'
import { ImportReportView } from '../shared/ImportReport'
import { importPeople, useExchange } from '../state/exchange'

/** Imports a response.jsonl (page, command line, Python harness) or an exported zip, through the People import. */
export function ReplayImport() {
  const { t } = useTranslation()
  const busy = useExchange((s) => s.busy)
  return (
    <div className="replay-card replay-import">
      <label className={`replay-file${busy ? ' disabled' : ''}`} title={t('replay.importHint')}>
        <input
          type="file"
          multiple
          accept=".zip,.jsonl,.json"
          aria-label={t('replay.import')}
          disabled={busy !== undefined}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? [])
            e.target.value = ''
            void importPeople(files, 'replay')
          }}
        />
        <Upload size={16} aria-hidden="true" /> {t('replay.import')}
      </label>
      <ImportReportView view="replay" />
    </div>
  )
}
