import { CAPABILITIES, PHONE_APP_KEYS, setOwn } from '../../src/core/index'
import type { GoldCall, PhoneAppKey, PhoneRecord, TaskRecords } from '../../src/core/index'
import { Values, makeRecord, seededFaker } from './records'

/** A generated task: one line of input_data.jsonl and its records. */
export interface GeneratedTask {
  line: Record<string, unknown>
  records: TaskRecords
}

interface Plan {
  instruction: string
  answer: GoldCall[]
  freeParams: string[][]
  path: string
}

/** Gold-call templates: each picks its facts from the task's own records, so every gold value is findable. */
const TEMPLATES: ((r: Required<TaskRecords>, v: Values) => Plan)[] = [
  (r) => {
    const c = r.contacts[0] as PhoneRecord
    c['与本人关系'] = 'manager'
    return { instruction: 'Call my manager', answer: [{ name: 'Phone_Call', arguments: { telephone: [c['电话号码']], type: ['VOICE', null] } }], freeParams: [[]], path: 'contacts: manager → phone' }
  },
  (r) => {
    const c = r.contacts[1] as PhoneRecord
    return { instruction: `Text ${String(c['姓名']).split(' ')[0]} that I'm running late`, answer: [{ name: 'Messages_Send', arguments: { telephone: [c['电话号码']] } }], freeParams: [['text']], path: 'contacts: name → phone' }
  },
  (r) => {
    const t = r.transaction[0] as PhoneRecord
    return {
      instruction: `Pay ${String(t['收款人'])} again`,
      answer: [{ name: 'Consumption_Create', arguments: { amount: [t['金额']], receivingName: [t['收款人']], receivingAccount: [t['收款账号']] } }],
      freeParams: [['item', 'note']],
      path: 'transaction: last payment → amount, payee, account',
    }
  },
  (r) => {
    const m = r.voicemail[0] as PhoneRecord
    return { instruction: 'Save the last caller as a contact', answer: [{ name: 'Contacts_Create', arguments: { name: [m['来电姓名']], telephone: [m['来电号码']] } }], freeParams: [['company', 'email', 'address', 'birthday', 'identifyCard', 'relationship', 'note']], path: 'voicemail → name, number' }
  },
  (r) => {
    const t = r.transport[0] as PhoneRecord
    return {
      instruction: 'Book the same trip again tomorrow',
      answer: [{ name: 'Transport_Create', arguments: { date: ['2026-03-15'], time: [`${String(t['出发时间'])}:00`], start: [t['出发地']], end: [t['目的地']], passenger: [['Daniel Hayes']], telephone: ['15811224476'], transportType: [t['交通方式']] } }],
      freeParams: [[]],
      path: 'transport → route and mode',
    }
  },
  (r) => {
    const a = r.alarm[0] as PhoneRecord
    return {
      instruction: 'Set my usual alarm for tomorrow as well',
      answer: <GoldCall[]>[
        { name: 'Clock_CreateAlarm', arguments: { time: [`${String(a['时间'])}:00`], alarmDuration: [a['响铃时长（分钟）'], null], alarmCount: [a['重复响铃次数'], null], alarmInterval: [a['响铃间隔时间（分钟）'], null] } },
        { name: 'TodoList_Create', arguments: { date: ['2026-03-15'], time: [a['时间']] } },
      ],
      freeParams: [['name', 'repeatDayOfWeek'], ['content']],
      path: 'alarm → time and ring settings',
    }
  },
]

/** Generates tasks one at a time (a data set of any size streams through this). */
export function* generateTasks(options: { tasks: number; records: number; seed: number }): Generator<GeneratedTask> {
  const f = seededFaker(options.seed)
  const v = new Values(f)
  let recordsLeft = options.records
  for (let i = 0; i < options.tasks; i++) {
    const capability = CAPABILITIES[i % CAPABILITIES.length] ?? CAPABILITIES[0]
    const share = Math.max(PHONE_APP_KEYS.length + 1, Math.round(recordsLeft / (options.tasks - i)))
    recordsLeft -= share
    const records = {} as Required<TaskRecords>
    for (const app of PHONE_APP_KEYS) setOwn(records, app, [makeRecord(app, v)])
    records.contacts.push(makeRecord('contacts', v))
    for (let n = PHONE_APP_KEYS.length + 1; n < share; n++) {
      const app: PhoneAppKey = f.helpers.arrayElement(PHONE_APP_KEYS)
      records[app].push(makeRecord(app, v))
    }
    const template = TEMPLATES[i % TEMPLATES.length] ?? TEMPLATES[0]
    if (!template) throw new Error('no task templates')
    const plan = template(records, v)
    const id = `${capability.type}${Math.floor(i / CAPABILITIES.length) + 1}`
    yield {
      line: {
        id,
        type: capability.type,
        messages: [{ role: 'user', content: plan.instruction }],
        prompt_metadata: { answer: plan.answer, free_params: plan.freeParams },
        reasoning_path: plan.path,
        distractors: 'generated',
      },
      records,
    }
  }
}

/** `n` records of one app, for a phone of any size (benchmarks). */
export function generateRecords(app: PhoneAppKey, n: number, seed: number): PhoneRecord[] {
  const v = new Values(seededFaker(seed))
  return Array.from({ length: n }, () => makeRecord(app, v))
}
