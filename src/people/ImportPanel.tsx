import { useState } from 'react'
import type { DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Upload } from 'lucide-react'
import { importPeople, useExchange } from '../state/exchange'
import { useSession } from '../state/sessionStore'
import { ImportReportView } from '../shared/ImportReport'

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files')

/**
 * Pick or drop exports to merge. Drag events stop here, so that the page's
 * own drop target (which imports data sets) does not take these files too.
 */
export function ImportPanel() {
  const { t } = useTranslation()
  const busy = useExchange((s) => s.busy)
  const sealed = useSession((s) => s.dataset?.sealed !== undefined)
  const [over, setOver] = useState(false)

  const onDrag = (e: DragEvent, entering: boolean) => {
    if (!hasFiles(e)) return
    e.preventDefault()
    e.stopPropagation()
    if (entering) e.dataTransfer.dropEffect = 'copy'
    setOver(entering)
  }

  return (
    <section
      className={`people-card import-area${over ? ' over' : ''}`}
      aria-labelledby="people-import"
      onDragEnter={(e) => onDrag(e, true)}
      onDragOver={(e) => onDrag(e, true)}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onDrag(e, false)
        else e.stopPropagation()
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return
        e.preventDefault()
        e.stopPropagation()
        setOver(false)
        void importPeople(Array.from(e.dataTransfer.files))
      }}
    >
      <h4 id="people-import">{t('people.import.heading')}</h4>
      <p className="people-hint">{t('people.import.hint')}</p>
      {sealed && <p className="people-hint">{t('sealedExchange.importHint')}</p>}
      <label className={`people-file${busy ? ' disabled' : ''}`}>
        <input
          type="file"
          multiple
          accept=".zip,.jsonl,.json"
          disabled={busy !== undefined}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? [])
            e.target.value = ''
            void importPeople(files)
          }}
        />
        <Upload size={16} aria-hidden="true" /> {t('people.import.pick')}
      </label>
      <p className="drop-hint" aria-hidden="true">
        {over ? t('people.import.dropActive') : t('people.import.drop')}
      </p>
      <ImportReportView view="people" />
    </section>
  )
}
