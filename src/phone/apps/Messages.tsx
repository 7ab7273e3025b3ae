import { useCallback, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useVirtualizer } from '@tanstack/react-virtual'
import { ChevronLeft, Paperclip, Phone, Reply } from 'lucide-react'
import type { PhoneRecord } from '../../core'
import { usePhone } from '../../state/phone'
import type { ListItem } from '../RecordList'
import { RecordList } from '../RecordList'
import { APP_VIEWS } from '../appViews'
import { Avatar, NewBadge } from './Rows'
import { attachments, baseName, counterpart, join, sentByUser, text } from './format'
import { useAppUi } from './uiState'
import { useEscapeFirst } from '../useEscapeFirst'

type User = { name: string; phone: string }

export interface Thread {
  key: string
  name: string
  phone: string
  items: ListItem[]
}

/**
 * Messages grouped into one thread per counterpart (by number, else by name), oldest message first in each. A
 * thread known by its number alone takes the name `nameOf` gives it (a message the user sent stores the number only).
 */
export function threadsOf(items: readonly ListItem[], user: User, nameOf?: (phone: string) => string | undefined): Thread[] {
  const byKey = new Map<string, Thread>()
  for (const item of items) {
    const other = counterpart(item.record, user)
    const key = other.phone || other.name
    let thread = byKey.get(key)
    if (!thread) {
      thread = { key, name: other.name, phone: other.phone, items: [] }
      byKey.set(key, thread)
    }
    if (thread.name === thread.phone && other.name !== other.phone) thread.name = other.name
    thread.items.push(item)
  }
  const when = (i: ListItem) => (i.isNew ? `~${i.index}` : `${text(i.record, '日期')} ${text(i.record, '时间')}`)
  const threads = [...byKey.values()]
  for (const th of threads) if (th.phone !== '' && th.name === th.phone) th.name = nameOf?.(th.phone) ?? th.name
  for (const th of threads) th.items.sort((a, b) => when(a).localeCompare(when(b)) || a.index - b.index)
  const latest = (th: Thread) => when(th.items[th.items.length - 1] as ListItem)
  return threads.sort((a, b) => latest(b).localeCompare(latest(a)))
}

/** The Messages list: one row per counterpart with the last message and its date. */
export function ThreadList(props: { threads: Thread[]; user: User; label: string; newLabel: string }) {
  const { t } = useTranslation()
  const openThread = useAppUi((s) => s.openThread)
  const byKey = new Map(props.threads.map((th) => [th.key, th]))
  const items: ListItem[] = props.threads.map((th, i) => {
    const lastItem = th.items[th.items.length - 1] as ListItem
    // A thread is New when it has a new message, else Edited when one was edited (live state).
    const mark = th.items.some((x) => x.isNew || x.mark === 'new') ? 'new' : th.items.some((x) => x.mark === 'edited') ? 'edited' : undefined
    return { index: i, record: { ...lastItem.record, __thread: th.key }, ...(mark ? { mark } : {}) }
  })
  return (
    <RecordList
      app="sms"
      items={items}
      user={props.user}
      grouped={false}
      label={props.label}
      newLabel={props.newLabel}
      rowHeight={74}
      rowLabel={(item) => byKey.get(String(item.record['__thread']))?.name ?? ''}
      onOpen={(item) => openThread(String(item.record['__thread']))}
      render={(item) => {
        const th = byKey.get(String(item.record['__thread']))
        if (!th) return null
        const r = item.record
        const files = attachments(r)
        return (
          <>
            <Avatar name={th.name} />
            <span className="row-main">
              <span className="row-title">
                <NewBadge label={props.newLabel} mark={item.mark} />
                {th.name}
                <span className="row-date">{join(text(r, '日期'), text(r, '时间'))}</span>
              </span>
              <span className="row-preview">
                {sentByUser(r, props.user) && <span className="muted">{t('phoneUi.you')}: </span>}
                {files.length > 0 && <Paperclip size={12} aria-label={t('phoneUi.attachment')} />}
                {text(r, '正文')}
                <span className="muted"> ({t('phoneUi.messageCount', { count: th.items.length })})</span>
              </span>
            </span>
          </>
        )
      }}
    />
  )
}

/** One conversation: bubbles by sender (the user's on the right), each opening its record; Reply prefilled with the counterpart's number. */
export function ThreadView({ thread, user }: { thread: Thread; user: User }) {
  const { t } = useTranslation()
  const navigate = usePhone((s) => s.navigate)
  const openThread = useAppUi((s) => s.openThread)
  const parent = useRef<HTMLDivElement>(null)
  const count = thread.items.length
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual returns functions by design.
  const virtualizer = useVirtualizer({ count, getScrollElement: () => parent.current, estimateSize: () => 90, overscan: 6 })
  useEffect(() => {
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' })
  }, [count, virtualizer])
  const closeThread = useCallback(() => openThread(undefined), [openThread])
  // Escape closes the thread, not the app.
  useEscapeFirst(closeThread)
  const reply = { telephone: thread.phone }
  const title = t('phoneUi.conversationWith', { name: thread.name })
  return (
    <section className="thread-view" aria-label={title}>
      <header className="app-header thread-header" style={{ borderColor: APP_VIEWS.sms.color }}>
        <button type="button" className="nav-back" onClick={() => openThread(undefined)} aria-label={t('back')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <Avatar name={thread.name} size={32} />
        <h2>
          {thread.name}
          {thread.phone !== '' && thread.phone !== thread.name && <small>{thread.phone}</small>}
        </h2>
        {thread.phone !== '' && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('callVoice')}
            onClick={() => navigate({ screen: 'action', app: 'voicemail', tool: 'Phone_Call', prefill: { telephone: thread.phone } })}
          >
            <Phone size={18} aria-hidden="true" />
          </button>
        )}
      </header>
      <div className="bubbles" ref={parent} role="list" aria-label={title}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = thread.items[v.index]
            if (!item) return null
            const r: PhoneRecord = item.record
            const mine = sentByUser(r, user)
            const files = attachments(r)
            const when = join(text(r, '日期'), text(r, '时间'))
            const sender = mine ? t('phoneUi.you') : text(r, '发件人姓名') || text(r, '发件人电话号码')
            return (
              <div
                key={v.key}
                ref={virtualizer.measureElement}
                data-index={v.index}
                role="listitem"
                className={`bubble-row ${mine ? 'mine' : 'theirs'}`}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}
              >
                <button
                  type="button"
                  className="bubble"
                  aria-label={t('phoneUi.messageFrom', { name: sender, when: when || '—' })}
                  onClick={() => navigate({ screen: 'record', app: 'sms', index: item.index, ...(item.isNew ? { isNew: true } : {}) })}
                >
                  <NewBadge show={item.isNew} label={t('newBadge')} mark={item.mark} />
                  <span className="bubble-text">{text(r, '正文')}</span>
                  {files.map((f) => (
                    <span key={f} className="attachment" title={f}>
                      <Paperclip size={13} aria-hidden="true" /> {baseName(f)}
                    </span>
                  ))}
                </button>
                <span className="bubble-meta">{join(when, text(r, '状态'))}</span>
              </div>
            )
          })}
        </div>
      </div>
      <div className="reply-bar">
        <button type="button" className="app-action" onClick={() => navigate({ screen: 'action', app: 'sms', tool: 'Messages_Send', prefill: reply })}>
          <Reply size={15} aria-hidden="true" /> {t('reply')}
        </button>
      </div>
    </section>
  )
}
