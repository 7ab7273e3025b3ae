import { useTranslation } from 'react-i18next'
import type { CrossValidationSolver } from '../core'
import { formatElapsed } from '../state/timer'

function mark(s: CrossValidationSolver): { symbol: string; state: 'correct' | 'wrong' | 'inProgress' | 'practice' } {
  if (s.state === 'in progress') return { symbol: '…', state: 'inProgress' }
  if (s.state === 'practice') return { symbol: '○', state: 'practice' }
  return s.correct ? { symbol: '✓', state: 'correct' } : { symbol: '✗', state: 'wrong' }
}

/** Each solver of a task: ✓, ✗ (with the error type) or in progress, and the time taken; attempts after seeing the gold are listed as practice, apart. */
export function SolverList({ solvers }: { solvers: readonly CrossValidationSolver[] }) {
  const { t } = useTranslation()
  return (
    <ul className="solvers">
      {solvers.map((s) => {
        const { symbol, state } = mark(s)
        return (
          <li key={s.actor} className={state}>
            <span className="solver-mark" role="img" aria-label={state === 'practice' ? t('blind.practiceOnly') : t(`people.cv.${state}`)}>
              {symbol}
            </span>{' '}
            <span className="solver-name">{s.actor}</span>
            {state === 'inProgress' && <span className="solver-meta"> · {t('people.cv.inProgress')}</span>}
            {state === 'wrong' && s.errorType && <span className="solver-meta"> · {t(`panel.errorTypes.${s.errorType}`, { defaultValue: s.errorType })}</span>}
            <span className="solver-meta"> · {formatElapsed(s.elapsedMs)}</span>
            {s.practice > 0 && (
              <span className="solver-practice" title={t('blind.practiceHint')}>
                {' '}
                · {t('blind.practice', { count: s.practice })}
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
