import { useTranslation } from 'react-i18next'
import { useStorage } from '../state/storage'

/** Whether the browser may clear the stored attempts (then exports are the only safe copy). */
export function StorageNote() {
  const { t } = useTranslation()
  const persisted = useStorage((s) => s.persisted)
  return (
    <p className={`storage-note${persisted ? ' persistent' : ''}`}>
      {persisted ? t('people.storagePersistent') : t('people.storageMayBeCleared')}
    </p>
  )
}
