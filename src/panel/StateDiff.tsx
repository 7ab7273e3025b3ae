import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { appInfo, verifyOf } from '../core'
import type { AttemptOutcome, ExpectedChange, LiveView, PhoneRecord, StateMismatch, Task } from '../core'
import type { Language } from '../i18n'
import { stateDiffRows } from './stateDiffRows'
import type { StateDiffField, StateDiffRow } from './stateDiffRows'

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function appName(app: string, language: Language): string {
  const info = appInfo(app)
  return info ? (language === 'zh' ? info.label.zh : info.label.en) : app
}

/** A record in a few words: its first three fields the app lists (a name, a time, a title), each cut short. */
function summary(app: string, record: PhoneRecord | undefined): string {
  if (!record) return ''
  const keys = appInfo(app)?.fields.map((f) => f.key) ?? []
  const parts = keys.filter((k) => Object.hasOwn(record, k) && record[k] !== null && record[k] !== '').slice(0, 3)
  const cut = (s: string) => (s.length > 40 ? `${s.slice(0, 39)}…` : s)
  return (parts.length > 0 ? parts : Object.keys(record).slice(0, 3)).map((k) => cut(show(record[k]))).join(' · ')
}

/** A field's name: in English, its label with the stored key beside it (expected changes name the stored key). */
function fieldName(app: string, key: string, language: Language): string {
  const known = appInfo(app)?.fields.find((f) => f.key === key)
  return known && language !== 'zh' ? `${known.en} · ${key}` : key
}

function whereText(where: Record<string, unknown> | undefined): string {
  return Object.entries(where ?? {})
    .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
    .join(', ')
}

function expectedText(t: TFunction, k: number, exp: ExpectedChange | undefined, language: Language): string {
  if (!exp) return ''
  const op = t(`livePhone.expectedOps.${exp.op}`)
  const app = appName(exp.app, language)
  return exp.where ? t('livePhone.expectedWhere', { n: k + 1, op, app, where: whereText(exp.where) }) : t('livePhone.expected', { n: k + 1, op, app })
}

function acceptableText(t: TFunction, f: StateDiffField): string {
  if (!f.expected) return ''
  const values = f.expected.filter((v) => v !== null).map(show)
  if (f.expected.includes(null)) values.push(t('livePhone.mayBeAbsent'))
  return values.join(' · ')
}

/** What the verdict says about a field, in words. */
function fieldResult(t: TFunction, row: StateDiffRow, f: StateDiffField): string {
  const m = f.mismatch
  if (m) return reasonText(t, m)
  // A change no expected change accounts for says so once, in its status.
  if (row.expected === undefined) return ''
  if (f.expected) return t('livePhone.fieldOk')
  if (row.op === 'insert') return t('livePhone.fieldFree')
  return ''
}

function reasonText(t: TFunction, m: StateMismatch): string {
  const got = Object.hasOwn(m, 'got') ? show(m.got) : t('livePhone.absent')
  const expected = (m.expected ?? []).map((v) => (v === null ? t('livePhone.absent') : show(v))).join(' · ')
  switch (m.reason) {
    case 'wrong_value':
      return t('livePhone.reasons.wrong_value', { field: m.field, got, expected })
    case 'changed':
      return t('livePhone.reasons.changed', { field: m.field, got, expected })
    case 'wrong_op':
      return t('livePhone.reasons.wrong_op', { expectedOp: t(`livePhone.opPast.${m.op}`), gotOp: t(`livePhone.opPast.${String(m.got)}`, { defaultValue: String(m.got) }) })
    case 'collateral':
      return m.field !== undefined ? t('livePhone.reasons.collateralField', { field: m.field, got, expected }) : t('livePhone.reasons.collateral')
    case 'where':
      return t('livePhone.reasons.where', { got })
    case 'not_made':
      return t('livePhone.reasons.not_made')
  }
}

function Row({ row, expected, language }: { row: StateDiffRow; expected: readonly ExpectedChange[]; language: Language }) {
  const { t } = useTranslation()
  const status =
    row.expected === undefined
      ? t('livePhone.notExpected')
      : row.ok
        ? t('livePhone.matches', { n: row.expected + 1 })
        : t('livePhone.failsExpected', { n: row.expected + 1 })
  const opLabel = row.change ? t(`livePhone.ops.${row.op}`) : row.ok ? t('livePhone.alreadySo') : t('livePhone.notMade')
  const title = summary(row.app, row.record)
  // Findings not on one field (not made, the wrong op, a collateral insert or delete, a bad `where`) are said below the table.
  // A collateral insert or delete says so in its status already.
  const general = row.mismatches.filter((m) => m.field === undefined && m.reason !== 'collateral')
  const showBefore = row.op !== 'insert' || !row.change
  const showAfter = row.op !== 'delete' || !row.change
  // Acceptable values and results only where the verdict checked something (not for a deletion's fields, say).
  const checked = row.fields.some((f) => f.expected !== undefined || f.mismatch !== undefined) || (row.op === 'update' && row.expected !== undefined)
  const caption = `${opLabel}${title ? `: ${title}` : ''} — ${status}`
  const beforeLabel = row.change ? t('livePhone.before') : t('livePhone.recordFields')
  return (
    <li className={`state-row ${row.ok ? 'ok' : 'bad'} op-${row.op}${row.change ? '' : ' unmade'}`}>
      <p className="state-row-head">
        <span className={`op-tag op-${row.change ? row.op : 'none'}`}>{opLabel}</span>
        {title && <strong>{title}</strong>}
        <span className="state-row-status">{status}</span>
      </p>
      {row.expected !== undefined && <p className="state-row-expected">{expectedText(t, row.expected, expected[row.expected], language)}</p>}
      {row.fields.length > 0 && (
        <table className="param-diff state-fields">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('livePhone.field')}</th>
              {showBefore && <th scope="col">{beforeLabel}</th>}
              {showAfter && row.change && <th scope="col">{t('livePhone.after')}</th>}
              {checked && <th scope="col">{t('livePhone.acceptable')}</th>}
              {checked && <th scope="col">{t('livePhone.check')}</th>}
            </tr>
          </thead>
          <tbody>
            {row.fields.map((f) => (
              <tr key={f.field} className={f.mismatch ? 'bad' : f.changed ? 'changed' : ''}>
                <th scope="row">{fieldName(row.app, f.field, language)}</th>
                {showBefore && (
                  <td data-label={beforeLabel}>{Object.hasOwn(f, 'before') ? <span className={row.change && f.changed ? 'before' : ''}>{show(f.before)}</span> : t('livePhone.absent')}</td>
                )}
                {showAfter && row.change && <td data-label={t('livePhone.after')}>{Object.hasOwn(f, 'after') ? show(f.after) : t('livePhone.absent')}</td>}
                {checked && (
                  <td data-label={t('livePhone.acceptable')}>
                    {acceptableText(t, f) || (row.op === 'update' && row.expected !== undefined && !f.expected ? t('livePhone.unchangedOnly') : '—')}
                  </td>
                )}
                {checked && <td data-label={t('livePhone.check')}>{fieldResult(t, row, f)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {general.length > 0 && (
        <ul className="state-reasons">
          {general.map((m, i) => (
            <li key={i}>{reasonText(t, m)}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

/**
 * Beside the call diff, in live state: the state verdict and the calls' own,
 * which of them the task's verify mode counts, and the changes per app, each
 * tied to the expected change it matched or to why it failed.
 */
export function StateDiff({ verdict, task, live }: { verdict: AttemptOutcome; task: Task; live: LiveView | undefined }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const state = verdict.state
  const expected = useMemo(() => task.live?.expectedState ?? [], [task])
  const apps = useMemo(() => (state ? stateDiffRows(state, live?.changes ?? [], expected) : []), [state, live, expected])
  if (!state) return null
  const verify = verifyOf(task.live)
  const callsVerdict = verdict.calls ?? { correct: verdict.correct, errorType: verdict.errorType }
  const countsState = verify !== 'calls'
  const countsCalls = verify !== 'state'
  const label = (ok: boolean, type: string) => (ok ? t('livePhone.verdictCorrect') : t('livePhone.verdictWrong', { type }))
  return (
    <section className="state-diff" aria-labelledby="state-diff-title">
      <h3 id="state-diff-title">{t('livePhone.stateDiff')}</h3>
      <dl className="verdicts">
        <div className={state.correct ? 'ok' : 'bad'}>
          <dt>{t('livePhone.stateVerdict')}</dt>
          <dd>
            {label(state.correct, t(`livePhone.stateErrorTypes.${state.errorType ?? 'wrong_change'}`))}{' '}
            <span className="counts">({countsState ? t('livePhone.usedByVerify') : t('livePhone.notUsedByVerify')})</span>
          </dd>
        </div>
        <div className={callsVerdict.correct ? 'ok' : 'bad'}>
          <dt>{t('livePhone.callsVerdict')}</dt>
          <dd>
            {label(callsVerdict.correct, t(`panel.errorTypes.${callsVerdict.errorType ?? 'other'}`))}{' '}
            <span className="counts">({countsCalls ? t('livePhone.usedByVerify') : t('livePhone.notUsedByVerify')})</span>
          </dd>
        </div>
      </dl>
      <p className="verify-mode">{t(`livePhone.verify.${verify}`)}</p>
      {apps.length === 0 ? (
        <p className="hint">{t('livePhone.noStateChanges')}</p>
      ) : (
        apps.map(({ app, rows }) => (
          <section key={app} className="state-app" aria-label={appName(app, language)}>
            <h4>{appName(app, language)}</h4>
            <ul className="state-rows">
              {rows.map((row) => (
                <Row key={`${row.id ?? ''}-${row.expected ?? -1}`} row={row} expected={expected} language={language} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  )
}
