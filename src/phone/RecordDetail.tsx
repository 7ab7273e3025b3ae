import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Bot, ChevronLeft, MessageCircle, Pencil, Phone, Reply, Trash2, Video, Wallet } from 'lucide-react'
import { actionAsRecord, appInfo, enumLabel, valueText, whereArguments } from '../core'
import type { AppKey, PhoneRecord, StateChange } from '../core'
import type { Language } from '../i18n'
import { usePhone } from '../state/phone'
import { useSession } from '../state/session'
import { APP_VIEWS } from './appViews'
import { Hero, heroFields } from './apps/Hero'
import { NewBadge } from './apps/Rows'
import type { RowMark } from './apps/Rows'
import { contactNames } from './executed'
import { fieldLabel, isCallable, recordNumber } from './fields'
import { NumberActions, useNumberActions } from './NumberActions'
import { appMarks, changedFieldsOf, markOf } from './liveMarks'
import { usePlacedTools } from './liveSession'
import { actionLabel } from '../shared/labels'

const NO_RECORDS: PhoneRecord[] = []

/** A record's detail: the app's own view of it, every stored field (known or not), and the app's actions prefilled from it. */
export function RecordDetail({ app, index, isNew }: { app: AppKey; index: number; isNew?: boolean }) {
  const { t } = useTranslation()
  const profile = useSession((s) => s.dataset?.profile)
  const step = useSession((s) => (isNew ? s.steps[index] : undefined))
  const stored = useSession((s) => (isNew ? undefined : s.records?.[app]?.[index]))
  const contacts = useSession((s) => s.records?.contacts ?? NO_RECORDS)
  // In live state: the change the attempt made to this record, if any (marks and the fields' values before).
  const change = useSession((s) => (isNew ? undefined : appMarks(s.live, app).byIndex.get(index)))
  const navigate = usePhone((s) => s.navigate)
  const user = { name: profile?.name ?? '', phone: profile?.phone ?? '' }
  const record: PhoneRecord | undefined = step ? actionAsRecord(step, user, contactNames(contacts)) : stored
  if (!record) return <p className="hint">—</p>
  const mark = isNew ? 'new' : markOf(change)
  return (
    <DetailView
      app={app}
      record={record}
      fallbackTitle={t('record', { n: index + 1 })}
      {...(mark ? { mark } : {})}
      {...(change ? { change } : {})}
      {...(isNew ? { executed: true } : {})}
      backLabel={t('back')}
      onBack={() => navigate({ screen: 'app', app })}
    />
  )
}

/**
 * A record drawn as its app draws it, with all its fields. In live state an
 * edited field is marked with its value before; a deleted record is shown
 * read-only, as it was.
 */
export function DetailView(props: {
  app: AppKey
  record: PhoneRecord
  fallbackTitle: string
  mark?: RowMark
  /** The attempt's change to this record (live state). */
  change?: StateChange
  /** An executed action shown as a record: no actions from it. */
  executed?: boolean
  /** A deleted record: read-only, with a note. */
  deleted?: boolean
  backLabel: string
  onBack: () => void
  children?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const { app, record, change, executed, deleted } = props
  const profile = useSession((s) => s.dataset?.profile)
  const navigate = usePhone((s) => s.navigate)
  const placed = usePlacedTools()
  // A planner data set's sub-agents can take work from any record (Delegate…, on the Assistants screen).
  const delegable = useSession((s) => (s.dataset?.agents?.length ?? 0) > 0)
  const reach = useNumberActions()
  const user = { name: profile?.name ?? '', phone: profile?.phone ?? '' }
  const info = appInfo(app)
  if (!info) return <p className="hint">—</p>
  const view = APP_VIEWS[app]
  const title = view.title(record) || props.fallbackTitle
  const prefill = view.prefill?.(record, user)
  const fieldChanges = new Map(changedFieldsOf(change).map((f) => [f.field, f]))
  const inHero = new Set(heroFields(app, executed === true))
  // A changed field always shows in the list, even one the hero draws in full, so that its value before is there.
  const entries: [string, unknown][] = Object.entries(record).filter(([key]) => !inHero.has(key) || fieldChanges.has(key))
  for (const [field, f] of fieldChanges) if (!Object.hasOwn(record, field)) entries.push([field, f.after])
  const actionable = !executed && !deleted
  // Any record with a number to reach (a contact, a message's other side, a trip's or a hotel's contact) offers Call and Message.
  const telephone = recordNumber(record, prefill?.telephone)
  const callActions = telephone !== '' && actionable
  // Tools that edit or delete one record of this app (live data sets), prefilled with what names this record.
  const recordTools = actionable ? (placed?.byApp.get(app) ?? []).filter((p) => p.op === 'update' || p.op === 'delete') : []
  // A stored enum value by its label in the reader's language; what a call submits stays the stored value.
  const shownValue = (value: unknown) => (valueText(value) === '' ? '—' : enumLabel(valueText(value), language))
  return (
    <section className={`record-detail detail-${app}${deleted ? ' is-deleted' : ''}`} aria-label={title}>
      <header className="app-header" style={{ borderColor: view.color }}>
        <button type="button" className="nav-back" onClick={props.onBack} aria-label={props.backLabel}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>
          <NewBadge label={t('newBadge')} mark={props.mark} />
          {title}
        </h2>
      </header>
      {deleted && (
        <p className="deleted-note" role="note">
          <Trash2 size={15} aria-hidden="true" /> {t('livePhone.deletedRecordHint')}
        </p>
      )}
      <Hero app={app} record={record} language={language} t={t} user={user} {...(executed ? { isNew: true } : {})} />
      {callActions && (
        <div className="quick-actions">
          <button type="button" onClick={() => reach.message(telephone)}>
            {app === 'sms' ? <Reply size={20} aria-hidden="true" /> : <MessageCircle size={20} aria-hidden="true" />}
            <span>{app === 'sms' ? t('reply') : t('phoneUi.message')}</span>
          </button>
          <button type="button" onClick={() => reach.voice(telephone)}>
            <Phone size={20} aria-hidden="true" />
            <span>{t('callVoice')}</span>
          </button>
          <button type="button" onClick={() => reach.video(telephone)}>
            <Video size={20} aria-hidden="true" />
            <span>{t('callVideo')}</span>
          </button>
        </div>
      )}
      {entries.length > 0 && (
        <>
          <h3 className="fields-title">{t('phoneUi.allFields')}</h3>
          <dl className="fields">
            {entries.map(([key, value]) => {
              const f = fieldChanges.get(key)
              if (!f)
                return (
                  <div key={key} className="field">
                    <dt>{fieldLabel(app, key, language)}</dt>
                    <dd>{actionable && isCallable(key, value) ? <NumberActions number={value} /> : shownValue(value)}</dd>
                  </div>
                )
              const kind = !Object.hasOwn(f, 'before') ? 'addedField' : !Object.hasOwn(f, 'after') ? 'removedField' : 'changedField'
              return (
                <div key={key} className="field changed">
                  <dt>
                    {fieldLabel(app, key, language)} <span className="badge-edited">{t(`livePhone.${kind}`)}</span>
                  </dt>
                  <dd>{Object.hasOwn(f, 'after') ? shownValue(f.after) : t('livePhone.empty')}</dd>
                  <dd className="was">
                    {t('livePhone.was')}
                    <del>{Object.hasOwn(f, 'before') ? shownValue(f.before) : t('livePhone.empty')}</del>
                  </dd>
                </div>
              )
            })}
          </dl>
        </>
      )}
      {actionable && (
        <div className="detail-actions">
          {app === 'transaction' && prefill && (
            <button type="button" className="app-action" onClick={() => navigate({ screen: 'action', app, tool: 'Consumption_Create', prefill })}>
              <Wallet size={15} aria-hidden="true" /> {t('actions.Consumption_Create')}
            </button>
          )}
          {app === 'contacts' && (
            <button type="button" className="app-action secondary" onClick={() => navigate({ screen: 'action', app, tool: 'Contacts_Create' })}>
              {t('actions.Contacts_Create')}
            </button>
          )}
          {recordTools.map((p) => (
            <button
              key={p.name}
              type="button"
              className={`app-action${p.op === 'delete' ? ' destructive' : ''}`}
              onClick={() => navigate({ screen: 'action', app, tool: p.name, prefill: whereArguments(p.where, record) })}
            >
              {p.op === 'delete' ? <Trash2 size={15} aria-hidden="true" /> : <Pencil size={15} aria-hidden="true" />} {actionLabel(t, p.name)}
            </button>
          ))}
          {delegable && (
            <button type="button" className="app-action secondary" onClick={() => navigate({ screen: 'planner', view: 'assistants', from: { app, record } })}>
              <Bot size={15} aria-hidden="true" /> {t('planner.delegate')}
            </button>
          )}
        </div>
      )}
      {props.children}
    </section>
  )
}
