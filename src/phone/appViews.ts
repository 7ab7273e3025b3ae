import type { LucideIcon } from 'lucide-react'
import { AlarmClock, BedDouble, Brain, CalendarDays, MessageCircle, Phone, Plane, StickyNote, User, Users, Wallet } from 'lucide-react'
import type { AppKey, PhoneRecord } from '../core'
import { counterpart, join, letter, text } from './apps/format'

/** How an app lists its records and what its action takes from the record in view. */
export interface AppView {
  icon: LucideIcon
  color: string
  /** The row's main line and second line (also used by the home screen's search hits). */
  title: (r: PhoneRecord) => string
  subtitle: (r: PhoneRecord) => string
  /** A trailing value (amount, time, status). */
  trailing?: (r: PhoneRecord) => string
  /** Section heading a row falls under while browsing (A–Z, a day). */
  group?: (r: PhoneRecord, user: { name: string; phone: string }) => string
  /** Browsing order: records sort by this key (ascending, or descending when `newestFirst`). */
  sortKey?: (r: PhoneRecord) => string
  newestFirst?: boolean
  /** Height of one list row in pixels (the list is virtualised with fixed rows). */
  rowHeight: number
  /** Parameters of the app's action, prefilled from a record (Call from a contact, Reply from a message). */
  prefill?: (r: PhoneRecord, user: { name: string; phone: string }) => Record<string, unknown>
}

/** The apps' looks: the ten phone apps', and memory's. Fields an app does not know still show in the record's detail view. */
export const APP_VIEWS: Record<AppKey, AppView> = {
  contacts: {
    icon: User,
    color: '#8e8e93',
    title: (r) => text(r, '姓名'),
    subtitle: (r) => join(text(r, '电话号码'), text(r, '公司')),
    group: (r) => letter(text(r, '姓名')),
    sortKey: (r) => `${letter(text(r, '姓名'))} ${text(r, '姓名').toLowerCase()}`,
    rowHeight: 60,
    prefill: (r) => ({ telephone: text(r, '电话号码') }),
  },
  sms: {
    icon: MessageCircle,
    color: '#34c759',
    title: (r) => text(r, '发件人姓名') || text(r, '发件人电话号码'),
    subtitle: (r) => text(r, '正文'),
    trailing: (r) => join(text(r, '日期'), text(r, '时间')),
    rowHeight: 74,
    prefill: (r, user) => ({ telephone: counterpart(r, user).phone }),
  },
  voicemail: {
    icon: Phone,
    color: '#30b0c7',
    title: (r) => text(r, '来电姓名') || text(r, '来电号码'),
    subtitle: (r) => text(r, '留言内容'),
    trailing: (r) => join(text(r, '日期'), text(r, '时间')),
    sortKey: (r) => `${text(r, '日期')} ${text(r, '时间')}`,
    newestFirst: true,
    rowHeight: 94,
    prefill: (r) => ({ telephone: text(r, '来电号码') }),
  },
  notes: {
    icon: StickyNote,
    color: '#ffcc00',
    title: (r) => text(r, '标题') || text(r, '内容').slice(0, 40),
    subtitle: (r) => text(r, '内容'),
    trailing: (r) => text(r, '创建日期'),
    sortKey: (r) => `${text(r, '创建日期')} ${text(r, '创建时间')}`,
    newestFirst: true,
    rowHeight: 74,
  },
  schedule: {
    icon: CalendarDays,
    color: '#ff3b30',
    title: (r) => text(r, '标题'),
    subtitle: (r) => join(`${text(r, '开始时间')}–${text(r, '结束时间')}`, text(r, '地点')),
    group: (r) => text(r, '日期'),
    sortKey: (r) => `${text(r, '日期')} ${text(r, '开始时间')}`,
    rowHeight: 70,
  },
  meeting: {
    icon: Users,
    color: '#5856d6',
    title: (r) => text(r, '标题'),
    subtitle: (r) => join(`${text(r, '开始日期')} ${text(r, '开始时间')}`, text(r, '参会人')),
    trailing: (r) => text(r, '状态'),
    sortKey: (r) => `${text(r, '开始日期')} ${text(r, '开始时间')}`,
    rowHeight: 92,
  },
  alarm: {
    icon: AlarmClock,
    color: '#ff9500',
    title: (r) => text(r, '时间'),
    subtitle: (r) => join(text(r, '闹钟名'), text(r, '重复')),
    trailing: (r) => text(r, '状态'),
    sortKey: (r) => text(r, '时间').padStart(5, '0'),
    rowHeight: 84,
  },
  transaction: {
    icon: Wallet,
    color: '#1c1c1e',
    title: (r) => text(r, '项目'),
    subtitle: (r) => join(text(r, '收款人'), text(r, '日期')),
    trailing: (r) => text(r, '金额'),
    sortKey: (r) => `${text(r, '日期')} ${text(r, '时间')}`,
    newestFirst: true,
    rowHeight: 64,
    prefill: (r) => ({ receivingName: text(r, '收款人'), receivingAccount: text(r, '收款账号') }),
  },
  transport: {
    icon: Plane,
    color: '#007aff',
    title: (r) => `${text(r, '出发地')} → ${text(r, '目的地')}`,
    subtitle: (r) => join(`${text(r, '日期')} ${text(r, '出发时间')}`, text(r, '交通方式')),
    trailing: (r) => text(r, '状态'),
    sortKey: (r) => `${text(r, '日期')} ${text(r, '出发时间')}`,
    rowHeight: 124,
  },
  accommodation: {
    icon: BedDouble,
    color: '#af52de',
    title: (r) => text(r, '住宿地点'),
    subtitle: (r) => join(`${text(r, '入住日期')} → ${text(r, '退宿日期')}`, text(r, '房型')),
    trailing: (r) => text(r, '状态'),
    sortKey: (r) => text(r, '入住日期'),
    rowHeight: 112,
  },
  // Planner data sets' memory app (its icon shows only in a task with memory items): an item is named by its id.
  memory: {
    icon: Brain,
    color: '#ff2d55',
    title: (r) => text(r, 'id') || text(r, 'text'),
    subtitle: (r) => text(r, 'text'),
    trailing: (r) => text(r, 'date'),
    sortKey: (r) => `${text(r, 'date')} ${text(r, 'time')}`,
    newestFirst: true,
    rowHeight: 74,
  },
}
