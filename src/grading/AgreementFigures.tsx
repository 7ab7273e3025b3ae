import { useTranslation } from 'react-i18next'
import type { PanelAgreement } from '../core'
import { figureText } from './agreementFormat'
import { pairAttempts } from './agreementRubrics'
import type { PairGrid } from './agreementRubrics'

interface AgreementFiguresProps {
  figures: PanelAgreement
  /** The grids the figures were made from, to say on how many attempts each pair's κ rests. */
  grids: readonly PairGrid[]
}

/** Raw agreement, α and κ per pair of one set of units, each with the items and attempts it rests on. */
export function AgreementFigures({ figures, grids }: AgreementFiguresProps) {
  const { t } = useTranslation()
  const shown = (value: number | null) => figureText(value) ?? t('gradingAgreement.agreement.undefined')
  const rests = (value: number | null, units: number, attempts: number) =>
    t('gradingAgreement.agreement.restsUnits', { value: shown(value), count: units, attempts: t('gradingAgreement.agreement.attempts', { count: attempts }) })
  return (
    <dl className="grade-tab-figures">
      <div>
        <dt>{t('gradingAgreement.agreement.raw')}</dt>
        <dd data-testid="agreement-raw">{rests(figures.raw.agreement, figures.raw.units, figures.attempts)}</dd>
      </div>
      <div>
        <dt>{t('gradingAgreement.agreement.alpha')}</dt>
        <dd data-testid="agreement-alpha">{rests(figures.alpha.alpha, figures.alpha.units, figures.attempts)}</dd>
      </div>
      <div>
        <dt>{t('gradingAgreement.agreement.kappa')}</dt>
        {figures.kappas.length === 0 ? (
          <dd>{t('gradingAgreement.agreement.noPair')}</dd>
        ) : (
          figures.kappas.map((pair) => (
            <dd key={`${pair.a}\u0000${pair.b}`} data-testid="agreement-kappa">
              {t('gradingAgreement.agreement.pair', { a: pair.a, b: pair.b, figure: rests(pair.kappa, pair.n, pairAttempts(grids, pair.a, pair.b)) })}
            </dd>
          ))
        )}
      </div>
    </dl>
  )
}
