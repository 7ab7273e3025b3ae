import type { TFunction } from 'i18next'
import { ArrowRight, BedDouble, Bus, CalendarDays, Clock, FileText, MapPin, Paperclip, PhoneOutgoing, Plane, Repeat, Bell, TrainFront, Users, Video } from 'lucide-react'
import type { AppKey, PhoneRecord } from '../../core'
import type { Language } from '../../i18n'
import { Highlight } from '../Highlight'
import { NewBadge } from './Badges'
import type { RowMark } from './Badges'
import { attachments, avatarColor, initials, isOn, join, money, nightsBetween, shown, statusTone, text, weekdayShort } from './format'

// The badges are their own module: the home screen shows them without the rows (#27's first load).
export { NewBadge }
export type { RowMark }

export interface RowProps {
  app: AppKey
  record: PhoneRecord
  /** An executed action shown as a record (static state, or a call with no effect). */
  isNew?: boolean
  mark?: RowMark
  highlight?: string
  language: Language
  t: TFunction
  user: { name: string; phone: string }
  newLabel: string
}

/** Highlighted text. */
export const H = ({ text: s, p }: { text: string; p: string | undefined }) => (
  <span className="hl">
    <Highlight text={s} pattern={p} />
  </span>
)

export function Avatar({ name, size = 40 }: { name: string; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size, background: avatarColor(name), fontSize: size * 0.4 }} aria-hidden="true">
      {initials(name)}
    </span>
  )
}

/** A stored status as a coloured badge (its text as stored). */
export function StatusBadge({ status, p }: { status: string; p?: string | undefined }) {
  if (status === '') return null
  return (
    <span className={`status-badge tone-${statusTone(status)}`}>
      <H text={status} p={p} />
    </span>
  )
}

/** Whether the user paid this transaction (so it reads as money out). */
export function paidByUser(r: PhoneRecord, user: { name: string }): boolean {
  const payer = text(r, '付款人')
  return payer === '' || payer === user.name
}

export function modeIcon(mode: string, size = 16) {
  const m = mode.toLowerCase()
  if (/飞机|plane|flight|air/.test(m)) return <Plane size={size} aria-hidden="true" />
  if (/火车|高铁|动车|train|rail/.test(m)) return <TrainFront size={size} aria-hidden="true" />
  return <Bus size={size} aria-hidden="true" />
}

/** The inside of one list row, drawn as the app draws it. */
export function RowContent(props: RowProps) {
  const { record: r, highlight: p, isNew, mark, newLabel, language, t } = props
  switch (props.app) {
    case 'contacts':
      return (
        <>
          <Avatar name={text(r, '姓名')} />
          <span className="row-main">
            <span className="row-title">
              <NewBadge show={isNew} label={newLabel} mark={mark} />
              <H text={text(r, '姓名')} p={p} />
            </span>
            <span className="row-subtitle">
              <H text={join(text(r, '电话号码'), text(r, '公司'))} p={p} />
            </span>
          </span>
        </>
      )
    case 'sms': {
      const mine = text(r, '发件人电话号码') === props.user.phone || (text(r, '发件人电话号码') === '' && text(r, '发件人姓名') === props.user.name)
      const sender = text(r, '发件人姓名') || text(r, '发件人电话号码')
      const recipient = text(r, '收件人姓名') || text(r, '收件人电话号码')
      const files = attachments(r)
      return (
        <>
          <Avatar name={mine ? recipient : sender} />
          <span className="row-main">
            <span className="row-title">
              <NewBadge show={isNew} label={newLabel} mark={mark} />
              <H text={sender} p={p} />
              {mine && (
                <span className="hl">
                  {' → '}
                  <H text={recipient} p={p} />
                </span>
              )}
              <span className="row-date">{join(text(r, '日期'), text(r, '时间'))}</span>
            </span>
            <span className="row-preview">
              {mine && <span className="muted">{t('phoneUi.you')}: </span>}
              {files.length > 0 && <Paperclip size={12} aria-label={t('phoneUi.attachment')} />}
              <H text={text(r, '正文')} p={p} />
            </span>
          </span>
        </>
      )
    }
    case 'voicemail': {
      if (isNew) {
        const video = text(r, '留言内容').toUpperCase() === 'VIDEO'
        return (
          <>
            <span className="call-icon">{video ? <Video size={18} aria-hidden="true" /> : <PhoneOutgoing size={18} aria-hidden="true" />}</span>
            <span className="row-main">
              <span className="row-title">
                <NewBadge show label={newLabel} />
                <H text={text(r, '来电姓名') || text(r, '来电号码')} p={p} />
              </span>
              <span className="row-subtitle">{join(video ? t('phoneUi.outgoingVideo') : t('phoneUi.outgoingVoice'), text(r, '来电号码'))}</span>
            </span>
          </>
        )
      }
      return (
        <span className="row-main">
          <span className="row-title">
            <NewBadge label={newLabel} mark={mark} />
            <H text={text(r, '来电姓名') || text(r, '来电号码')} p={p} />
            <span className="row-date">{join(text(r, '日期'), text(r, '时间'))}</span>
          </span>
          {text(r, '来电姓名') !== '' && (
            <span className="row-subtitle">
              <H text={text(r, '来电号码')} p={p} />
            </span>
          )}
          <span className="row-preview">
            <H text={text(r, '留言内容')} p={p} />
          </span>
        </span>
      )
    }
    case 'notes':
      return (
        <span className="row-main">
          <span className="row-title">
            <NewBadge show={isNew} label={newLabel} mark={mark} />
            <H text={text(r, '标题') || text(r, '内容').split('\n')[0] || ''} p={p} />
          </span>
          <span className="row-preview">
            <span className="muted">{join(text(r, '创建日期'), text(r, '创建时间'))} </span>
            <H text={text(r, '内容')} p={p} />
          </span>
        </span>
      )
    case 'schedule':
      return (
        <>
          <span className="time-col">
            <span>{text(r, '开始时间')}</span>
            <span className="muted">{text(r, '结束时间')}</span>
          </span>
          <span className="event-bar" aria-hidden="true" />
          <span className="row-main">
            <span className="row-title">
              <NewBadge show={isNew} label={newLabel} mark={mark} />
              <H text={text(r, '标题')} p={p} />
            </span>
            {text(r, '地点') !== '' && (
              <span className="row-subtitle">
                <MapPin size={12} aria-hidden="true" /> <H text={text(r, '地点')} p={p} />
              </span>
            )}
            <span className="row-meta">
              {text(r, '提醒时间') !== '' && (
                <span>
                  <Bell size={11} aria-hidden="true" /> <H text={shown(r, '提醒时间', language)} p={p} />
                </span>
              )}
              {text(r, '重复') !== '' && (
                <span>
                  <Repeat size={11} aria-hidden="true" /> <H text={shown(r, '重复', language)} p={p} />
                </span>
              )}
              {isNew && text(r, '日期') !== '' && <span>{text(r, '日期')}</span>}
            </span>
          </span>
        </>
      )
    case 'meeting':
      return (
        <span className="row-main">
          <span className="row-title">
            <NewBadge show={isNew} label={newLabel} mark={mark} />
            <H text={text(r, '标题')} p={p} />
            <StatusBadge status={text(r, '状态')} p={p} />
          </span>
          <span className="row-subtitle">
            <CalendarDays size={12} aria-hidden="true" />{' '}
            {join(`${text(r, '开始日期')} ${weekdayShort(text(r, '开始日期'), language)}`.trim(), `${text(r, '开始时间')}–${text(r, '结束时间')}`)}
            {text(r, '地点') !== '' && (
              <>
                {'  '}
                <MapPin size={12} aria-hidden="true" /> <H text={text(r, '地点')} p={p} />
              </>
            )}
          </span>
          <span className="row-subtitle">
            <Users size={12} aria-hidden="true" /> <H text={text(r, '参会人')} p={p} />
          </span>
          {text(r, '会议纪要') !== '' && (
            <span className="row-subtitle minutes-flag">
              <FileText size={12} aria-hidden="true" /> {t('phoneUi.minutes')}
            </span>
          )}
        </span>
      )
    case 'alarm': {
      const on = isOn(text(r, '状态'))
      return (
        <span className={`row-main${on ? '' : ' alarm-off'}`}>
          <span className="alarm-time">
            <NewBadge show={isNew} label={newLabel} mark={mark} />
            <H text={text(r, '时间')} p={p} />
          </span>
          <span className="row-subtitle">
            <H text={join(text(r, '闹钟名'), shown(r, '重复', language))} p={p} />
          </span>
        </span>
      )
    }
    case 'transaction': {
      const out = paidByUser(r, props.user)
      const other = out ? text(r, '收款人') : text(r, '付款人')
      return (
        <>
          <Avatar name={other || text(r, '项目')} size={36} />
          <span className="row-main">
            <span className="row-title">
              <NewBadge show={isNew} label={newLabel} mark={mark} />
              <H text={text(r, '项目')} p={p} />
            </span>
            <span className="row-subtitle">
              <H text={join(other, `${text(r, '日期')} ${text(r, '时间')}`.trim())} p={p} />
            </span>
          </span>
          <span className={`amount ${out ? 'out' : 'in'}`}>
            {out ? '−' : '+'}
            {money(r['金额'], language)}
          </span>
        </>
      )
    }
    case 'transport':
      return (
        <span className="card">
          <span className="card-top">
            <span className="mode">
              {modeIcon(text(r, '交通方式'))} <H text={shown(r, '交通方式', language)} p={p} />
            </span>
            <span className="muted">{join(text(r, '日期'), weekdayShort(text(r, '日期'), language))}</span>
            <NewBadge show={isNew} label={newLabel} mark={mark} />
            <StatusBadge status={text(r, '状态')} p={p} />
          </span>
          <span className="trip">
            <span className="stop">
              <span className="stop-time">{text(r, '出发时间') || '—'}</span>
              <span className="stop-place">
                <H text={text(r, '出发地')} p={p} />
              </span>
            </span>
            <ArrowRight size={18} aria-hidden="true" className="trip-arrow" />
            <span className="stop end">
              <span className="stop-time">{text(r, '（预计）到达时间') || '—'}</span>
              <span className="stop-place">
                <H text={text(r, '目的地')} p={p} />
              </span>
            </span>
          </span>
          <span className="card-bottom">
            <span className="muted">
              <H text={join(text(r, '联系人'), text(r, '联系方式'))} p={p} />
            </span>
            {text(r, '（预计）费用') !== '' && <span className="cost">{money(r['（预计）费用'], language)}</span>}
          </span>
        </span>
      )
    case 'accommodation': {
      const nights = nightsBetween(text(r, '入住日期'), text(r, '退宿日期'))
      return (
        <span className="card">
          <span className="card-top">
            <BedDouble size={16} aria-hidden="true" />
            <span className="card-title">
              <H text={text(r, '住宿地点')} p={p} />
            </span>
            <NewBadge show={isNew} label={newLabel} mark={mark} />
            <StatusBadge status={text(r, '状态')} p={p} />
          </span>
          <span className="stay">
            <span>
              <Clock size={12} aria-hidden="true" /> {text(r, '入住日期')} {weekdayShort(text(r, '入住日期'), language)} → {text(r, '退宿日期')}{' '}
              {weekdayShort(text(r, '退宿日期'), language)}
            </span>
            {nights !== undefined && <span className="muted">{t('phoneUi.nights', { count: nights })}</span>}
          </span>
          <span className="card-bottom">
            <span>
              <H text={text(r, '房型')} p={p} />
              {text(r, '数量') !== '' && <span className="muted"> × {text(r, '数量')}</span>}
              <span className="muted"> · </span>
              <span className="muted">
                <H text={text(r, '联系人')} p={p} />
              </span>
            </span>
            {text(r, '费用') !== '' && <span className="cost">{money(r['费用'], language)}</span>}
          </span>
        </span>
      )
    }
  }
}
