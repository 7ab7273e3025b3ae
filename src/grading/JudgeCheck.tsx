import { useTranslation } from 'react-i18next'
import type { JudgeStanding } from '../core/judge'
import { figureText } from './agreementFormat'

/** "Check the judge": its F1 against the people's majority beside the people's own, and how far it has come. */
export function JudgeCheck({ standing }: { standing: JudgeStanding }) {
  const { t } = useTranslation()
  const shown = (value: number | null) => figureText(value) ?? t('gradingAgreement.agreement.undefined')
  return (
    <section className="grade-tab-block" aria-labelledby="judge-check">
      <h3 id="judge-check">{t('gradingAgreement.judge.check')}</h3>
      <dl className="grade-tab-figures">
        <div>
          <dt>{t('gradingAgreement.judge.judgeF1')}</dt>
          <dd data-testid="judge-f1">{shown(standing.judgeF1)}</dd>
        </div>
        <div>
          <dt>{t('gradingAgreement.judge.peopleF1')}</dt>
          <dd data-testid="people-f1">{shown(standing.peopleF1)}</dd>
        </div>
        <div>
          <dt>{t('gradingAgreement.judge.standing')}</dt>
          <dd data-testid="judge-standing">{t('gradingAgreement.judge.standingValue', { attempts: standing.attempts, needed: standing.needed, count: standing.items })}</dd>
        </div>
        <div>
          <dt>{t('gradingAgreement.judge.invalidCount')}</dt>
          <dd data-testid="judge-invalid">{standing.invalid}</dd>
        </div>
      </dl>
      <p className={standing.eligible ? 'grade-tab-saved' : 'grade-tab-note-text'}>{standing.eligible ? t('gradingAgreement.judge.eligible') : t('gradingAgreement.judge.notEligible')}</p>
    </section>
  )
}
