import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MIN_KAPPA_TASKS } from '../core'
import type { AgreementFigures, HumanBaseline } from '../core'
import { formatElapsed } from '../state/timer'

const fixed = (x: number | null) => (x === null ? '—' : x.toFixed(1))

/**
 * Agreement among the people who did the same tasks. With `overlap`, a
 * study's note: out of how many tasks were given to two people or more.
 */
export function Agreement({ figures, overlap }: { figures: AgreementFigures; overlap?: number }) {
  const { t } = useTranslation()
  if (figures.pairwise === null) return <>{t('people.baseline.noPairs')}</>
  const kappa = figures.kappaWithheld
    ? t('people.baseline.kappaFewTasks', { min: MIN_KAPPA_TASKS })
    : figures.kappa === null
      ? t('people.baseline.kappaUndefined')
      : figures.kappa.toFixed(2)
  return (
    <>
      {t('people.baseline.agreementPairs', { pairwise: `${(100 * figures.pairwise).toFixed(1)}%` })} · {t('people.baseline.agreementKappa', { kappa })}
      <span className="figure-note">
        {overlap === undefined ? t('people.baseline.agreementOver', { count: figures.tasks }) : t('studyDashboard.agreementOver', { count: figures.tasks, overlap })}
      </span>
    </>
  )
}

/** The summary beside the table: median time, retrievals on solved and failed tasks, agreement. */
export function BaselineFigures({ baseline }: { baseline: HumanBaseline }) {
  const { t } = useTranslation()
  const { solved, failed } = baseline.retrievals
  const figures: Figure[] = [
    [t('people.baseline.medianTimeFigure'), baseline.medianMs === null ? '—' : formatElapsed(baseline.medianMs)],
    [t('people.baseline.retrievalsFigure'), t('people.baseline.retrievalsCell', { solved: fixed(solved), failed: fixed(failed) })],
    [t('people.baseline.agreementVerdict'), <Agreement figures={baseline.agreement.verdict} />],
    [t('people.baseline.agreementAnswer'), <Agreement figures={baseline.agreement.answer} />],
  ]
  return <FigureList className="baseline-figures" label={t('people.baseline.figures')} figures={figures} />
}

/** A named figure and its value. */
export type Figure = [label: string, value: ReactNode]

/** Figures as a description list, each label over its value. */
export function FigureList({ className, label, figures }: { className: string; label: string; figures: readonly Figure[] }) {
  return (
    <dl className={className} aria-label={label}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
