import { useTranslation } from 'react-i18next'

/** A live-state mark on a row: inserted, edited, or (in a search answered before) deleted since. */
export type RowMark = 'new' | 'edited' | 'deleted'

/** The row's mark: New (an executed action, or a record the attempt inserted), Edited, or Deleted. */
export function NewBadge({ show, label, mark }: { show?: boolean | undefined; label: string; mark?: RowMark | undefined }) {
  const { t } = useTranslation()
  if (show || mark === 'new') return <span className="badge-new">{label}</span>
  if (mark === 'edited') return <span className="badge-edited">{t('livePhone.edited')}</span>
  if (mark === 'deleted') return <span className="badge-deleted">{t('livePhone.deleted')}</span>
  return null
}
