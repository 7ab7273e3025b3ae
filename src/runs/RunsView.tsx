import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { loadRuns, useRuns } from '../state/runs'
import { useSession } from '../state/session'
import { RunSettings } from './RunSettings'
import { RunList } from './RunList'
import { WatchPanel } from './WatchPanel'
import './runs.css'

/** Agent runs: the runner's settings, the runs with their progress, and the watched task on the phone (given by the app). */
export function RunsView({ phone }: { phone: ReactNode }) {
  const { t } = useTranslation()
  const datasetId = useSession((s) => s.dataset?.id)
  const watching = useRuns((s) => s.watching)
  useEffect(() => {
    void loadRuns()
  }, [datasetId])
  return (
    <section className="view-page runs-view" aria-labelledby="runs-heading">
      <div className="runs-main">
        <h2 id="runs-heading">{t('runs.heading')}</h2>
        <p className="runs-hint">{t('runs.hint')}</p>
        <RunSettings />
        <RunList />
      </div>
      {watching && <WatchPanel taskId={watching.taskId} phone={phone} />}
    </section>
  )
}
