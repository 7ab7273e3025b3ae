import { ownValue } from '../base/own'

/**
 * Words for the execution tools' parameters, as a person reads them in an action form. A form shows these
 * labels and keeps the raw parameter name beside them as a hint, for annotators who compare with the gold;
 * a call submits under the raw name only. A parameter that is not here (a data set's own tool) is shown
 * by its raw name.
 */

type Words = { en: string; zh: string }

/** By parameter name: one English word for every tool, so that a name reads the same across forms. */
const PARAMETER_LABELS: Readonly<Record<string, Words>> = {
  address: { en: 'Address', zh: '住址' },
  alarmCount: { en: 'Repeat count', zh: '重复响铃次数' },
  alarmDuration: { en: 'Ring duration (min)', zh: '响铃时长（分钟）' },
  alarmInterval: { en: 'Ring interval (min)', zh: '响铃间隔（分钟）' },
  amount: { en: 'Amount', zh: '金额' },
  attach: { en: 'Attachments', zh: '附件' },
  birthday: { en: 'Birthday', zh: '生日' },
  company: { en: 'Company', zh: '公司' },
  content: { en: 'Content', zh: '内容' },
  date: { en: 'Date', zh: '日期' },
  dateCheckIn: { en: 'Check-in', zh: '入住日期' },
  dateCheckOut: { en: 'Check-out', zh: '退宿日期' },
  dateEnd: { en: 'End date', zh: '结束日期' },
  dateStart: { en: 'Start date', zh: '开始日期' },
  email: { en: 'Email', zh: '电子邮件' },
  end: { en: 'To', zh: '目的地' },
  identifyCard: { en: 'ID number', zh: '身份证号' },
  item: { en: 'Item', zh: '项目' },
  location: { en: 'Location', zh: '地点' },
  name: { en: 'Name', zh: '名称' },
  newDateEnd: { en: 'New end date', zh: '新结束日期' },
  newDateStart: { en: 'New start date', zh: '新开始日期' },
  newName: { en: 'New name', zh: '新名称' },
  newTime: { en: 'New time', zh: '新时间' },
  newTimeEnd: { en: 'New end time', zh: '新结束时间' },
  newTimeStart: { en: 'New start time', zh: '新开始时间' },
  newTitle: { en: 'New title', zh: '新标题' },
  note: { en: 'Note', zh: '备注' },
  num: { en: 'Rooms', zh: '房间数' },
  participants: { en: 'Participants', zh: '参会人' },
  passenger: { en: 'Passengers', zh: '乘客' },
  people: { en: 'Guests', zh: '入住人' },
  receivingAccount: { en: 'Payee account', zh: '收款账号' },
  receivingName: { en: 'Payee', zh: '收款人' },
  relationship: { en: 'Relationship', zh: '与本人关系' },
  repeat: { en: 'Repeat', zh: '重复' },
  repeatDayOfWeek: { en: 'Repeat on', zh: '重复日' },
  roomType: { en: 'Room type', zh: '房型' },
  start: { en: 'From', zh: '出发地' },
  status: { en: 'Status', zh: '状态' },
  telephone: { en: 'Phone number', zh: '电话号码' },
  text: { en: 'Message', zh: '短信内容' },
  time: { en: 'Time', zh: '时间' },
  timeEnd: { en: 'End time', zh: '结束时间' },
  timeRemind: { en: 'Reminder', zh: '提醒时间' },
  timeStart: { en: 'Start time', zh: '开始时间' },
  title: { en: 'Title', zh: '标题' },
  transportType: { en: 'Mode', zh: '交通方式' },
  type: { en: 'Call type', zh: '通话类型' },
}

/** Where Chinese has its own word for one tool's parameter (a contact's name is 姓名, an alarm's 闹钟名). */
const CHINESE_BY_TOOL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Contacts_Create: { name: '姓名' },
  Contacts_Update: { name: '姓名' },
  Clock_CreateAlarm: { name: '闹钟名', time: '响铃时间' },
  Clock_UpdateAlarm: { name: '闹钟名', time: '响铃时间', newName: '新闹钟名', newTime: '新响铃时间' },
  Clock_DeleteAlarm: { name: '闹钟名', time: '响铃时间' },
  TodoList_Create: { date: '创建日期', time: '创建时间' },
  Transport_Create: { time: '出发时间', telephone: '联系方式' },
  Accommodation_Create: { location: '住宿地点', telephone: '联系方式' },
  Messages_Send: { telephone: '收件人电话号码' },
  Meeting_Create: { location: '会议地点' },
  Meeting_Update: { location: '新会议地点', timeRemind: '新提醒时间' },
}

/**
 * The published schemas' descriptions in Chinese, keyed by their English text, so that a data set that
 * rewrites a description shows its own words (untranslated) rather than a translation of someone else's.
 */
const CHINESE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Check-in date, YYYY-MM-DD.': '入住日期，YYYY-MM-DD。',
  'Check-out date, YYYY-MM-DD.': '退宿日期，YYYY-MM-DD。',
  'Hotel name or address.': '酒店名称或地址。',
  'Names of the guests.': '入住人的姓名。',
  'Contact phone number for the booking.': '预订的联系电话。',
  'Room type, e.g. "King room".': '房型，例如“大床房”。',
  'Number of rooms (default 1).': '房间数（默认 1）。',
  'Ring time, HH:MM:SS.': '响铃时间，HH:MM:SS。',
  'Days to repeat on, 1 = Monday … 7 = Sunday; [0] = ring once.': '重复的日子，1 = 周一 … 7 = 周日；[0] = 只响一次。',
  'Alarm name.': '闹钟名。',
  'How long it rings, in minutes.': '每次响铃多久，单位分钟。',
  'How many times it rings again.': '再响几次。',
  'Minutes between rings.': '两次响铃之间隔几分钟。',
  'Full name.': '全名。',
  'Phone number.': '电话号码。',
  'Company.': '公司。',
  'Email address.': '电子邮件地址。',
  'Home or postal address.': '住址或通信地址。',
  'Birthday, YYYY-MM-DD.': '生日，YYYY-MM-DD。',
  'ID card number.': '身份证号。',
  'Relationship to the user.': '与本人的关系。',
  'Free note.': '备注，随意填写。',
  'Start date, YYYY-MM-DD.': '开始日期，YYYY-MM-DD。',
  'End date, YYYY-MM-DD.': '结束日期，YYYY-MM-DD。',
  'Start time, HH:MM:SS.': '开始时间，HH:MM:SS。',
  'End time, HH:MM:SS.': '结束时间，HH:MM:SS。',
  'Reminder: 准时 at start, 10分钟前 10 min before, 30分钟前 30 min, 1小时前 1 hour, 1天前 1 day, 1周前 1 week before.':
    '提醒：准时、10分钟前、30分钟前、1小时前、1天前或1周前。',
  'Meeting title.': '会议标题。',
  'Repeat: 不重复 never, 每天 daily, 每周 weekly, 每两周 every two weeks.': '重复：不重复、每天、每周或每两周。',
  'Meeting rooms or places.': '会议室或地点。',
  'Names of the participants, not including the user.': '参会人的姓名，不含本人。',
  'Text of the note.': '备忘录的正文。',
  'Date, YYYY-MM-DD.': '日期，YYYY-MM-DD。',
  'Time, HH:MM.': '时间，HH:MM。',
  'Event title.': '日程标题。',
  'Repeat: 不重复 never, 每天 daily, 每周 weekly, 每月 monthly, 每年 yearly.': '重复：不重复、每天、每周、每月或每年。',
  'Place.': '地点。',
  'Recipient phone number.': '收件人的电话号码。',
  'Message text.': '短信正文。',
  'Paths of files to attach, at most 10.': '要附加的文件路径，最多 10 个。',
  'What the payment is for.': '这笔付款的用途。',
  'Amount, up to 2 decimals.': '金额，最多两位小数。',
  'Name of the payee.': '收款人的名称。',
  'Account number of the payee.': '收款人的账号。',
  'Note for the payee.': '给收款人的备注。',
  'Departure time, HH:MM:SS, or "now".': '出发时间，HH:MM:SS，或“now”（现在）。',
  'Origin; "current" for the current location.': '出发地；“current”表示当前位置。',
  'Destination.': '目的地。',
  'Names of the passengers.': '乘客的姓名。',
  'Contact phone number.': '联系电话。',
  'Mode: 汽车 car, 火车 train, 飞机 plane.': '交通方式：汽车、火车或飞机。',
  'Number to call.': '要拨打的号码。',
  'VOICE (default) or VIDEO call.': '语音通话（默认）或视频通话。',
  "The alarm's name, as the alarm app shows it.": '闹钟名，与闹钟应用里显示的一致。',
  "The alarm's current ring time, HH:MM:SS, as the alarm app shows it (to tell apart alarms with the same name).":
    '闹钟现在的响铃时间，HH:MM:SS，与闹钟应用里显示的一致（用来区分同名的闹钟）。',
  'New ring time, HH:MM:SS.': '新的响铃时间，HH:MM:SS。',
  'New alarm name.': '新的闹钟名。',
  'New days to repeat on, 1 = Monday … 7 = Sunday; [0] = ring once.': '新的重复日，1 = 周一 … 7 = 周日；[0] = 只响一次。',
  'Turn the alarm on or off.': '打开或关闭闹钟。',
  "The alarm's ring time, HH:MM:SS, as the alarm app shows it.": '闹钟的响铃时间，HH:MM:SS，与闹钟应用里显示的一致。',
  "The contact's name, as the contact list shows it.": '联系人的姓名，与通讯录里显示的一致。',
  'New phone number.': '新的电话号码。',
  'New company.': '新的公司。',
  'New email address.': '新的电子邮件地址。',
  'New address.': '新的住址。',
  'New note.': '新的备注。',
  "The meeting's title, as the meeting app shows it.": '会议标题，与会议应用里显示的一致。',
  "The meeting's current start date, YYYY-MM-DD.": '会议现在的开始日期，YYYY-MM-DD。',
  'New title.': '新的标题。',
  'New start date, YYYY-MM-DD.': '新的开始日期，YYYY-MM-DD。',
  'New end date, YYYY-MM-DD.': '新的结束日期，YYYY-MM-DD。',
  'New start time, HH:MM:SS.': '新的开始时间，HH:MM:SS。',
  'New end time, HH:MM:SS.': '新的结束时间，HH:MM:SS。',
  'New meeting room or place.': '新的会议室或地点。',
  'The full new list of participants, not including the user.': '完整的新参会人名单，不含本人。',
  "The meeting's start date, YYYY-MM-DD.": '会议的开始日期，YYYY-MM-DD。',
  "The event's title, as the calendar shows it.": '日程标题，与日历里显示的一致。',
  "The event's date, YYYY-MM-DD.": '日程的日期，YYYY-MM-DD。',
  "The note's title, as the notes app shows it.": '备忘录标题，与备忘录应用里显示的一致。',
  'Amount of the payment, up to 2 decimals.': '付款金额，最多两位小数。',
}

/** A parameter's label in the reader's language; its raw name when it has none. */
export function parameterLabel(param: string, lang: 'en' | 'zh', tool?: string): string {
  const byTool = lang === 'zh' && tool !== undefined ? ownValue(CHINESE_BY_TOOL, tool) : undefined
  return (byTool && ownValue(byTool, param)) ?? ownValue(PARAMETER_LABELS, param)?.[lang] ?? param
}

/** A schema's description in the reader's language: the published text translated, anything else as written. */
export function parameterDescription(description: string, lang: 'en' | 'zh'): string {
  return lang === 'zh' ? (ownValue(CHINESE_DESCRIPTIONS, description) ?? description) : description
}
