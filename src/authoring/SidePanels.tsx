import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { describeChanges } from '../core'
import { checkSolvability, loadHistory, saveProfileText, useAuthoring } from './store'
import { Findings } from './Findings'

/** The validator's counts, the findings that belong to no one field, and the oracle's solvability check. */
export function ChecksCard() {
  const { t } = useTranslation()
  const findings = useAuthoring((s) => s.findings)
  const solvability = useAuthoring((s) => s.solvability)
  const errors = findings.filter((f) => f.level === 'error').length
  const warnings = findings.length - errors
  return (
    <section className="editor-card checks" aria-labelledby="editor-checks-heading">
      <h3 id="editor-checks-heading">{t('authoring.checksHeading')}</h3>
      <p role="status" className={errors > 0 ? 'lint-summary bad' : warnings > 0 ? 'lint-summary warn' : 'lint-summary ok'}>
        {errors + warnings === 0
          ? t('authoring.lintClean')
          : t('authoring.lintCounts', { errors: t('authoring.lintErrors', { count: errors }), warnings: t('authoring.lintWarnings', { count: warnings }) })}
      </p>
      <Findings place="general" />
      <div className="editor-row">
        <button type="button" onClick={() => void checkSolvability()} disabled={solvability === 'running'}>
          {t('authoring.checkSolvability')}
        </button>
      </div>
      {solvability !== undefined && (
        <p role="status" className={solvability === 'running' ? 'solvability' : solvability.solved ? 'solvability ok' : 'solvability bad'}>
          {solvability === 'running'
            ? t('authoring.solving')
            : solvability.solved
              ? t('authoring.solved')
              : t('authoring.notSolved', { detail: solvability.detail ?? '' })}
        </p>
      )}
    </section>
  )
}

/** After a save: the revision number and the attempts whose verdict the revision flipped. */
export function SavedCard() {
  const { t } = useTranslation()
  const saved = useAuthoring((s) => s.saved)
  const error = useAuthoring((s) => s.saveError)
  const conflict = useAuthoring((s) => s.saveConflict)
  if (!saved && !error && !conflict) return null
  return (
    <section className="editor-card saved" aria-labelledby="editor-saved-heading">
      <h3 id="editor-saved-heading">{t('authoring.savedHeading')}</h3>
      {error && <p role="alert">{t('authoring.saveFailed', { error })}</p>}
      {conflict && <p role="alert">{t('authoring.saveConflict', { rev: conflict.rev })}</p>}
      {saved && (
        <>
          <p role="status">{t('authoring.savedAs', { rev: saved.rev })}</p>
          {saved.flips.length === 0 ? (
            <p>{t('authoring.noFlips')}</p>
          ) : (
            <table className="flips">
              <caption>{t('authoring.flipsCaption', { count: saved.flips.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('authoring.person')}</th>
                  <th scope="col">{t('authoring.verdictChange')}</th>
                  <th scope="col">{t('authoring.attempt')}</th>
                </tr>
              </thead>
              <tbody>
                {saved.flips.map((f) => (
                  <tr key={f.attemptId}>
                    <th scope="row">{f.actor}</th>
                    <td>
                      <span className={f.before ? 'flip-verdict ok' : 'flip-verdict bad'}>{t(f.before ? 'authoring.correct' : 'authoring.wrong')}</span> →{' '}
                      <span className={f.after ? 'flip-verdict ok' : 'flip-verdict bad'}>{t(f.after ? 'authoring.correct' : 'authoring.wrong')}</span>
                    </td>
                    <td>
                      <code>{f.attemptId.slice(0, 8)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  )
}

/** The data set's profile, shared by every task: shown, and edited as profile.json (an edit is for the whole data set). */
export function ProfileCard() {
  const { t } = useTranslation()
  const context = useAuthoring((s) => s.context)
  const [text, setText] = useState<string>()
  const [outcome, setOutcome] = useState<{ problems: string[] } | { flips: number }>()
  const [saving, setSaving] = useState(false)
  if (!context) return null
  const p = context.profile
  const save = async () => {
    if (text === undefined) return
    setSaving(true)
    const result = await saveProfileText(text)
    setSaving(false)
    if ('problems' in result) return setOutcome(result)
    setOutcome({ flips: result.flips.length })
    setText(undefined)
  }
  return (
    <section className="editor-card profile" aria-labelledby="editor-profile-heading">
      <h3 id="editor-profile-heading">{t('authoring.profileHeading')}</h3>
      {text === undefined ? (
        <>
          <dl>
            <dt>{t('authoring.profileName')}</dt>
            <dd>{p.name}</dd>
            <dt>{t('authoring.profileOccupation')}</dt>
            <dd>{p.occupation}</dd>
            <dt>{t('authoring.profilePhone')}</dt>
            <dd>{p.phone}</dd>
            <dt>{t('authoring.profileAccount')}</dt>
            <dd>{p.paymentAccount}</dd>
            <dt>{t('authoring.profileNow')}</dt>
            <dd>
              {p.now} ({p.weekday})
            </dd>
            <dt>{t('authoring.profileFamily')}</dt>
            <dd>{p.family.map((f) => `${f.name} (${f.relation})`).join(', ') || '—'}</dd>
          </dl>
          <p className="editor-hint">{context.hasProfile ? t('authoring.profileShared') : t('authoring.profilePublished')}</p>
          {outcome && 'flips' in outcome && (
            <p role="status" className="editor-hint">
              {t('authoring.profileSaved', { count: outcome.flips })}
            </p>
          )}
          <button
            type="button"
            onClick={() => {
              setOutcome(undefined)
              setText(JSON.stringify(p, null, 2))
            }}
          >
            {t('authoring.profileEdit')}
          </button>
        </>
      ) : (
        <>
          <label className="editor-profile-text" data-own-undo>
            {t('authoring.profileJson')}
            <textarea rows={14} spellCheck={false} value={text} onChange={(e) => setText(e.target.value)} />
          </label>
          {outcome && 'problems' in outcome && (
            <div role="alert" className="editor-notice">
              {outcome.problems.map((problem) => (
                <p key={problem}>{problem}</p>
              ))}
            </div>
          )}
          <div className="editor-row">
            <button type="button" className="primary" disabled={saving} onClick={() => void save()}>
              {t('authoring.profileSave')}
            </button>
            <button type="button" onClick={() => setText(undefined)}>
              {t('authoring.profileCancel')}
            </button>
          </div>
        </>
      )}
    </section>
  )
}

/** The task's revisions, oldest first, each with what it changed against the one before. */
export function HistoryCard() {
  const { t } = useTranslation()
  const storedId = useAuthoring((s) => s.storedId)
  const history = useAuthoring((s) => s.history)
  const saved = useAuthoring((s) => s.saved)
  useEffect(() => {
    if (storedId !== undefined) void loadHistory()
  }, [storedId, saved])
  if (storedId === undefined) return null
  return (
    <section className="editor-card history" aria-labelledby="editor-history-heading">
      <h3 id="editor-history-heading">{t('authoring.historyHeading')}</h3>
      {history?.error && <p role="alert">{history.error}</p>}
      {history && history.rows.length === 0 && !history.error && <p className="editor-hint">{t('authoring.noHistory')}</p>}
      {history && history.rows.length > 0 && (
        <ol className="revisions" reversed>
          {[...history.rows].reverse().map((row) => {
            const at = history.rows.indexOf(row)
            const previous = at > 0 ? history.rows[at - 1] : undefined
            const changes = previous ? describeChanges(previous.content, row.content) : []
            return (
              <li key={row.rev}>
                <div className="revision-head">
                  <strong>{t('authoring.revision', { rev: row.rev })}</strong> · {row.author || '—'} · <time dateTime={new Date(row.at).toISOString()}>{new Date(row.at).toLocaleString()}</time>
                </div>
                {row.rev === 0 || !previous ? (
                  <p className="editor-hint">{/* Revision 0 of an imported task is stored by no one, at the import. */ row.author === '' ? t('authoring.asImported') : t('authoring.newTaskRevision')}</p>
                ) : changes.length === 0 ? (
                  <p className="editor-hint">{t('authoring.noChanges')}</p>
                ) : (
                  <ul className="changes">
                    {changes.map((c, i) => (
                      <li key={i} className={`change ${c.part}`}>
                        {c.text}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
