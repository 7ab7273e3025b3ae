import { useTranslation } from 'react-i18next'
import { Download } from 'lucide-react'
import { exportPeople, useExchange } from '../state/exchange'
import { useSettings } from '../state/settings'

/** A participant's one way out with their work: their attempts as a zip, named by study and person, for whoever runs the study. */
export default function ExportMine() {
  const { t } = useTranslation()
  const actor = useSettings((s) => s.actor)
  const busy = useExchange((s) => s.busy)
  const exported = useExchange((s) => s.exported)
  const failed = useExchange((s) => s.exportError)
  return (
    <div className="participant-export">
      <button type="button" disabled={busy !== undefined} onClick={() => void exportPeople('mine', 'zip')}>
        <Download size={16} aria-hidden="true" /> {t('people.export.mine', { name: actor || t('people.export.anonymous') })}
      </button>
      <p role="status">{busy === 'export' ? t('recovery.exporting') : exported ? t('recovery.exported', { file: exported.fileName }) : ''}</p>
      {failed && <p role="alert">{failed}</p>}
    </div>
  )
}
