/**
 * Built-in effects of the ten published execution tools, used when a tool's
 * schema has no `x-effect`: an insert into the tool's app, each argument
 * mapped to the app's field of the same meaning. `Phone_Call` changes
 * nothing (a call leaves no record in any of the ten apps).
 *
 * Not set: status fields (状态). Their values are the data set's own words
 * ("已发送", "Sent", "On"…) and differ between data sets; one that wants
 * them writes an `x-effect` with `set`.
 */
import { isPlainObject } from '../base/text'
import { hasOwn, ownValue } from '../base/own'
import type { ToolSchema } from '../dataset/types'
import { EFFECT_KEY, readEffect } from './read'
import type { Effect } from '../dataset/liveTypes'

/** Tool name → its built-in effect (null: none). The README lists this table. */
export const BUILTIN_EFFECTS: Readonly<Record<string, Effect | null>> = {
  Contacts_Create: {
    app: 'contacts',
    op: 'insert',
    fields: {
      name: '姓名',
      telephone: '电话号码',
      company: '公司',
      email: '电子邮件',
      address: '住址',
      birthday: '生日',
      identifyCard: '身份证号',
      relationship: '与本人关系',
      note: '备注',
    },
  },
  Clock_CreateAlarm: {
    app: 'alarm',
    op: 'insert',
    fields: {
      time: '时间',
      repeatDayOfWeek: '重复',
      name: '闹钟名',
      alarmDuration: '响铃时长（分钟）',
      alarmCount: '重复响铃次数',
      alarmInterval: '响铃间隔时间（分钟）',
    },
  },
  Messages_Send: {
    app: 'sms',
    op: 'insert',
    fields: { telephone: '收件人电话号码', text: '正文', attach: '附件' },
    // The user sends it, now. The recipient's name is not an argument: finding it would be a search, not an effect.
    stamp: { 发件人姓名: 'name', 发件人电话号码: 'phone', 日期: 'date', 时间: 'time' },
  },
  Meeting_Create: {
    app: 'meeting',
    op: 'insert',
    fields: {
      title: '标题',
      dateStart: '开始日期',
      dateEnd: '结束日期',
      timeStart: '开始时间',
      timeEnd: '结束时间',
      timeRemind: '提醒时间',
      repeat: '重复',
      participants: '参会人',
      location: '地点',
    },
  },
  // The note's date and time are the only date and time the notes app stores (创建日期, 创建时间).
  TodoList_Create: {
    app: 'notes',
    op: 'insert',
    fields: { content: '内容', date: '创建日期', time: '创建时间' },
  },
  Schedule_Create: {
    app: 'schedule',
    op: 'insert',
    fields: {
      title: '标题',
      date: '日期',
      timeStart: '开始时间',
      timeEnd: '结束时间',
      timeRemind: '提醒时间',
      repeat: '重复',
      location: '地点',
    },
  },
  Consumption_Create: {
    app: 'transaction',
    op: 'insert',
    fields: { item: '项目', amount: '金额', receivingName: '收款人', receivingAccount: '收款账号', note: '备注' },
    // The user pays from the profile's account, now.
    stamp: { 付款人: 'name', 付款账号: 'paymentAccount', 日期: 'date', 时间: 'time' },
  },
  Transport_Create: {
    app: 'transport',
    op: 'insert',
    // The passengers are the booking's people (联系人), reached at its number (联系方式), as the records store them.
    fields: {
      date: '日期',
      time: '出发时间',
      start: '出发地',
      end: '目的地',
      transportType: '交通方式',
      passenger: '联系人',
      telephone: '联系方式',
    },
  },
  Accommodation_Create: {
    app: 'accommodation',
    op: 'insert',
    fields: {
      location: '住宿地点',
      dateCheckIn: '入住日期',
      dateCheckOut: '退宿日期',
      roomType: '房型',
      num: '数量',
      people: '联系人',
      telephone: '联系方式',
    },
    // The schema's default for `num`; a given `num` overrides it.
    set: { 数量: 1 },
  },
  Phone_Call: null,
}

const parsed = new WeakMap<object, Effect | undefined>()

/**
 * The effect of a tool in live state: its `x-effect`, else its built-in
 * effect, else none (undefined). Throws for a malformed `x-effect`, which
 * loading refuses ({@link liveProblems}): silently doing nothing instead
 * would pass a wrong attempt off as a right one.
 */
export function toolEffect(tool: Pick<ToolSchema, 'function'>): Effect | undefined {
  const fn = tool.function as unknown
  if (!isPlainObject(fn)) return undefined
  if (!hasOwn(fn, EFFECT_KEY)) {
    const name = typeof fn.name === 'string' ? fn.name : ''
    return ownValue(BUILTIN_EFFECTS, name) ?? undefined
  }
  if (parsed.has(fn)) return parsed.get(fn)
  const problems: string[] = []
  const effect = readEffect(fn, problems)
  if (problems.length > 0) throw new Error(`tool "${String(fn.name)}": ${problems.join('; ')}`)
  parsed.set(fn, effect)
  return effect
}
