import { useTranslation } from 'react-i18next'

/** Placeholder until this view is built. */
export function ReplayView() {
  const { t } = useTranslation()
  return (
    <section className="view-page" aria-label={t('views.replay')}>
      <h2>{t('views.replay')}</h2>
    </section>
  )
}
