import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Grade, Task } from '../core'
import { gradingFigures } from '../core/judge'
import { gradesOf } from '../db'
import { TableScroll } from '../shared/TableScroll'

const two = (x: number | null): string | undefined => (x === null ? undefined : x.toFixed(2))

/**
 * A planner data set's behaviour grading (#29), read from the grades stored for it: the people's agreement over
 * every rubric item they grade, and each LLM judge's standing. Nothing when its tasks have no such items.
 */
export function GradesSection({ datasetId, tasks }: { datasetId: string; tasks: readonly Task[] }) {
  const { t } = useTranslation()
  const [grades, setGrades] = useState<Grade[] | undefined>()
  useEffect(() => {
    let current = true
    void gradesOf(datasetId).then((read) => current && setGrades(read))
    return () => {
      current = false
    }
  }, [datasetId])
  const figures = useMemo(() => (grades ? gradingFigures(grades, tasks) : undefined), [grades, tasks])
  if (!figures) return null
  const { agreement } = figures
  const restsOn = t('plannerAnalysis.grades.restsOn', { units: agreement.units, attempts: agreement.attempts })
  const value = (x: number | null) => two(x) ?? t('plannerAnalysis.grades.undefined')
  return (
    <div className="analysis-section analysis-planner" data-testid="grades-section">
      <h4 className="analysis-planner-heading">{t('plannerAnalysis.grades.heading')}</h4>
      <p className="analysis-hint">{t('plannerAnalysis.grades.hint')}</p>
      {figures.grades === 0 ? (
        <p className="analysis-hint">{t('plannerAnalysis.grades.none')}</p>
      ) : (
        <>
          <p>{t('plannerAnalysis.grades.counted', { count: figures.grades, stale: figures.stale })}</p>
          <dl className="grades-figures">
            <dt>{t('plannerAnalysis.grades.raw')}</dt>
            <dd>
              {value(agreement.raw.agreement)} ({restsOn})
            </dd>
            <dt>{t('plannerAnalysis.grades.alpha')}</dt>
            <dd>
              {value(agreement.alpha.alpha)} ({restsOn})
            </dd>
          </dl>
        </>
      )}
      {figures.judges.length > 0 && (
        <TableScroll label={t('plannerAnalysis.grades.heading')}>
          <table className="analysis-table analysis-planner-table" data-testid="grades-judges">
            <thead>
              <tr>
                <th scope="col">{t('plannerAnalysis.grades.judge')}</th>
                <th scope="col">{t('plannerAnalysis.grades.judgeF1')}</th>
                <th scope="col">{t('plannerAnalysis.grades.peopleF1')}</th>
                <th scope="col">{t('plannerAnalysis.grades.standing')}</th>
                <th scope="col">{t('plannerAnalysis.grades.eligible')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.judges.map(({ id, standing }) => (
                <tr key={id}>
                  <th scope="row">{id}</th>
                  <td>{value(standing.judgeF1)}</td>
                  <td>{value(standing.peopleF1)}</td>
                  <td>{t('plannerAnalysis.grades.standingValue', { attempts: standing.attempts, needed: standing.needed })}</td>
                  <td>{standing.eligible ? t('plannerAnalysis.grades.yes') : t('plannerAnalysis.grades.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  )
}
