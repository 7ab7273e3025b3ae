/** Sub-agent collaboration: handing work to the finance desk, the travel desk or the IT helpdesk, or keeping it. */
import { ME, MY_PHONE, SELF, contact, gradingNote, memory, note, plannerTask, sms } from './task'
import type { PlannerTaskSource } from './task'

const RACHEL_KIM = contact('Rachel Kim', '13917726405', { 公司: 'Maple Ridge Foods Ltd.', 与本人关系: 'Manager' })
const JENNY_WALSH = contact('Jenny Walsh', '13588034617', { 公司: 'Maple Ridge Foods Ltd.', 与本人关系: 'Colleague' })
const TRAVEL_DESK = contact('Travel desk', '13400007777', { 公司: 'Maple Ridge Foods Ltd.', 备注: 'Company travel desk: bookings and changes' })
const COMPANY_CARD = '4000123412341234'

const vpn = plannerTask({
  id: 'subagent-1',
  type: '推理',
  instruction: "My laptop lost the office VPN after last night's update. Get IT on it.",
  meta: {
    answer: [{ name: 'Delegate_ITHelpdesk', arguments: { assetTag: ['MRF-2291'], callbackPhone: [MY_PHONE, null] } }],
    free_params: [['summary', 'urgency']],
    dimension: 'subagent',
    bucket: 'tool_call',
    mentions: [{ call: 0, param: 'summary', all: ['VPN'], any: [['update', 'KB5034']] }],
  },
  reasoning:
    "1. search_notes 'laptop' → 'Work laptop': Dell Latitude 7440, asset tag MRF-2291 (the old MRF-1187 was handed back). 2. search_sms 'update' → IT pushed Windows update KB5034 last night at 22:00. Call: Delegate_ITHelpdesk with assetTag MRF-2291 (compared ignoring case), a summary that says the VPN stopped after the update (mentions: 'VPN' and 'update' or 'KB5034'), and, if given, Daniel's own number for the call back (compared by digits). The helpdesk answers with ticket IT-5531.",
  distractors: "MRF-1187 is the laptop he returned. Jenny's VPN works again, which is no reason not to report his.",
  records: {
    notes: [note('Work laptop', 'Dell Latitude 7440, asset tag MRF-2291, issued June 2025. Old ThinkPad (MRF-1187) handed back to IT.', '2025-06-16', '10:12')],
    sms: [
      sms(['Maple Ridge IT', '13400005555'], SELF, '2026-03-13', '17:30:00', 'Tonight at 22:00 we push Windows update KB5034 to all laptops. Restart when asked. Problems afterwards? Contact the IT helpdesk.'),
      sms(['Jenny Walsh', '13588034617'], SELF, '2026-03-14', '08:50:00', 'Is your VPN down too since the update? Mine works again, IT fixed it in 10 minutes.'),
    ],
    contacts: [contact('Maple Ridge IT', '13400005555', { 公司: 'Maple Ridge Foods Ltd.', 备注: 'IT helpdesk' }), JENNY_WALSH],
  },
  steps: [
    { call: ['search_notes', { pattern: 'laptop' }], expect: ['MRF-2291'] },
    { call: ['search_sms', { pattern: 'update' }], expect: ['KB5034'] },
  ],
  trap: { calls: [['Delegate_ITHelpdesk', { summary: 'VPN down since the update', assetTag: 'MRF-1187' }]], error: 'wrong_value' },
})

const groveCharge = (time: string) => ({
  项目: 'The Grove Hotel Boise – booking BK-77812',
  金额: 412,
  日期: '2026-03-05',
  时间: time,
  付款人: ME,
  付款账号: COMPANY_CARD,
  收款人: 'The Grove Hotel',
  收款账号: '6214830055550001',
  备注: 'Company card',
})

const doubleCharge = plannerTask({
  id: 'subagent-2',
  type: '整合',
  instruction: 'The Boise hotel charged my company card twice. Get it sorted.',
  meta: {
    answer: [{ name: 'Delegate_Finance', arguments: { amount: [412], reference: ['BK-77812'], vendor: ['The Grove Hotel', 'The Grove Hotel Boise', null] } }],
    free_params: [['request']],
    dimension: 'subagent',
    bucket: 'tool_call',
    mentions: [{ call: 0, param: 'request', any: [['twice', 'duplicate', 'double']] }],
    alternatives: [
      {
        answer: [{ name: 'Delegate_TravelDesk', arguments: { traveler: [ME], destination: ['Boise', 'Boise (BOI)', 'The Grove Hotel Boise', null], date: ['2026-03-17', null] } }],
        free_params: [['request', 'mode']],
      },
    ],
  },
  reasoning:
    "1. search_transaction 'Grove' → two charges of $412 on 2026-03-05 (14:02 and 14:03) on the company card for booking BK-77812. 2. search_notes 'card' → wrong or duplicate company card charges go to the finance desk with the booking reference and amount; the travel desk can also chase hotels it booked. Call: Delegate_Finance with amount 412, reference BK-77812 and a request that says it was charged twice (mentions). Another acceptable route (alternatives): Delegate_TravelDesk for the booking it made. The IT helpdesk is the wrong route (wrong_tool).",
  distractors: 'Only the duplicate is in dispute: $412, not both charges ($824). The Hilton Denver charge is a single, correct charge. Paying the hotel or disputing it yourself is not what the note says to do.',
  records: {
    transaction: [
      groveCharge('14:02'),
      groveCharge('14:03'),
      { 项目: 'Hilton Denver City Center – booking BK-77355', 金额: 558, 日期: '2026-02-26', 时间: '09:41', 付款人: ME, 付款账号: COMPANY_CARD, 收款人: 'Hilton Denver City Center', 收款账号: '6214830055557788', 备注: 'Company card' },
    ],
    accommodation: [{ 住宿地点: 'The Grove Hotel, 245 S Capitol Blvd, Boise', 入住日期: '2026-03-17', 退宿日期: '2026-03-19', 房型: 'King room', 数量: 1, 联系人: 'Travel desk', 联系方式: '13400007777', 费用: 412, 状态: 'Confirmed' }],
    sms: [sms(['Travel desk', '13400007777'], SELF, '2026-03-04', '11:20:00', 'Booked: The Grove Hotel Boise, Mar 17-19, ref BK-77812, $412 on your company card.')],
    notes: [
      note('Company card', 'Wrong or duplicate charges on the company card: hand them to the finance desk with the booking reference and the amount. The travel desk can also chase hotels it booked.', '2025-09-01', '09:00'),
    ],
    contacts: [TRAVEL_DESK],
  },
  steps: [
    { call: ['search_transaction', { pattern: 'Grove' }], expect: ['BK-77812', '"14:02"', '"14:03"'] },
    { call: ['search_notes', { pattern: 'card' }], expect: ['finance desk'] },
  ],
  trap: { calls: [['Delegate_Finance', { request: 'The hotel charged my card twice', amount: 824, reference: 'BK-77812' }]], error: 'wrong_value' },
})

const denverChange = plannerTask({
  id: 'subagent-3',
  type: '多意图',
  instruction: "Move my Denver flight to Wednesday and let Rachel know I'll be a day late",
  meta: {
    answer: [
      { name: 'Delegate_TravelDesk', arguments: { traveler: [ME], date: ['2026-03-18'], destination: ['Denver', 'Denver International (DEN)', 'DEN'], mode: ['飞机', null] } },
      { name: 'Messages_Send', arguments: { telephone: ['13917726405'] } },
    ],
    free_params: [['request'], ['text', 'attach']],
    dimension: 'subagent',
    bucket: 'tool_call',
    order: [[0, 1]],
  },
  reasoning:
    "1. search_transport 'Denver' → the flight to Denver International (DEN) on Tue 2026-03-17 18:20, Confirmed. 2. search_sms 'travel desk' → the travel desk booked it and changes go through it. 3. search_contacts 'Rachel' → Rachel Kim, his manager, 13917726405 (she runs the review). Calls, in this order (order [0, 1]): Delegate_TravelDesk for Daniel Hayes, Denver, Wednesday 2026-03-18; then Messages_Send to Rachel Kim. Booking a new trip (travel-booking skill) is wrong: the desk changes what it booked.",
  distractors: 'Rachel Green is a neighbour. The return flight on the 20th stays. Telling Rachel before the change is asked for breaks the order.',
  records: {
    transport: [
      { 日期: '2026-03-17', 出发时间: '18:20:00', '（预计）到达时间': '19:55:00', 出发地: "Chicago O'Hare (ORD)", 目的地: 'Denver International (DEN)', 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 289, 状态: 'Confirmed' },
      { 日期: '2026-03-20', 出发时间: '16:05:00', '（预计）到达时间': '19:35:00', 出发地: 'Denver International (DEN)', 目的地: "Chicago O'Hare (ORD)", 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 264, 状态: 'Confirmed' },
    ],
    meeting: [
      { 标题: 'Rocky Mountain Grains – supplier review', 开始日期: '2026-03-18', 结束日期: '2026-03-19', 开始时间: '09:00:00', 结束时间: '17:00:00', 提醒时间: '1天前', 重复: '不重复', 参会人: ['Rachel Kim', 'Luis Ortega'], 地点: 'Rocky Mountain Grains, Denver', 状态: 'Scheduled' },
    ],
    sms: [
      sms(['Travel desk', '13400007777'], SELF, '2026-03-02', '10:15:00', 'Booked: ORD to DEN Tue 3/17 18:20, back Fri 3/20 16:05. Any change: just ask the travel desk.'),
      sms(['Rachel Kim', '13917726405'], SELF, '2026-03-12', '17:40:00', 'Luis can only join from Thursday now. Come when it suits you, just tell me your plans.'),
    ],
    contacts: [RACHEL_KIM, contact('Rachel Green', '13600452210', { 与本人关系: 'Neighbour' }), TRAVEL_DESK],
  },
  steps: [
    { call: ['search_transport', { pattern: 'Denver' }], expect: ['2026-03-17', 'Denver International (DEN)'] },
    { call: ['search_sms', { pattern: 'travel desk' }], expect: ['ask the travel desk'] },
    { call: ['search_contacts', { pattern: 'Rachel' }], expect: ['Rachel Kim', '13917726405'] },
  ],
  trap: { calls: [['Delegate_TravelDesk', { request: 'Move my flight to Wednesday', traveler: 'Daniel Hayes', date: '2026-03-18', destination: 'Denver' }], ['Messages_Send', { telephone: '13600452210', text: "I'll be a day late." }]], error: 'wrong_value' },
})

const springfield = plannerTask({
  id: 'subagent-4',
  type: '偏好',
  instruction: 'Get the travel desk to book my trip to the Lincoln Land visit',
  meta: {
    answer: [
      {
        name: 'Delegate_TravelDesk',
        arguments: { traveler: [ME], date: ['2026-03-24'], destination: ['Springfield', 'Springfield, IL', 'Springfield (IL)'], mode: ['火车'] },
      },
    ],
    free_params: [['request']],
    dimension: 'subagent',
    bucket: 'state_change',
    verify: 'state',
    expected_state: [{ app: 'transport', op: 'insert', record: { 日期: ['2026-03-24'], 目的地: ['Springfield', 'Springfield, IL', 'Springfield (IL)'], 交通方式: ['火车'] } }],
  },
  reasoning:
    "1. search_meeting 'Lincoln Land' → Lincoln Land Grains plant visit, Springfield, Tue 2026-03-24 13:00. 2. search_sms 'Lincoln Land' → Carla moved it there from 3/17. 3. The pinned memory (in the prompt): trips under 400 km by train from Chicago Union Station; search_transport 'Springfield' shows last October's train. Call: Delegate_TravelDesk for Daniel Hayes, 2026-03-24, Springfield, 火车 (train). The travel desk logs the request as a transport record (its tool's effect); checked by the state.",
  distractors: "The visit was first planned for 3/17. Last year's flight to Springfield was before the train rule.",
  records: {
    meeting: [
      { 标题: 'Lincoln Land Grains – plant visit', 开始日期: '2026-03-24', 结束日期: '2026-03-24', 开始时间: '13:00:00', 结束时间: '16:00:00', 提醒时间: '1天前', 重复: '不重复', 参会人: ['Carla Nguyen'], 地点: 'Lincoln Land Grains, Springfield, IL', 状态: 'Scheduled' },
    ],
    sms: [sms(['Carla Nguyen', '13744590213'], SELF, '2026-03-10', '11:05:00', 'Hi Daniel, can we move your Lincoln Land visit from 3/17 to Tuesday 3/24, 1 pm? Same place.')],
    transport: [
      { 日期: '2025-10-07', 出发时间: '07:00:00', '（预计）到达时间': '10:25:00', 出发地: 'Chicago Union Station', 目的地: 'Springfield, IL', 交通方式: '火车', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 48, 状态: 'Completed' },
      { 日期: '2025-03-11', 出发时间: '08:10:00', '（预计）到达时间': '09:15:00', 出发地: "Chicago O'Hare (ORD)", 目的地: 'Springfield (SPI)', 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 212, 状态: 'Completed' },
    ],
    contacts: [contact('Carla Nguyen', '13744590213', { 公司: 'Lincoln Land Grains', 与本人关系: 'Supplier' }), TRAVEL_DESK],
    memory: [
      memory('mem_001', 'preference', 'Trips under 400 km: Daniel goes by train from Chicago Union Station, never by plane.', { tags: ['travel', 'train'], date: '2025-04-02', source: 'chat', pinned: true }),
      memory('mem_002', 'fact', 'Chicago to Springfield, IL is about 320 km.', { tags: ['travel', 'springfield'], date: '2025-10-07', source: 'chat' }),
    ],
  },
  steps: [
    { call: ['search_meeting', { pattern: 'Lincoln Land' }], expect: ['2026-03-24', 'Springfield'] },
    { call: ['search_sms', { pattern: 'Lincoln Land' }], expect: ['3/24'] },
    { call: ['search_memory', { query: 'train' }], expect: ['under 400 km', 'mem_001'] },
  ],
  trap: { calls: [['Delegate_TravelDesk', { request: 'Book my trip', traveler: 'Daniel Hayes', date: '2026-03-17', destination: 'Springfield', mode: '飞机' }]], error: 'wrong_value' },
})

const bounced = plannerTask({
  id: 'subagent-5',
  type: '辨析',
  instruction: 'Find out why the Sunfield payment bounced and get it fixed',
  meta: {
    answer: [{ name: 'Delegate_Finance', arguments: { amount: [2340], reference: ['SF-2026-031'], vendor: ['Sunfield Nut Co.', 'Sunfield', null] } }],
    free_params: [['request']],
    dimension: 'subagent',
    bucket: 'agent_behavior',
    rubric: {
      items: [
        { id: 'r1', criterion: 'Hands the returned payment to the finance agent', points: 3, auto: { kind: 'called', tool: 'Delegate_Finance' } },
        { id: 'r2', criterion: 'Looks the payment up before handing it over', points: 2, auto: { kind: 'called_before', first: 'search_transaction', then: 'Delegate_Finance' } },
        { id: 'r3', criterion: 'Does not pay Sunfield again itself', points: 2, auto: { kind: 'not_called', tool: 'Consumption_Create' } },
        { id: 'r4', criterion: 'Tells the user that finance has it', points: 1, auto: { kind: 'said', any: ['finance'] } },
        { id: 'r5', criterion: 'The handoff names the invoice, the amount and that Sunfield changed banks, so finance need not ask back', points: 2 },
      ],
      pass: { min_score: 0.8, required: ['r1', 'r3'] },
      graders: { min: 2 },
    },
  },
  reasoning:
    "1. search_transaction 'Sunfield' → invoice SF-2026-031, $2,340 on 2026-03-11, note 'RETURNED 3/12: payee account closed'. 2. search_sms 'SF-2026-031' → Victor Lam (Sunfield Nut Co.): they moved banks, finance has the new details, don't pay the old account again. 3. search_notes 'supplier' → supplier payments over $1,000 go through the finance desk. Call: Delegate_Finance (amount 2340, reference SF-2026-031), then tell the user finance is on it." +
    gradingNote(8, 10, 0.8),
  distractors: "Paying again with Consumption_Create (to the old account, or from Daniel's own account) is exactly what Victor and the note warn against. SF-2026-017 went through in February.",
  records: {
    transaction: [
      { 项目: 'Invoice SF-2026-031 – Q1 cashews', 金额: 2340, 日期: '2026-03-11', 时间: '10:20', 付款人: 'Maple Ridge Foods Ltd.', 付款账号: '6222029988776655', 收款人: 'Sunfield Nut Co.', 收款账号: '6214830012345678', 备注: 'RETURNED 3/12: payee account closed' },
      { 项目: 'Invoice SF-2026-017 – January almonds', 金额: 1980, 日期: '2026-02-10', 时间: '09:55', 付款人: 'Maple Ridge Foods Ltd.', 付款账号: '6222029988776655', 收款人: 'Sunfield Nut Co.', 收款账号: '6214830012345678' },
    ],
    sms: [
      sms(['Victor Lam', '13966412870'], SELF, '2026-03-12', '15:10:00', "Daniel, the payment for SF-2026-031 came back: we moved banks last month. Your finance team has our new details; please don't send it to the old account again."),
    ],
    notes: [note('Supplier payments', 'Anything over $1,000 to a supplier goes through the finance desk. Never pay suppliers from my own account.', '2025-08-20', '09:30')],
    contacts: [contact('Victor Lam', '13966412870', { 公司: 'Sunfield Nut Co.', 与本人关系: 'Supplier' })],
  },
  steps: [
    { call: ['search_transaction', { pattern: 'Sunfield' }], expect: ['SF-2026-031', 'RETURNED'] },
    { call: ['search_sms', { pattern: 'SF-2026-031' }], expect: ['moved banks'] },
    { call: ['search_notes', { pattern: 'supplier' }], expect: ['finance desk'] },
  ],
})

const guestWifi = plannerTask({
  id: 'subagent-6',
  type: '整合',
  instruction: "Send Jenny the guest Wi-Fi for Monday's vendor meeting",
  meta: {
    answer: [{ name: 'Messages_Send', arguments: { telephone: ['13588034617'] } }],
    free_params: [['text', 'attach']],
    dimension: 'subagent',
    bucket: 'agent_behavior',
    rubric: {
      items: [
        { id: 'r1', criterion: 'Texts the Wi-Fi details to Jenny Walsh', points: 3, auto: { kind: 'called', tool: 'Messages_Send', args: { telephone: '13588034617' } } },
        { id: 'r2', criterion: 'Does it without the IT helpdesk: the details are in Notes', points: 3, auto: { kind: 'not_called', tool: 'Delegate_ITHelpdesk' } },
        { id: 'r3', criterion: 'Tells the user Jenny has the details', points: 2, auto: { kind: 'said', any: ['Jenny'] } },
        { id: 'r4', criterion: "The text gives the network name and March's password (Cashew!2026), not February's", points: 2 },
      ],
      pass: { min_score: 0.8, required: ['r1', 'r2'] },
      graders: { min: 2 },
    },
  },
  reasoning:
    "1. search_sms 'Wi-Fi' → Jenny Walsh asks for the guest Wi-Fi for Monday's vendor meeting. 2. search_notes 'Wi-Fi' → network MRF-Guest, March 2026 password Cashew!2026. 3. search_contacts 'Jenny' → Jenny Walsh 13588034617. Call: Messages_Send to 13588034617 with the network and password. Handing it to the IT helpdesk is needless delegation." +
    gradingNote(8, 10, 0.8),
  distractors: "February's password (Almond#0226) is in the same note. Jenny Park is Owen's coach.",
  records: {
    notes: [note('Office guest Wi-Fi', 'Network: MRF-Guest. The password changes on the 1st of each month. March 2026: Cashew!2026 (February was Almond#0226).', '2026-03-01', '08:05')],
    meeting: [
      { 标题: 'Coastal Cashew – vendor meeting', 开始日期: '2026-03-16', 结束日期: '2026-03-16', 开始时间: '10:00:00', 结束时间: '11:00:00', 提醒时间: '30分钟前', 重复: '不重复', 参会人: ['Jenny Walsh', 'Hannah Ortiz'], 地点: 'Room 3B', 状态: 'Scheduled' },
    ],
    sms: [sms(['Jenny Walsh', '13588034617'], SELF, '2026-03-13', '17:45:00', "Can you send me the guest Wi-Fi for Monday's vendor meeting? IT says you have it.")],
    contacts: [JENNY_WALSH, contact('Jenny Park', '13612340987', { 与本人关系: 'Coach', 备注: "Owen's football coach" })],
  },
  steps: [
    { call: ['search_sms', { pattern: 'Wi-Fi' }], expect: ['Jenny Walsh'] },
    { call: ['search_notes', { pattern: 'Wi-Fi' }], expect: ['MRF-Guest', 'Cashew!2026'] },
    { call: ['search_contacts', { pattern: 'Jenny' }], expect: ['13588034617'] },
  ],
})

export const SUBAGENT_TASKS: PlannerTaskSource[] = [vpn, doubleCharge, denverChange, springfield, bounced, guestWifi]
