import type { PhoneRecord, TrajectoryStep } from '../core'
import { appOfExecutionTool, ownValue, setOwn } from '../core'
import type { AppKey } from '../core'

/** Where an action's parameters land among its app's fields, so that an executed action lists like a record. */
const ACTION_FIELDS: Record<string, Record<string, string>> = {
  Contacts_Create: { name: '姓名', telephone: '电话号码', company: '公司', email: '电子邮件', address: '住址', birthday: '生日', identifyCard: '身份证号', relationship: '与本人关系', note: '备注' },
  Messages_Send: { telephone: '收件人电话号码', text: '正文', attach: '附件' },
  Phone_Call: { telephone: '来电号码', type: '留言内容' },
  TodoList_Create: { content: '内容', date: '创建日期', time: '创建时间' },
  Schedule_Create: { date: '日期', timeStart: '开始时间', timeEnd: '结束时间', title: '标题', timeRemind: '提醒时间', repeat: '重复', location: '地点' },
  Meeting_Create: { dateStart: '开始日期', dateEnd: '结束日期', timeStart: '开始时间', timeEnd: '结束时间', timeRemind: '提醒时间', title: '标题', repeat: '重复', location: '地点', participants: '参会人' },
  Clock_CreateAlarm: { time: '时间', repeatDayOfWeek: '重复', name: '闹钟名', alarmDuration: '响铃时长（分钟）', alarmCount: '重复响铃次数', alarmInterval: '响铃间隔时间（分钟）' },
  Consumption_Create: { item: '项目', amount: '金额', receivingName: '收款人', receivingAccount: '收款账号', note: '备注' },
  Transport_Create: { date: '日期', time: '出发时间', start: '出发地', end: '目的地', transportType: '交通方式', passenger: '联系人', telephone: '联系方式' },
  Accommodation_Create: { dateCheckIn: '入住日期', dateCheckOut: '退宿日期', location: '住宿地点', people: '联系人', telephone: '联系方式', roomType: '房型', num: '数量' },
}

/** An executed action shown as a record of its app (parameters the app has no field for keep their names). */
export function actionAsRecord(
  step: TrajectoryStep,
  user: { name: string; phone?: string },
  nameOf?: (phone: string) => string | undefined,
): PhoneRecord {
  const fields = ownValue(ACTION_FIELDS, step.name) ?? {}
  const args = (typeof step.arguments === 'string' ? safeParse(step.arguments) : step.arguments) as Record<string, unknown>
  const record: PhoneRecord = {}
  const telephone = typeof args?.telephone === 'string' ? args.telephone : ''
  if (step.name === 'Messages_Send') {
    record['发件人姓名'] = user.name
    if (user.phone) record['发件人电话号码'] = user.phone
    const name = nameOf?.(telephone)
    if (name) record['收件人姓名'] = name
  }
  if (step.name === 'Phone_Call') record['来电姓名'] = nameOf?.(telephone) ?? telephone
  for (const [param, value] of Object.entries(args ?? {})) setOwn(record, ownValue(fields, param) ?? param, value)
  if (step.name === 'Phone_Call') record['留言内容'] = typeof args?.type === 'string' ? args.type : 'VOICE'
  return record
}

/** A lookup of contact names by phone number. */
export function contactNames(contacts: readonly PhoneRecord[]): (phone: string) => string | undefined {
  let map: Map<string, string> | undefined
  return (phone) => {
    if (!map) {
      map = new Map()
      for (const c of contacts) {
        const number = typeof c['电话号码'] === 'string' ? c['电话号码'] : String(c['电话号码'] ?? '')
        const name = typeof c['姓名'] === 'string' ? c['姓名'] : ''
        if (number !== '' && name !== '' && !map.has(number)) map.set(number, name)
      }
    }
    return map.get(phone)
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}

/** The successful, kept execution calls that act on an app, newest first. */
export function executedIn(app: AppKey, steps: readonly TrajectoryStep[]): TrajectoryStep[] {
  return steps.filter((s) => s.kind === 'execution' && s.ok && !s.withdrawn && appOfExecutionTool(s.name)?.key === app).reverse()
}
