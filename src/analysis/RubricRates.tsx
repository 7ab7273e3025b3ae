import { useTranslation } from 'react-i18next'
import { BUCKETS, DIMENSIONS, rubricRates } from '../core'
import type { AnalysisRow, RubricRate, RubricRates as Rates, Task } from '../core'
import { PlannerTable } from './PlannerTable'

type Groups = Partial<Record<string, RubricRate>>

/**
 * How often the rubric tasks pass, by bucket and by dimension, a line per
 * row: the verdicts as stored, pending grades counted as failures and named.
 * Nothing when no task has a rubric.
 */
export function RubricRates({ rows, tasks }: { rows: readonly AnalysisRow[]; tasks: readonly Task[] }) {
  const { t } = useTranslation()
  const rates = new Map<AnalysisRow, Rates | undefined>(rows.map((row) => [row, rubricRates(row, tasks)]))
  const first = rates.get(rows[0] as AnalysisRow)
  if (!first) return null
  const cell = (rate: RubricRate | undefined): string => {
    if (!rate) return '—'
    const share = t('plannerAnalysis.rubricRates.share', { rate: rate.rate.toFixed(1), passed: rate.passed, pairs: rate.pairs })
    return rate.pending > 0 ? `${share} ${t('plannerAnalysis.rubricRates.pending', { count: rate.pending })}` : share
  }
  const table = (kind: 'buckets' | 'dimensions', keys: readonly string[], names: string) => {
    const groups = first[kind] as Groups
    const present = keys.filter((key) => groups[key] !== undefined)
    const head = present.map((key) => ({
      key,
      label: (
        <>
          {t(`plannerAnalysis.${names}.names.${key}`)} <span className="analysis-planner-count">{t('plannerAnalysis.tasks', { count: groups[key]?.tasks ?? 0 })}</span>
        </>
      ),
    }))
    return (
      <PlannerTable
        heading={t(`plannerAnalysis.rubricRates.${kind}`)}
        description={t('plannerAnalysis.rubricRates.description')}
        testId={`rubric-rates-${kind}`}
        head={head}
        rows={rows}
        cells={(row) => present.map((key) => cell((rates.get(row)?.[kind] as Groups | undefined)?.[key]))}
      />
    )
  }
  return (
    <div data-testid="rubric-rates">
      {table('buckets', BUCKETS, 'buckets')}
      {table('dimensions', DIMENSIONS, 'dimensions')}
    </div>
  )
}
