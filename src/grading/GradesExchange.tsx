import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Download, Upload } from 'lucide-react'
import { exportGrades, importGradeFiles, useGrading } from './store'

/** grades.jsonl out and in: a person's grades to hand on, and other graders' merged (a grade already here is skipped). */
export function GradesExchange() {
  const { t } = useTranslation()
  const imported = useGrading((s) => s.imported)
  const saving = useGrading((s) => s.saving)
  const [exported, setExported] = useState<number>()
  return (
    <section className="grading-card grading-exchange" aria-labelledby="grading-exchange-heading">
      <h3 id="grading-exchange-heading">{t('grading.exchange.heading')}</h3>
      <p className="grading-note">{t('grading.exchange.hint')}</p>
      <div className="grading-exchange-buttons">
        <button type="button" onClick={() => void exportGrades().then(setExported)}>
          <Download size={16} aria-hidden="true" /> {t('grading.exchange.export')}
        </button>
        <label className={`grading-file${saving ? ' disabled' : ''}`}>
          <Upload size={16} aria-hidden="true" /> {t('grading.exchange.import')}
          <input
            type="file"
            accept=".jsonl,application/jsonl,text/plain"
            multiple
            disabled={saving}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])]
              e.target.value = ''
              if (files.length > 0) void importGradeFiles(files)
            }}
          />
        </label>
      </div>
      <div role="status">
        {exported !== undefined && <p>{t('grading.exchange.exported', { count: exported })}</p>}
        {imported?.map((r) => (
          <p key={r.file}>
            {t('grading.exchange.result', { file: r.file, added: r.added, skipped: r.skipped })}
            {r.issues.length > 0 && <> {t('grading.exchange.issues', { count: r.issues.length })}</>}
          </p>
        ))}
      </div>
    </section>
  )
}
