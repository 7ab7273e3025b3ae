import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { AttemptRow } from '../db'
import { useAnalysis } from './store'
import type { CallDifference, CallText } from './store'
import { showView } from '../state/view'
import { ColumnHeads } from '../shared/ColumnHeads'
import { TableScroll } from '../shared/TableScroll'

/** Differences listed in a cell before "+n more". */
const SHOWN = 3

/** A verdict in a few words: correct, the error type, or unfinished. */
function verdictOf(a: AttemptRow | undefined, t: TFunction): { text: string; className: string } {
  if (!a) return { text: t('analysis.forks.missing'), className: '' }
  if (!a.finished || !a.verdict) return { text: t('analysis.forks.unfinished'), className: '' }
  if (a.verdict.correct) return { text: t('analysis.forks.correct'), className: 'analysis-ok' }
  return { text: t(`analysis.errorTypes.${a.verdict.errorType ?? 'other'}`, { defaultValue: a.verdict.errorType ?? '' }), className: 'analysis-bad' }
}

/** A verdict that opens its attempt in the replay. */
function VerdictCell({ attempt, label }: { attempt: AttemptRow | undefined; label: (verdict: string) => string }) {
  const { t } = useTranslation()
  const verdict = verdictOf(attempt, t)
  return (
    <td className={verdict.className}>
      {attempt ? (
        <button type="button" className="analysis-link" onClick={() => showView('replay', [attempt.id])} aria-label={label(verdict.text)}>
          {verdict.text}
        </button>
      ) : (
        verdict.text
      )}
    </td>
  )
}

const clip = (text: string, n = 60) => (text.length > n ? `${text.slice(0, n - 1)}…` : text)

function Call({ call }: { call: CallText | undefined }) {
  const { t } = useTranslation()
  if (!call) return <>{t('analysis.forks.noCall')}</>
  return <code className={call.withdrawn ? 'analysis-withdrawn' : undefined}>{clip(`${call.name} ${call.arguments}`)}</code>
}

function Differences({ list }: { list: readonly CallDifference[] }) {
  const { t } = useTranslation()
  return (
    <>
      <span>{t('analysis.forks.differCount', { count: list.length })}</span>
      {list.length > 0 && (
        <ul className="analysis-fork-diffs">
          {list.slice(0, SHOWN).map((d) => (
            <li key={d.n}>
              {t('analysis.forks.callN', { n: d.n })} {t('analysis.forks.parentCall')} <Call call={d.parent} /> · {t('analysis.forks.forkCall')}{' '}
              <Call call={d.fork} />
            </li>
          ))}
          {list.length > SHOWN && <li>{t('analysis.forks.more', { count: list.length - SHOWN })}</li>}
        </ul>
      )}
    </>
  )
}

/** Forks of stored attempts beside their parents (Amend and replay): the verdicts, and where the calls part. */
export function ForksTable() {
  const { t } = useTranslation()
  const forks = useAnalysis((s) => s.forks)
  if (forks.length === 0) return null
  const columns = ['task', 'actor', 'step', 'parent', 'fork', 'differ'] as const
  return (
    <div className="analysis-section analysis-forks">
      <h3 id="analysis-forks">{t('analysis.forks.heading')}</h3>
      <p className="analysis-hint">{t('analysis.forks.hint')}</p>
      <TableScroll label={t('analysis.forks.heading')}>
        <table className="analysis-table" data-testid="forks">
          <caption className="visually-hidden">{t('analysis.forks.heading')}</caption>
          <ColumnHeads labels={columns.map((c) => t(`analysis.forks.columns.${c}`))} />
          <tbody>
            {forks.map(({ fork, parent, step, differences }) => (
              <tr key={fork.id}>
                <th scope="row">{fork.taskId}</th>
                <td>{fork.actor}</td>
                <td className="num">{step}</td>
                <VerdictCell attempt={parent} label={(verdict) => t('analysis.forks.openParent', { actor: fork.actor, verdict })} />
                <VerdictCell attempt={fork} label={(verdict) => t('analysis.forks.openFork', { actor: fork.actor, verdict })} />
                <td>
                  <Differences list={differences} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  )
}
