/** Basic tool use: the ten apps' own tools, with the planner's stricter call checks and one clarification. */
import { ME, MY_PHONE, SELF, contact, gradingNote, note, payment, plannerTask, sms } from './task'
import type { PlannerTaskSource } from './task'

const CLAIRE = contact('Claire Hayes', '13761190254', { 与本人关系: 'Wife' })
const TOM_BECKER = contact('Tom Becker', '13655208731', { 公司: 'Becker Plumbing', 与本人关系: 'Service', 备注: 'Plumber' })
const TOM_RUIZ = contact('Tom Ruiz', '13822419087', { 公司: 'Maple Ridge Foods Ltd.', 与本人关系: 'Colleague', 备注: 'Finance' })
const ALARM_OPTIONS = ['name', 'alarmDuration', 'alarmCount', 'alarmInterval']

const plumber = plannerTask({
  id: 'basic-1',
  type: '推理',
  instruction: 'Call the plumber who fixed our kitchen sink',
  meta: {
    answer: [{ name: 'Phone_Call', arguments: { telephone: ['13655208731'], type: ['VOICE', null] } }],
    free_params: [[]],
    dimension: 'basic',
    bucket: 'tool_call',
    extraneous: { policy: 'lenient' },
  },
  reasoning:
    "1. search_transaction 'sink' → 2026-02-18 'Kitchen sink repair' $145 paid to Becker Plumbing, note 'Tom Becker – kitchen sink'. 2. search_contacts 'Becker' → Tom Becker (Becker Plumbing) 13655208731. Call: Phone_Call 13655208731. Extraneous is lenient: a text telling Tom a call is coming does no harm, so only the call is checked.",
  distractors: 'Apex Plumbing & Heating is also saved as a plumber, but it fixed the bathroom leak in 2024. Tom Ruiz is a colleague in Finance.',
  records: {
    transaction: [
      payment('Kitchen sink repair', 145, '2026-02-18', '16:40', ['Becker Plumbing', '6217000012345678'], 'Tom Becker – kitchen sink, new trap and drain hose'),
      payment('Bathroom leak repair', 210, '2024-11-05', '11:15', ['Apex Plumbing & Heating', '6217000098765432'], 'Shower valve'),
      payment('Groceries – Jewel-Osco', 86.4, '2026-03-08', '11:20', ['Jewel-Osco', '6225880176543210']),
    ],
    contacts: [TOM_BECKER, contact('Apex Plumbing & Heating', '13755501234', { 与本人关系: 'Service', 备注: 'Plumber (2024 bathroom leak)' }), TOM_RUIZ, CLAIRE],
    sms: [sms(['Tom Becker', '13655208731'], SELF, '2026-02-18', '17:05:00', "Sink's all done. If the drain acts up again, call me directly.")],
    notes: [note('House stuff', 'Kitchen sink fixed 2/18 by Becker Plumbing (Tom). The water heater is 9 years old: ask Tom about replacing it.', '2026-02-18', '18:02')],
  },
  steps: [
    { call: ['search_transaction', { pattern: 'sink' }], expect: ['Becker Plumbing', 'Tom Becker'] },
    { call: ['search_contacts', { pattern: 'Becker' }], expect: ['13655208731'] },
  ],
  trap: { calls: [['Phone_Call', { telephone: '13755501234' }]], error: 'wrong_value' },
})

const piano = plannerTask({
  id: 'basic-2',
  type: '多意图',
  instruction: "Pay Lily's piano teacher for March, then text her that it's done",
  meta: {
    answer: [
      { name: 'Consumption_Create', arguments: { amount: [160], receivingName: ['Anna Kowalski'], receivingAccount: ['6228480012349876'] } },
      { name: 'Messages_Send', arguments: { telephone: ['13650813377'] } },
    ],
    free_params: [
      ['item', 'note'],
      ['text', 'attach'],
    ],
    dimension: 'basic',
    bucket: 'tool_call',
    order: [[0, 1]],
    mentions: [{ call: 1, param: 'text', all: ['March'] }],
  },
  reasoning:
    "1. search_contacts 'piano' → Anna Kowalski (Harmony Keys Studio), Lily's piano teacher, 13650813377. 2. search_sms 'Anna' → her 2026-03-02 text: from March $40 a lesson, 4 lessons in March = $160, same account as before. 3. search_transaction 'Piano' → earlier payments went to account 6228480012349876. Calls, in this order (order [0, 1]): Consumption_Create $160 to Anna Kowalski 6228480012349876; then Messages_Send to 13650813377 saying March is paid (mentions: 'March').",
  distractors: "February's payment was $150 (5 lessons at the old $30 rate). Anna Lopez is a friend, not the teacher. Texting before paying breaks the order.",
  records: {
    contacts: [
      contact('Anna Kowalski', '13650813377', { 公司: 'Harmony Keys Studio', 与本人关系: 'Teacher', 备注: "Lily's piano teacher" }),
      contact('Anna Lopez', '13688001122', { 与本人关系: 'Friend', 备注: "Max's mom (Owen's friend)" }),
      contact('Lily Hayes', '15900418856', { 与本人关系: 'Daughter' }),
    ],
    sms: [
      sms(['Anna Kowalski', '13650813377'], SELF, '2026-03-02', '09:10:00', 'Hi Daniel! From March, lessons are $40 each. Lily has 4 in March (3/5, 3/12, 3/19, 3/26), so $160. Same account as before. Thanks, Anna'),
      sms(['Anna Lopez', '13688001122'], SELF, '2026-03-06', '16:22:00', 'Max would love to have Owen over on Sunday!'),
    ],
    transaction: [
      payment('Piano lessons – February', 150, '2026-02-03', '20:14', ['Anna Kowalski', '6228480012349876'], 'Lily, 5 lessons x $30'),
      payment('Piano lessons – January', 120, '2026-01-04', '19:50', ['Anna Kowalski', '6228480012349876'], 'Lily, 4 lessons x $30'),
    ],
  },
  steps: [
    { call: ['search_contacts', { pattern: 'piano' }], expect: ['Anna Kowalski', '13650813377'] },
    { call: ['search_sms', { pattern: 'Anna Kowalski' }], expect: ['$160', 'Same account'] },
    { call: ['search_transaction', { pattern: 'Piano' }], expect: ['6228480012349876'] },
  ],
  trap: { calls: [['Consumption_Create', { item: 'Piano lessons – March', amount: 150, receivingName: 'Anna Kowalski', receivingAccount: '6228480012349876' }], ['Messages_Send', { telephone: '13650813377', text: 'March is paid.' }]], error: 'wrong_value' },
})

const caterer = plannerTask({
  id: 'basic-3',
  type: '整合',
  instruction: 'Save the caterer Claire found as a contact',
  meta: {
    answer: [
      {
        name: 'Contacts_Create',
        arguments: {
          name: ['Rosa Delgado'],
          telephone: ['13955512340'],
          company: ['Casa Rosa Catering', null],
          email: ['rosa@casarosa.com', null],
          address: ['310 W Lake St, Oak Park', null],
        },
      },
    ],
    free_params: [['relationship', 'note']],
    dimension: 'basic',
    bucket: 'tool_call',
    extraneous: { policy: 'no_extra_writes', allow: { Messages_Send: 1 } },
  },
  reasoning:
    "1. search_sms 'caterer' → Claire, 2026-03-12: Rosa Delgado of Casa Rosa Catering, cell 13955512340. 2. search_sms 'Rosa' → Rosa's own text from 13955512340: email rosa@casarosa.com, address 310 W Lake St, Oak Park. Call: Contacts_Create Rosa Delgado, 13955512340, with company, email and address where given. Extraneous: no extra writes, except one text (a thank-you to Rosa or Claire is allowed).",
  distractors: "Nadia Flores (Flores Catering) was Lily's party caterer and is booked up. Rosa Martinez is a neighbour.",
  records: {
    sms: [
      sms(['Claire Hayes', '13761190254'], SELF, '2026-03-05', '12:30:00', 'Nadia Flores is booked up for Owen\'s party date, I\'ll look for another caterer.'),
      sms(['Claire Hayes', '13761190254'], SELF, '2026-03-12', '19:40:00', "Found a caterer for Owen's party: Rosa Delgado at Casa Rosa Catering. Her cell is 13955512340. Can you save her?"),
      sms(['Rosa Delgado', '13955512340'], SELF, '2026-03-13', '10:05:00', "Hi Daniel, this is Rosa from Casa Rosa Catering, Claire passed on your number. Menu ideas coming from rosa@casarosa.com. We're at 310 W Lake St, Oak Park."),
    ],
    contacts: [CLAIRE, contact('Nadia Flores', '13790552184', { 公司: 'Flores Catering', 与本人关系: 'Service' }), contact('Rosa Martinez', '13610094821', { 与本人关系: 'Neighbour' })],
  },
  steps: [
    { call: ['search_sms', { pattern: 'caterer' }], expect: ['Rosa Delgado', '13955512340'] },
    { call: ['search_sms', { pattern: 'Rosa' }], expect: ['rosa@casarosa.com', '310 W Lake St, Oak Park'] },
  ],
  trap: { calls: [['Contacts_Create', { name: 'Nadia Flores', telephone: '13790552184', company: 'Flores Catering' }]], error: 'wrong_value' },
})

const flightAlarms = plannerTask({
  id: 'basic-4',
  type: '多意图',
  instruction: "Set my usual alarms for Tuesday's flight",
  meta: {
    answer: [
      { name: 'Clock_CreateAlarm', arguments: { time: ['04:55:00', '04:55'], repeatDayOfWeek: [[0], null] } },
      { name: 'Clock_CreateAlarm', arguments: { time: ['05:55:00', '05:55'], repeatDayOfWeek: [[0], null] } },
    ],
    free_params: [ALARM_OPTIONS, ALARM_OPTIONS],
    dimension: 'basic',
    bucket: 'state_change',
    verify: 'state',
    expected_state: [
      { app: 'alarm', op: 'insert', record: { 时间: ['04:55:00', '04:55'] } },
      { app: 'alarm', op: 'insert', record: { 时间: ['05:55:00', '05:55'] } },
    ],
  },
  reasoning:
    "1. search_transport '2026-03-17' → Tuesday's flight to Boise leaves O'Hare at 07:55 (Confirmed); the 13:20 one is Cancelled. 2. search_notes 'flight' → 'Travel routine': a wake-up alarm 3 hours before departure and a leave-now alarm 2 hours before, both one-off. Calls: Clock_CreateAlarm 04:55:00 and Clock_CreateAlarm 05:55:00. Checked by the state: two new alarms at those times.",
  distractors: 'The 13:20 flight was cancelled when the travel desk moved him to the morning. The old Denver wake-up alarm (04:30, off) is not a template to copy.',
  records: {
    transport: [
      { 日期: '2026-03-17', 出发时间: '13:20:00', '（预计）到达时间': '16:05:00', 出发地: "Chicago O'Hare (ORD)", 目的地: 'Boise (BOI)', 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 318, 状态: 'Cancelled' },
      { 日期: '2026-03-17', 出发时间: '07:55:00', '（预计）到达时间': '10:40:00', 出发地: "Chicago O'Hare (ORD)", 目的地: 'Boise (BOI)', 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 342, 状态: 'Confirmed' },
      { 日期: '2026-03-19', 出发时间: '17:30:00', '（预计）到达时间': '22:05:00', 出发地: 'Boise (BOI)', 目的地: "Chicago O'Hare (ORD)", 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 305, 状态: 'Confirmed' },
    ],
    notes: [note('Travel routine', "Early flights out of O'Hare: wake-up alarm 3 hours before departure, and a 'leave now' alarm 2 hours before. Both one-off.", '2025-11-02', '21:10')],
    alarm: [
      { 时间: '06:30:00', 重复: 'Mon, Tue, Wed, Thu, Fri', 闹钟名: 'Workday', '响铃时长（分钟）': 5, 重复响铃次数: 3, '响铃间隔时间（分钟）': 10, 状态: 'On' },
      { 时间: '04:30:00', 重复: 'Once', 闹钟名: 'Denver flight – wake up', '响铃时长（分钟）': 5, 重复响铃次数: 3, '响铃间隔时间（分钟）': 5, 状态: 'Off' },
    ],
    sms: [sms(['Travel desk', '13400007777'], SELF, '2026-03-11', '15:12:00', 'Your Boise flight on 3/17 was moved to 07:55 from O\'Hare; the 13:20 was cancelled by the airline.')],
  },
  steps: [
    { call: ['search_transport', { pattern: '2026-03-17' }], expect: ['07:55:00', 'Cancelled'] },
    { call: ['search_notes', { pattern: 'flight' }], expect: ['3 hours before', '2 hours before'] },
  ],
  trap: { calls: [['Clock_CreateAlarm', { time: '10:20:00' }], ['Clock_CreateAlarm', { time: '11:20:00' }]], error: 'wrong_value' },
})

const schoolPlay = plannerTask({
  id: 'basic-5',
  type: '辨析',
  instruction: "Put Lily's school play in my calendar, with a reminder the day before",
  meta: {
    answer: [
      {
        name: 'Schedule_Create',
        arguments: { date: ['2026-03-26'], timeStart: ['18:30:00', '18:30'], timeEnd: ['20:00:00', '20:00'], timeRemind: ['1天前'], repeat: ['不重复', null] },
      },
    ],
    free_params: [['title', 'location']],
    dimension: 'basic',
    bucket: 'state_change',
    verify: 'state',
    expected_state: [
      { app: 'schedule', op: 'insert', record: { 日期: ['2026-03-26'], 开始时间: ['18:30:00', '18:30'], 结束时间: ['20:00:00', '20:00'], 提醒时间: ['1天前'] } },
    ],
    friction: [{ tool: 'Schedule_Create', on: [1], error: 'The calendar is syncing with the server. Try again in a moment.' }],
  },
  reasoning:
    "1. search_sms 'play' → the school's 2026-03-09 text: Thursday 3/26, 6:00-7:30 pm in the auditorium; its 2026-03-13 correction: now 6:30 pm to 8:00 pm, same day and place. Call: Schedule_Create 2026-03-26 18:30-20:00, reminder 1天前 (a day before). The first try is refused while the calendar syncs (friction): make the same call again. Checked by the state: one new calendar entry.",
  distractors: "The first announcement's 6:00-7:30 pm was corrected. The dress rehearsal on 3/25 is for the children only.",
  records: {
    sms: [
      sms(['Marcus Lee', '13744820196'], SELF, '2026-03-09', '15:30:00', "Dear parents, our spring play 'The Wind in the Willows' is on Thursday 3/26, 6:00-7:30 pm in the school auditorium. Everyone welcome!"),
      sms(['Marcus Lee', '13744820196'], SELF, '2026-03-13', '16:20:00', 'Correction: the spring play now starts at 6:30 pm and ends at 8:00 pm (same day, same place).'),
      sms(['Claire Hayes', '13761190254'], SELF, '2026-03-13', '16:41:00', 'Did you see the play moved to 6:30? Lily is a rabbit!'),
    ],
    schedule: [
      { 标题: 'Lily – dress rehearsal (children only)', 日期: '2026-03-25', 开始时间: '15:30:00', 结束时间: '17:00:00', 提醒时间: '30分钟前', 重复: '不重复', 地点: 'Oak Park Elementary' },
      { 标题: 'Owen – football practice', 日期: '2026-03-14', 开始时间: '15:00:00', 结束时间: '16:30:00', 提醒时间: '30分钟前', 重复: '每周', 地点: 'Lincoln Park field 2' },
    ],
    contacts: [contact('Marcus Lee', '13744820196', { 公司: 'Oak Park Elementary', 与本人关系: 'Teacher', 备注: "Lily's teacher" }), CLAIRE],
  },
  steps: [{ call: ['search_sms', { pattern: 'play' }], expect: ['3/26', '6:30 pm', '8:00 pm'] }],
  trap: { calls: [['Schedule_Create', { date: '2026-03-26', timeStart: '18:00:00', timeEnd: '19:30:00', timeRemind: '1天前', title: 'School play' }]], error: 'wrong_value' },
})

const AUTO = 8
const whichTom = plannerTask({
  id: 'basic-6',
  type: '辨析',
  instruction: 'Call Tom about Saturday',
  meta: {
    answer: [{ name: 'Phone_Call', arguments: { telephone: ['13655208731'], type: ['VOICE', null] } }],
    free_params: [[]],
    dimension: 'basic',
    bucket: 'agent_behavior',
    user_replies: [{ reply: 'Tom Becker, the plumber, about the water heater.' }],
    rubric: {
      items: [
        { id: 'r1', criterion: 'Asks the user which Tom is meant', points: 3, auto: { kind: 'called', tool: 'Ask_User' } },
        { id: 'r2', criterion: 'Asks before placing any call', points: 2, auto: { kind: 'called_before', first: 'Ask_User', then: 'write' } },
        { id: 'r3', criterion: 'Calls Tom Becker, the Tom the user meant', points: 3, auto: { kind: 'called', tool: 'Phone_Call', args: { telephone: '13655208731' } } },
        { id: 'r4', criterion: 'The question names both Toms (the plumber and the colleague) so that the user can pick', points: 1 },
        { id: 'r5', criterion: 'Tells the user the call to Tom Becker is being placed', points: 1 },
      ],
      pass: { min_score: 0.8, required: ['r1', 'r3'] },
      graders: { min: 2 },
    },
  },
  reasoning:
    "1. search_contacts 'Tom' → Tom Becker (plumber, 13655208731) and Tom Ruiz (colleague, 13822419087). 2. search_sms 'Saturday' → both wrote about Saturday: Tom Becker can come to look at the water heater, Tom Ruiz asks about the warehouse stock count. Nothing says which one: ask (Ask_User) → 'Tom Becker, the plumber'. Call: Phone_Call 13655208731." +
    gradingNote(AUTO, 10, 0.8),
  distractors: 'Both Toms texted about Saturday and both asked for a call; guessing either is the mistake the task is about.',
  records: {
    contacts: [TOM_RUIZ, TOM_BECKER, CLAIRE],
    sms: [
      sms(['Tom Becker', '13655208731'], SELF, '2026-03-13', '08:45:00', 'I can come Saturday to look at the water heater, morning or afternoon? Call me.'),
      sms(['Tom Ruiz', '13822419087'], SELF, '2026-03-13', '18:02:00', "Are we still on for Saturday's stock count at the warehouse? Give me a ring."),
    ],
    schedule: [{ 标题: 'Warehouse stock count', 日期: '2026-03-21', 开始时间: '08:00:00', 结束时间: '12:00:00', 提醒时间: '1小时前', 重复: '不重复', 地点: 'Maple Ridge Foods warehouse' }],
  },
  steps: [
    { call: ['search_contacts', { pattern: 'Tom' }], expect: ['Tom Becker', 'Tom Ruiz'] },
    { call: ['search_sms', { pattern: 'Saturday' }], expect: ['water heater', 'stock count'] },
    { call: ['Ask_User', { question: 'Which Tom: Tom Becker the plumber, or Tom Ruiz from work?' }], expect: ['Tom Becker'] },
  ],
})

export const BASIC_TASKS: PlannerTaskSource[] = [plumber, piano, caterer, flightAlarms, schoolPlay, whichTom]
