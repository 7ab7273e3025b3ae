import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useProgress } from '../state/progress'
import { NO_FILTERS, openReplay, replayRows, useReplay } from '../state/replay'
import { useSession } from '../state/session'
import { attemptTitle, startedText, verdictClass, verdictText } from './labels'

/** The recorded attempts the filters let through; a row opens its attempt in the player. */
export function AttemptList() {
  const { t, i18n } = useTranslation()
  const attempts = useProgress((s) => s.attempts)
  const tasks = useSession((s) => s.tasks)
  const filters = useReplay((s) => s.filters)
  const openId = useReplay((s) => s.attempt?.id)
  const rows = useMemo(() => replayRows(attempts, tasks, filters), [attempts, tasks, filters])
  const total = useMemo(() => replayRows(attempts, tasks, NO_FILTERS).length, [attempts, tasks])
  return (
    <section className="replay-card replay-list" aria-labelledby="replay-attempts">
      <h3 id="replay-attempts">
        {t('replay.attempts')} <span className="replay-count">{t('replay.count', { shown: rows.length, total })}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="replay-empty">{t('replay.empty')}</p>
      ) : (
        <ul>
          {rows.map((a) => {
            const started = startedText(a.started, i18n.language)
            return (
              <li key={a.id}>
                <button
                  type="button"
                  aria-current={a.id === openId ? 'true' : undefined}
                  // Named with its start and whether it counts: one person's attempts at one task are told apart.
                  aria-label={t(a.afterGold ? 'replay.openPractice' : 'replay.openAt', { task: a.taskId, actor: a.actor, started })}
                  onClick={() => void openReplay(a.id)}
                >
                  <span className="replay-row-title">{attemptTitle(a, t)}</span>
                  <span className={`replay-verdict ${verdictClass(a)}`}>{verdictText(a, t)}</span>
                  <span className="replay-row-steps">
                    <time dateTime={new Date(a.started).toISOString()}>{started}</time>
                    {t('replay.steps', { count: a.callCount ?? 0 })}
                    {a.parent && <span className="replay-fork-tag"> · {t('replay.fork.tag', { step: a.parent.step })}</span>}
                    {a.afterGold && <span className="replay-practice-tag"> · {t('blind.practiceTag')}</span>}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
