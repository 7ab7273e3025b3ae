import { useTranslation } from 'react-i18next'

/** Placeholder until this view is built. */
export function AnalysisView() {
  const { t } = useTranslation()
  return (
    <section className="view-page" aria-label={t('views.analysis')}>
      <h2>{t('views.analysis')}</h2>
    </section>
  )
}
