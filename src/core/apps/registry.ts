import type { AppKey } from '../dataset/types'
import { MEMORY_APP, SEARCH_MEMORY } from '../dataset/memoryTypes'

/** A stored field key with its labels. */
export interface FieldInfo {
  key: string
  en: string
  zh: string
}

/** One phone app: its records, its search tool and the execution tools it offers. */
export interface AppInfo {
  key: AppKey
  label: { en: string; zh: string }
  searchTool: string
  executionTools: string[]
  fields: FieldInfo[]
}

const field = (key: string, en: string): FieldInfo => ({ key, en, zh: key })

/** The ten apps, in display order, with the fields SPIEval stores for each. */
export const APPS: readonly AppInfo[] = [
  {
    key: 'contacts',
    label: { en: 'Contacts', zh: '联系人' },
    searchTool: 'search_contacts',
    executionTools: ['Contacts_Create'],
    fields: [
      field('姓名', 'Name'),
      field('电话号码', 'Phone number'),
      field('公司', 'Company'),
      field('电子邮件', 'Email'),
      field('住址', 'Address'),
      field('生日', 'Birthday'),
      field('身份证号', 'ID number'),
      field('与本人关系', 'Relationship'),
      field('备注', 'Note'),
    ],
  },
  {
    key: 'sms',
    label: { en: 'Messages', zh: '短信' },
    searchTool: 'search_sms',
    executionTools: ['Messages_Send'],
    fields: [
      field('发件人姓名', 'Sender'),
      field('发件人电话号码', 'Sender phone'),
      field('收件人姓名', 'Recipient'),
      field('收件人电话号码', 'Recipient phone'),
      field('日期', 'Date'),
      field('时间', 'Time'),
      field('正文', 'Body'),
      field('附件', 'Attachment'),
      field('状态', 'Status'),
    ],
  },
  {
    key: 'voicemail',
    label: { en: 'Phone', zh: '电话' },
    searchTool: 'search_voicemail',
    executionTools: ['Phone_Call'],
    fields: [
      field('来电姓名', 'Caller'),
      field('来电号码', 'Caller number'),
      field('日期', 'Date'),
      field('时间', 'Time'),
      field('留言内容', 'Message'),
    ],
  },
  {
    key: 'notes',
    label: { en: 'Notes', zh: '备忘录' },
    searchTool: 'search_notes',
    executionTools: ['TodoList_Create'],
    fields: [
      field('标题', 'Title'),
      field('内容', 'Content'),
      field('创建日期', 'Created on'),
      field('创建时间', 'Created at'),
    ],
  },
  {
    key: 'schedule',
    label: { en: 'Calendar', zh: '日程' },
    searchTool: 'search_schedule',
    executionTools: ['Schedule_Create'],
    fields: [
      field('标题', 'Title'),
      field('日期', 'Date'),
      field('开始时间', 'Start time'),
      field('结束时间', 'End time'),
      field('提醒时间', 'Reminder'),
      field('重复', 'Repeat'),
      field('地点', 'Location'),
    ],
  },
  {
    key: 'meeting',
    label: { en: 'Meetings', zh: '会议' },
    searchTool: 'search_meeting',
    executionTools: ['Meeting_Create'],
    fields: [
      field('标题', 'Title'),
      field('开始日期', 'Start date'),
      field('结束日期', 'End date'),
      field('开始时间', 'Start time'),
      field('结束时间', 'End time'),
      field('提醒时间', 'Reminder'),
      field('重复', 'Repeat'),
      field('参会人', 'Participants'),
      field('会议号', 'Meeting ID'),
      field('地点', 'Location'),
      field('会议纪要', 'Minutes'),
      field('状态', 'Status'),
    ],
  },
  {
    key: 'alarm',
    label: { en: 'Alarm', zh: '闹钟' },
    searchTool: 'search_alarm',
    executionTools: ['Clock_CreateAlarm'],
    fields: [
      field('时间', 'Time'),
      field('重复', 'Repeat'),
      field('闹钟名', 'Name'),
      field('响铃时长（分钟）', 'Ring duration (min)'),
      field('重复响铃次数', 'Repeat count'),
      field('响铃间隔时间（分钟）', 'Ring interval (min)'),
      field('状态', 'Status'),
    ],
  },
  {
    key: 'transaction',
    label: { en: 'Wallet', zh: '钱包' },
    searchTool: 'search_transaction',
    executionTools: ['Consumption_Create'],
    fields: [
      field('项目', 'Item'),
      field('金额', 'Amount'),
      field('日期', 'Date'),
      field('时间', 'Time'),
      field('付款人', 'Payer'),
      field('付款账号', 'Payer account'),
      field('收款人', 'Payee'),
      field('收款账号', 'Payee account'),
      field('备注', 'Note'),
    ],
  },
  {
    key: 'transport',
    label: { en: 'Travel', zh: '出行' },
    searchTool: 'search_transport',
    executionTools: ['Transport_Create'],
    fields: [
      field('日期', 'Date'),
      field('出发时间', 'Departure'),
      field('（预计）到达时间', '(Est.) arrival'),
      field('出发地', 'From'),
      field('目的地', 'To'),
      field('交通方式', 'Mode'),
      field('联系人', 'Contact'),
      field('联系方式', 'Contact number'),
      field('（预计）费用', '(Est.) cost'),
      field('状态', 'Status'),
    ],
  },
  {
    key: 'accommodation',
    label: { en: 'Hotels', zh: '酒店' },
    searchTool: 'search_accommodation',
    executionTools: ['Accommodation_Create'],
    fields: [
      field('住宿地点', 'Hotel'),
      field('入住日期', 'Check-in'),
      field('退宿日期', 'Check-out'),
      field('房型', 'Room type'),
      field('数量', 'Quantity'),
      field('联系人', 'Contact'),
      field('联系方式', 'Contact number'),
      field('费用', 'Cost'),
      field('状态', 'Status'),
    ],
  },
]

/**
 * The memory app of planner data sets: its records and field labels. Not one
 * of {@link APPS}, which the phone shows and `search_phone` searches: memory
 * has its own tools (`search_memory`, `get_memory`, and writes through
 * `x-effect`), and a published data set's phone stays as it is.
 */
export const MEMORY_APP_INFO: AppInfo = {
  key: MEMORY_APP,
  label: { en: 'Memory', zh: '记忆' },
  searchTool: SEARCH_MEMORY,
  executionTools: [],
  fields: [
    { key: 'id', en: 'ID', zh: '编号' },
    { key: 'text', en: 'Text', zh: '内容' },
    { key: 'tags', en: 'Tags', zh: '标签' },
    { key: 'kind', en: 'Kind', zh: '类别' },
    { key: 'date', en: 'Date', zh: '日期' },
    { key: 'time', en: 'Time', zh: '时间' },
    { key: 'source', en: 'Source', zh: '来源' },
    { key: 'supersedes', en: 'Supersedes', zh: '取代' },
    { key: 'pinned', en: 'Pinned', zh: '置顶' },
  ],
}

/** The global search tool: a substring over every app. */
export const GLOBAL_SEARCH_TOOL = 'search_phone'

// Every app of records_db.json has its info; only the ten phone apps have their tools looked up by name.
const appByKey = new Map<string, AppInfo>([...APPS, MEMORY_APP_INFO].map((app) => [app.key, app]))
const appBySearchTool = new Map<string, AppInfo>(APPS.map((app) => [app.searchTool, app]))
const appByExecutionTool = new Map<string, AppInfo>(
  APPS.flatMap((app) => app.executionTools.map((tool) => [tool, app] as const)),
)

/** The app with this key, if it is one of the ten or memory. */
export function appInfo(key: string): AppInfo | undefined {
  return appByKey.get(key)
}

/** Whether `key` is an app key of records_db.json: one of the ten, or memory. */
export function isAppKey(key: string): key is AppKey {
  return appByKey.has(key)
}

/** The app searched by a `search_<app>` tool. */
export function appOfSearchTool(toolName: string): AppInfo | undefined {
  return appBySearchTool.get(toolName)
}

/** The app an execution tool acts on (Phone_Call → the phone/voicemail app). */
export function appOfExecutionTool(toolName: string): AppInfo | undefined {
  return appByExecutionTool.get(toolName)
}

/** Retrieval tools are the ones named `search_*`; scoring ignores them. */
export function isRetrievalToolName(name: string): boolean {
  return name.startsWith('search_')
}
