import { useTranslation } from 'react-i18next'

/** Placeholder until this view is built. */
export function RunsView() {
  const { t } = useTranslation()
  return (
    <section className="view-page" aria-label={t('views.runs')}>
      <h2>{t('views.runs')}</h2>
    </section>
  )
}
