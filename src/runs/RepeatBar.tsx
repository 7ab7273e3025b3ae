import { useTranslation } from 'react-i18next'
import type { JobProgress } from '../state/runs'

/** One repeat of a run: tasks done, correct so far and tokens, as a bar. */
export function RepeatBar({ repeat, jobs }: { repeat: number; jobs: JobProgress[] }) {
  const { t, i18n } = useTranslation()
  const done = jobs.filter((j) => j.status === 'done').length
  const correct = jobs.filter((j) => j.correct).length
  const tokens = jobs.reduce((sum, j) => sum + j.tokens, 0)
  const label = t('runs.repeatProgress', { n: repeat })
  return (
    <div className="runs-repeat">
      <span className="runs-repeat-name">{t('runs.repeat', { n: repeat })}</span>
      <progress max={jobs.length || 1} value={done} aria-label={label} />
      <span className="runs-repeat-line" data-testid={`repeat-${repeat}`}>
        {t('runs.repeatLine', { done, total: jobs.length, correct, tokens: tokens.toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en') })}
      </span>
    </div>
  )
}
