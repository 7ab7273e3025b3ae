import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AgreementFigures, HumanBaseline } from '../core'
import { formatElapsed } from '../state/timer'

const fixed = (x: number | null) => (x === null ? '—' : x.toFixed(1))

function Agreement({ figures }: { figures: AgreementFigures }) {
  const { t } = useTranslation()
  if (figures.pairwise === null) return <>{t('people.baseline.noPairs')}</>
  const kappa = figures.kappa === null ? t('people.baseline.kappaUndefined') : figures.kappa.toFixed(2)
  return (
    <>
      {t('people.baseline.agreementPairs', { pairwise: `${(100 * figures.pairwise).toFixed(1)}%` })} · {t('people.baseline.agreementKappa', { kappa })}
      <span className="figure-note">{t('people.baseline.agreementOver', { count: figures.tasks })}</span>
    </>
  )
}

/** The summary beside the table: median time, retrievals on solved and failed tasks, agreement. */
export function BaselineFigures({ baseline }: { baseline: HumanBaseline }) {
  const { t } = useTranslation()
  const { solved, failed } = baseline.retrievals
  const figures: [label: string, value: ReactNode][] = [
    [t('people.baseline.medianTimeFigure'), baseline.medianMs === null ? '—' : formatElapsed(baseline.medianMs)],
    [t('people.baseline.retrievalsFigure'), t('people.baseline.retrievalsCell', { solved: fixed(solved), failed: fixed(failed) })],
    [t('people.baseline.agreementVerdict'), <Agreement figures={baseline.agreement.verdict} />],
    [t('people.baseline.agreementAnswer'), <Agreement figures={baseline.agreement.answer} />],
  ]
  return (
    <dl className="baseline-figures" aria-label={t('people.baseline.figures')}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
