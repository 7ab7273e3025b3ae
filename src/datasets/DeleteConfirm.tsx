import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DatasetRow } from '../db'
import { attemptsToKeep, removeDataset, useDatasets } from './store'

/**
 * Asking before a data set is deleted: what goes (tasks, records, studies,
 * edit history), what is kept (its attempts, counted) and how they come
 * back, with the choice to delete the attempts too.
 */
export function DeleteConfirm({ row, onCancel }: { row: DatasetRow; onCancel: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  const [count, setCount] = useState<{ people: number; runs: number }>()
  const [withAttempts, setWithAttempts] = useState(false)
  useEffect(() => {
    let live = true
    void attemptsToKeep(row.id).then((c) => live && setCount(c))
    return () => {
      live = false
    }
  }, [row.id])
  const any = count !== undefined && count.people + count.runs > 0
  return (
    <div className="confirm-delete" role="group" aria-labelledby={`${id}-text`}>
      <div className="confirm-delete-text" id={`${id}-text`}>
        <p>{t('confirmDelete', { name: row.name })}</p>
        {count && <p>{any ? t('deleteKeeps', count) : t('deleteNothingKept')}</p>}
      </div>
      {any && (
        <label className="confirm-delete-attempts">
          <input type="checkbox" checked={withAttempts} onChange={(e) => setWithAttempts(e.target.checked)} />
          {t('deleteWithAttempts')}
        </label>
      )}
      <button type="button" className="danger" disabled={count === undefined} aria-label={t('confirmDeleteLabel', { name: row.name })} onClick={() => void removeDataset(row.id, withAttempts)}>
        {t('confirmDeleteShort')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('cancel')}
      </button>
    </div>
  )
}

/** The deleted data sets whose attempts are kept, and how to get them back. */
export function KeptAttempts() {
  const { t, i18n } = useTranslation()
  const kept = useDatasets((s) => s.kept)
  if (kept.length === 0) return null
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en'
  return (
    <section aria-labelledby="kept-attempts" className="kept-attempts">
      <h3 id="kept-attempts">{t('keptHeading')}</h3>
      <ul>
        {kept.map((d) => (
          <li key={d.id}>
            {t('keptLine', { name: d.name, count: d.attempts, date: new Date(d.deleted).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) })}
          </li>
        ))}
      </ul>
    </section>
  )
}
