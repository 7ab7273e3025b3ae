import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { AttemptRow } from '../db'
import { useProgress } from '../state/progress'
import { forkFamily, openReplay } from '../state/replay'
import { startedText, verdictClass, verdictText } from './labels'

/** Beside the attempt in the player: the attempt it was forked from, and its own forks; each opens in the player. */
export function ForkLinks({ attempt }: { attempt: AttemptRow }) {
  const { t, i18n } = useTranslation()
  const attempts = useProgress((s) => s.attempts)
  const { parent, forks } = useMemo(() => forkFamily(attempt, attempts), [attempt, attempts])
  const origin = attempt.parent
  if (!origin && forks.length === 0) return null
  const when = (a: AttemptRow) => startedText(a.started, i18n.language)
  return (
    <div className="replay-forks">
      {origin &&
        (parent ? (
          <p className="replay-fork-of">
            {t('replay.fork.of', { step: origin.step, actor: parent.actor, started: when(parent) })}{' '}
            <button
              type="button"
              className="replay-link"
              onClick={() => void openReplay(parent.id)}
              aria-label={t('replay.fork.openParentLabel', { actor: parent.actor, started: when(parent) })}
            >
              {t('replay.fork.openParent')}
            </button>
          </p>
        ) : (
          <p className="replay-fork-of">{t('replay.fork.ofMissing', { step: origin.step })}</p>
        ))}
      {forks.length > 0 && (
        <section aria-labelledby="replay-fork-list">
          <h4 id="replay-fork-list">{t('replay.fork.list', { count: forks.length })}</h4>
          <ul>
            {forks.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => void openReplay(f.id)}
                  aria-label={t('replay.fork.openFork', { actor: f.actor, step: f.parent?.step ?? 0, started: when(f), verdict: verdictText(f, t) })}
                >
                  <span className="replay-fork-name">{t('replay.fork.item', { actor: f.actor, step: f.parent?.step ?? 0 })}</span>
                  <span className="replay-fork-when">{when(f)}</span>
                  <span className={`replay-verdict ${verdictClass(f)}`}>{verdictText(f, t)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
