import { useTranslation } from 'react-i18next'
import { ExportPanel } from './ExportPanel'
import { ImportPanel } from './ImportPanel'

/** The "Exports and imports" tab. */
export function ExchangeView() {
  const { t } = useTranslation()
  return (
    <>
      <h3 className="visually-hidden">{t('people.tabNames.exchange')}</h3>
      <div className="exchange">
        <ExportPanel />
        <ImportPanel />
      </div>
    </>
  )
}
