import { memo, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowDown, ArrowUp, Copy, Plus, Trash2 } from 'lucide-react'
import { APPS } from '../core'
import type { AppInfo, PhoneRecord } from '../core'
import {
  addRecord,
  deleteRecord,
  duplicateRecord,
  editDraft,
  moveRecord,
  readPastedRecords,
  setRecordField,
  setRecords,
  useAuthoring,
} from './store'
import { Findings } from './Findings'
import { parseCell, valueLabel } from './values'

/** The task's records, app by app: one table per app with that app's fields, and the keys it does not know after them. */
export function RecordsEditor() {
  const { t, i18n } = useTranslation()
  const records = useAuthoring((s) => s.draft?.records)
  const findings = useAuthoring((s) => s.findings)
  const [appKey, setAppKey] = useState<string>(() => APPS.find((a) => (records?.[a.key]?.length ?? 0) > 0)?.key ?? 'contacts')
  const app = APPS.find((a) => a.key === appKey) ?? APPS.find((a) => a.key === 'contacts')
  if (!records || !app) return null
  const zh = i18n.language.startsWith('zh')
  return (
    <section className="editor-card records" aria-labelledby="editor-records-heading">
      <h3 id="editor-records-heading">{t('authoring.recordsHeading')}</h3>
      <div className="app-tabs" role="group" aria-label={t('authoring.apps')}>
        {APPS.map((a) => {
          const count = records[a.key]?.length ?? 0
          const flagged = findings.some((f) => f.place === `records:${a.key}`)
          return (
            <button key={a.key} type="button" aria-pressed={a.key === app.key} className={flagged ? 'flagged' : undefined} onClick={() => setAppKey(a.key)}>
              {zh ? a.label.zh : a.label.en} <span className="count">{count}</span>
            </button>
          )
        })}
      </div>
      {/* Every app's findings, not only the shown one's: each names its app. */}
      {APPS.map((a) => (
        <Findings key={a.key} place={`records:${a.key}`} />
      ))}
      <AppTable app={app} list={records[app.key] ?? []} zh={zh} />
      <PasteJson app={app} zh={zh} count={records[app.key]?.length ?? 0} />
    </section>
  )
}

function AppTable({ app, list, zh }: { app: AppInfo; list: readonly PhoneRecord[]; zh: boolean }) {
  const { t } = useTranslation()
  const known = app.fields.map((f) => f.key)
  const extraKeys = [...new Set(list.flatMap((r) => Object.keys(r)))].filter((k) => !known.includes(k)).join('\n')
  // The same columns object while the app and its keys stay, so that rows whose record did not change are not drawn again.
  const columns = useMemo(
    () => [
      ...app.fields.map((f) => ({ key: f.key, label: zh ? f.zh : f.en, unknown: false })),
      ...(extraKeys === '' ? [] : extraKeys.split('\n')).map((key) => ({ key, label: key, unknown: true })),
    ],
    [app, zh, extraKeys],
  )
  const appName = zh ? app.label.zh : app.label.en
  return (
    <>
      <div className="records-scroll" role="region" aria-label={t('authoring.recordsOf', { app: appName })} tabIndex={0}>
        <table className="records-table">
          <caption className="sr-only">{t('authoring.recordsOf', { app: appName })}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.unknown ? 'unknown' : undefined} title={c.unknown ? t('authoring.unknownField') : c.key}>
                  {c.label}
                  {c.unknown && <span className="sr-only"> ({t('authoring.unknownField')})</span>}
                </th>
              ))}
              <th scope="col">{t('authoring.recordActions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((record, i) => (
              <RecordRow key={i} app={app.key} index={i} count={list.length} record={record} columns={columns} />
            ))}
          </tbody>
        </table>
      </div>
      {list.length === 0 && <p className="editor-hint">{t('authoring.noRecords', { app: appName })}</p>}
      <div className="editor-row">
        <button type="button" onClick={() => editDraft((c) => addRecord(c, app.key))}>
          <Plus size={14} aria-hidden="true" /> {t('authoring.addRecord', { app: appName })}
        </button>
      </div>
    </>
  )
}

const RecordRow = memo(function RecordRow({ app, index, count, record, columns }: { app: string; index: number; count: number; record: PhoneRecord; columns: readonly { key: string; label: string }[] }) {
  const { t } = useTranslation()
  const n = index + 1
  return (
    <tr>
      <th scope="row">{n}</th>
      {columns.map((c) => {
        const value = Object.hasOwn(record, c.key) ? record[c.key] : undefined
        return (
          <td key={c.key}>
            <input
              aria-label={t('authoring.cell', { field: c.label, n })}
              value={value === undefined ? '' : valueLabel(value)}
              onChange={(e) => {
                const text = e.target.value
                // A field emptied that was not there stays out; one that was there keeps an empty value only if it was text.
                editDraft((content) => setRecordField(content, app, index, c.key, text === '' && value === undefined ? undefined : parseCell(text, value)), `record:${app}:${index}:${c.key}`)
              }}
            />
          </td>
        )
      })}
      <td className="row-actions">
        <button type="button" className="icon" aria-label={t('authoring.moveRecordUp', { n })} title={t('authoring.moveRecordUp', { n })} disabled={index === 0} onClick={() => editDraft((c) => moveRecord(c, app, index, -1))}>
          <ArrowUp size={12} aria-hidden="true" />
        </button>
        <button type="button" className="icon" aria-label={t('authoring.moveRecordDown', { n })} title={t('authoring.moveRecordDown', { n })} disabled={index === count - 1} onClick={() => editDraft((c) => moveRecord(c, app, index, 1))}>
          <ArrowDown size={12} aria-hidden="true" />
        </button>
        <button type="button" className="icon" aria-label={t('authoring.duplicateRecord', { n })} title={t('authoring.duplicateRecord', { n })} onClick={() => editDraft((c) => duplicateRecord(c, app, index))}>
          <Copy size={12} aria-hidden="true" />
        </button>
        <button type="button" className="icon danger" aria-label={t('authoring.deleteRecord', { n })} title={t('authoring.deleteRecord', { n })} onClick={() => editDraft((c) => deleteRecord(c, app, index))}>
          <Trash2 size={12} aria-hidden="true" />
        </button>
      </td>
    </tr>
  )
})

/** JSON pasted for the app: an object is one more record, a list of objects its whole list. Anything else is refused and changes nothing. */
function PasteJson({ app, zh, count }: { app: AppInfo; zh: boolean; count: number }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const appName = zh ? app.label.zh : app.label.en
  return (
    <details className="paste-json">
      <summary>{t('authoring.pasteSummary', { app: appName })}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          const read = readPastedRecords(text)
          if ('error' in read) {
            setError(t(`authoring.${read.error}`, { detail: read.detail ?? '' }))
            return
          }
          setError(undefined)
          setText('')
          if (read.kind === 'record') editDraft((c) => addRecord(c, app.key, read.record))
          else editDraft((c) => setRecords(c, app.key, read.list))
        }}
      >
        <label className="editor-field">
          <span>{t('authoring.pasteLabel')}</span>
          <textarea data-own-undo rows={4} value={text} spellCheck={false} aria-invalid={error !== undefined || undefined} aria-describedby={error ? `paste-error-${app.key}` : undefined} onChange={(e) => setText(e.target.value)} />
        </label>
        {error && (
          <p role="alert" className="paste-error" id={`paste-error-${app.key}`}>
            {error}
          </p>
        )}
        <button type="submit" disabled={text.trim() === ''}>
          {t('authoring.pasteApply')}
        </button>
        <p className="editor-hint">{t('authoring.pasteHint', { count })}</p>
      </form>
    </details>
  )
}

