import { useTranslation } from 'react-i18next'
import { useRuns } from '../state/runs'
import { RunCard } from './RunCard'

/** The data set's runs, newest first. */
export function RunList() {
  const { t } = useTranslation()
  const runs = useRuns((s) => s.runs)
  return (
    <section className="runs-list" aria-labelledby="runs-list-h">
      <h3 id="runs-list-h">{t('runs.runs')}</h3>
      {runs.length === 0 && <p className="runs-empty">{t('runs.none')}</p>}
      {runs.map((r) => (
        <RunCard key={r.run.id} progress={r} />
      ))}
    </section>
  )
}
