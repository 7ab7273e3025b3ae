/** Skill usage: loading the skill whose instructions and tool the task needs, and not loading one it must not use. */
import { ME, MY_PHONE, SELF, contact, gradingNote, memory, note, payment, plannerTask, sms } from './task'
import type { PlannerTaskSource } from './task'

const JENNY_WALSH = contact('Jenny Walsh', '13588034617', { 公司: 'Maple Ridge Foods Ltd.', 与本人关系: 'Colleague' })
const LOTUS_GARDEN: [string, string] = ['Lotus Garden', '6225880143215678']

const sunfieldLunch = plannerTask({
  id: 'skill-1',
  type: '整合',
  instruction: "File Thursday's lunch with the Sunfield people as an expense",
  meta: {
    answer: [
      {
        name: 'Expense_Submit',
        arguments: { amount: [86.4], merchant: ['Lotus Garden'], date: ['2026-03-12'], category: ['meals'], attendees: [['Victor Lam', 'Julia Park']] },
      },
    ],
    free_params: [['purpose']],
    dimension: 'skill',
    bucket: 'tool_call',
    skills: { required: ['expense-filing'] },
    mentions: [{ call: 0, param: 'purpose', all: ['Sunfield'] }],
  },
  reasoning:
    "1. load_skill expense-filing → the policy and Expense_Submit: the amount as charged, the transaction's date, category meals for supplier meals, a purpose naming the company, attendees other than the user. 2. search_meeting 'Sunfield' → Q2 pricing lunch, Thu 2026-03-12 at Lotus Garden with Victor Lam and Julia Park. 3. search_transaction 'Lotus Garden' → $86.40 on 2026-03-12, note naming Sunfield. Call: Expense_Submit 86.4, Lotus Garden (any case), 2026-03-12, meals, attendees Victor Lam and Julia Park (any order), a purpose naming Sunfield (mentions).",
  distractors: "The $42.10 Lotus Garden lunch on 3/5 was with Claire (personal). The morning coffee on 3/12 is not the lunch.",
  records: {
    transaction: [
      payment('Lunch – Lotus Garden', 86.4, '2026-03-12', '13:52', LOTUS_GARDEN, 'Sunfield Nut Co. (Victor Lam, Julia Park)'),
      payment('Lunch – Lotus Garden', 42.1, '2026-03-05', '13:10', LOTUS_GARDEN, 'With Claire'),
      payment('Coffee – Intelligentsia', 9.5, '2026-03-12', '08:40', ['Intelligentsia Coffee', '6225880143219900']),
    ],
    meeting: [
      { 标题: 'Q2 pricing lunch – Sunfield Nut Co.', 开始日期: '2026-03-12', 结束日期: '2026-03-12', 开始时间: '12:30:00', 结束时间: '13:45:00', 提醒时间: '30分钟前', 重复: '不重复', 参会人: ['Victor Lam', 'Julia Park'], 地点: 'Lotus Garden', 状态: 'Completed' },
    ],
    contacts: [
      contact('Victor Lam', '13966412870', { 公司: 'Sunfield Nut Co.', 与本人关系: 'Supplier' }),
      contact('Julia Park', '13577120934', { 公司: 'Sunfield Nut Co.', 与本人关系: 'Supplier' }),
    ],
    notes: [note('Receipts to file', 'Sunfield lunch 3/12 (Lotus Garden). Denver taxi 3/3: filed already.', '2026-03-12', '14:05')],
  },
  steps: [
    { call: ['load_skill', { name: 'expense-filing' }], expect: ['Expense_Submit', 'meals'] },
    { call: ['search_meeting', { pattern: 'Sunfield' }], expect: ['2026-03-12', 'Victor Lam', 'Julia Park'] },
    { call: ['search_transaction', { pattern: 'Lotus Garden' }], expect: ['86.4', 'Sunfield'] },
  ],
  trap: { calls: [['Expense_Submit', { amount: 42.1, merchant: 'Lotus Garden', date: '2026-03-05', category: 'meals', purpose: 'Lunch with Sunfield', attendees: ['Victor Lam', 'Julia Park'] }]], error: 'wrong_value' },
})

const concertTickets = plannerTask({
  id: 'skill-2',
  type: '辨析',
  instruction: 'Pay Megan back for the concert tickets',
  meta: {
    answer: [{ name: 'Consumption_Create', arguments: { amount: [118], receivingName: ['Megan Parker'], receivingAccount: ['6225880134567812'] } }],
    free_params: [['item', 'note']],
    dimension: 'skill',
    bucket: 'tool_call',
    skills: { forbidden: ['expense-filing'] },
  },
  reasoning:
    "1. search_sms 'tickets' → Megan Parker, 2026-03-09: the two Wilco tickets come to $118, to her account 6225880134567812. 2. search_transaction 'Megan' → February's dinner split went to the same account. Call: Consumption_Create $118 to Megan Parker, 6225880134567812. Concert tickets for friends are personal: loading the expense-filing skill is forbidden (skill_forbidden_loaded), even though a receipts note is lying around.",
  distractors: "'Receipts to file' in Notes tempts towards filing an expense. Megan Stone is a colleague.",
  records: {
    sms: [
      sms(['Megan Parker', '13688410297'], SELF, '2026-03-09', '21:15:00', 'Got the Wilco tickets!! Your two come to $118. Send it to my account 6225880134567812 whenever.'),
      sms(['Ben Parker', '13688410330'], SELF, '2026-03-09', '21:40:00', "Megan's sorted the tickets, I'll drive us all."),
    ],
    contacts: [
      contact('Megan Parker', '13688410297', { 与本人关系: 'Friend' }),
      contact('Ben Parker', '13688410330', { 与本人关系: 'Friend' }),
      contact('Megan Stone', '13700112233', { 公司: 'Maple Ridge Foods Ltd.', 与本人关系: 'Colleague' }),
    ],
    transaction: [payment('Dinner split – Giordano\'s', 36.5, '2026-02-14', '22:05', ['Megan Parker', '6225880134567812'])],
    notes: [note('Receipts to file', 'Sunfield lunch 3/12 (Lotus Garden).', '2026-03-12', '14:05')],
  },
  steps: [
    { call: ['search_sms', { pattern: 'tickets' }], expect: ['$118', '6225880134567812', 'Megan Parker'] },
    { call: ['search_transaction', { pattern: 'Megan' }], expect: ['6225880134567812'] },
  ],
  trap: { reads: [['load_skill', { name: 'expense-filing' }]], calls: [['Expense_Submit', { amount: 118, merchant: 'Megan Parker', date: '2026-03-09', category: 'other', purpose: 'Concert tickets' }]], error: 'skill_forbidden_loaded' },
})

const anniversary = plannerTask({
  id: 'skill-3',
  type: '推理',
  instruction: 'Book our anniversary dinner at the place we had our first date',
  meta: {
    answer: [
      {
        name: 'Restaurant_Reserve',
        arguments: { restaurant: ['Bella Notte'], date: ['2026-03-21'], time: ['19:30:00'], partySize: [2], name: [ME, null], phone: [MY_PHONE, null] },
      },
    ],
    free_params: [['requests']],
    dimension: 'skill',
    bucket: 'tool_call',
    skills: { required: ['restaurant-booking'] },
    mentions: [{ call: 0, param: 'requests', all: ['vegetarian'] }],
  },
  reasoning:
    "1. load_skill restaurant-booking → anniversary dinners at 19:30, party size with the user, dietary needs in requests. 2. search_notes 'first date' → 'Claire & me': first date at Bella Notte on Taylor St; anniversary March 21. 3. The pinned mem_001 (in the prompt): Claire is vegetarian. Call: Restaurant_Reserve Bella Notte, 2026-03-21, 19:30, party of 2, requests saying vegetarian (mentions); name and phone Daniel's if given.",
  distractors: "Last year's anniversary dinner was at Alinea, not the first-date place.",
  records: {
    notes: [note('Claire & me', 'First date: Bella Notte on Taylor St, June 2011. Wedding anniversary: March 21. Her ring size: 6.', '2019-05-02', '22:10')],
    contacts: [contact('Bella Notte', '13120005566', { 住址: '1374 W Taylor St, Chicago', 备注: 'Italian' }), contact('Claire Hayes', '13761190254', { 与本人关系: 'Wife' })],
    transaction: [payment('Anniversary dinner – Alinea', 412, '2025-03-21', '22:40', ['Alinea', '6225880145670011'])],
    schedule: [{ 标题: 'Our anniversary', 日期: '2026-03-21', 开始时间: '00:00:00', 结束时间: '23:59:00', 提醒时间: '1周前', 重复: '每年' }],
    memory: [
      memory('mem_001', 'preference', 'Claire is vegetarian.', { tags: ['claire', 'food'], date: '2023-02-10', source: 'chat', pinned: true }),
      memory('mem_004', 'episode', 'Anniversary 2025 at Alinea: great, but Claire said next time somewhere that means something to us.', { tags: ['claire', 'anniversary'], date: '2025-03-22', source: 'chat' }),
    ],
  },
  steps: [
    { call: ['load_skill', { name: 'restaurant-booking' }], expect: ['19:30', 'Restaurant_Reserve'] },
    { call: ['search_notes', { pattern: 'first date' }], expect: ['Bella Notte', 'March 21'] },
  ],
  trap: { calls: [['Restaurant_Reserve', { restaurant: 'Alinea', date: '2026-03-21', time: '19:30:00', partySize: 2, requests: 'Anniversary; vegetarian' }]], error: 'wrong_value' },
})

const teamDinner = plannerTask({
  id: 'skill-4',
  type: '多意图',
  instruction: "Book the team dinner after Friday's sourcing review at our usual place",
  meta: {
    answer: [{ name: 'Restaurant_Reserve', arguments: { restaurant: ['Harbor Grill'], date: ['2026-03-20'], time: ['17:30:00'], partySize: [4] } }],
    free_params: [['name', 'phone', 'requests']],
    dimension: 'skill',
    bucket: 'state_change',
    verify: 'state',
    expected_state: [{ app: 'schedule', op: 'insert', record: { 地点: ['Harbor Grill'], 日期: ['2026-03-20'], 开始时间: ['17:30:00', '17:30'] } }],
    skills: { required: ['restaurant-booking'] },
  },
  reasoning:
    "1. load_skill restaurant-booking → team dinners 30 minutes after the meeting ends, the party is the participants plus the user. 2. search_meeting 'sourcing' → Q2 sourcing review, Fri 2026-03-20 15:00-17:00 with Rachel Kim, Jenny Walsh and Tom Ruiz. 3. search_memory 'team dinner' → mem_009: team dinners now at Harbor Grill (supersedes mem_004, Lotus Garden). Call: Restaurant_Reserve Harbor Grill, 2026-03-20, 17:30, party of 4 (Jenny's gluten-free need, mem_006, belongs in the requests). Checked by the state: the reservation's calendar entry.",
  distractors: 'mem_004 says Lotus Garden, replaced by mem_009. The meeting starts at 15:00 but the dinner follows its end.',
  records: {
    meeting: [
      { 标题: 'Q2 sourcing review', 开始日期: '2026-03-20', 结束日期: '2026-03-20', 开始时间: '15:00:00', 结束时间: '17:00:00', 提醒时间: '30分钟前', 重复: '不重复', 参会人: ['Rachel Kim', 'Jenny Walsh', 'Tom Ruiz'], 地点: 'Room 3B', 状态: 'Scheduled' },
    ],
    memory: [
      memory('mem_004', 'preference', 'Team dinners: Lotus Garden.', { tags: ['team', 'dinner'], date: '2024-06-01', source: 'chat' }),
      memory('mem_006', 'fact', 'Jenny Walsh is gluten-free.', { tags: ['jenny', 'food'], date: '2025-02-02', source: 'chat' }),
      memory('mem_009', 'preference', 'Team dinners now at Harbor Grill, Oak Park: Lotus Garden closed its back room.', { tags: ['team', 'dinner'], date: '2025-11-20', source: 'chat', supersedes: 'mem_004' }),
    ],
    transaction: [payment('Team dinner – Harbor Grill', 268, '2025-12-12', '21:10', ['Harbor Grill', '6225880177776543'])],
    contacts: [JENNY_WALSH, contact('Rachel Kim', '13917726405', { 公司: 'Maple Ridge Foods Ltd.', 与本人关系: 'Manager' })],
  },
  steps: [
    { call: ['load_skill', { name: 'restaurant-booking' }], expect: ['30 minutes after the meeting ends'] },
    { call: ['search_meeting', { pattern: 'sourcing' }], expect: ['2026-03-20', '17:00:00', 'Tom Ruiz'] },
    { call: ['search_memory', { query: 'team dinner' }], expect: ['Harbor Grill', 'mem_009'] },
  ],
  trap: { calls: [['Restaurant_Reserve', { restaurant: 'Lotus Garden', date: '2026-03-20', time: '17:30:00', partySize: 4 }]], error: 'wrong_value' },
})

const DENVER = ['Denver International (DEN)', 'DEN', 'Denver']
const denverTrip = plannerTask({
  id: 'skill-5',
  type: '整合',
  instruction: 'Book flights for Jenny and me to the Denver supplier review',
  meta: {
    answer: [
      {
        name: 'Trip_Book',
        arguments: {
          date: ['2026-03-23'],
          from: ["Chicago O'Hare (ORD)", 'ORD', "Chicago O'Hare"],
          to: DENVER,
          mode: ['飞机'],
          fareClass: ['economy'],
          travelers: [[ME, 'Jenny Walsh']],
          costCenter: ['CC-4410'],
        },
      },
    ],
    free_params: [['time']],
    dimension: 'skill',
    bucket: 'state_change',
    verify: 'state',
    expected_state: [
      {
        app: 'transport',
        op: 'insert',
        record: { 日期: ['2026-03-23'], 目的地: DENVER, 交通方式: ['飞机'], 联系人: [[ME, 'Jenny Walsh'], ['Jenny Walsh', ME]] },
      },
    ],
    skills: { required: ['travel-booking'] },
  },
  reasoning:
    "1. load_skill travel-booking → one booking for everyone travelling together, the day before an event that starts before noon, economy under 4 hours, flights from O'Hare, the latest cost centre from the travel note. 2. search_meeting 'Denver' → Rocky Mountain Grains supplier review, Tue 2026-03-24 at 10:00, with Jenny Walsh. 3. search_notes 'cost centre' → CC-4410 since January (CC-3100 before). Call: Trip_Book 2026-03-23, Chicago O'Hare (ORD) → Denver International (DEN), 飞机, economy, travellers Daniel Hayes and Jenny Walsh, CC-4410. Checked by the state: one new transport record for both of them on the 23rd (the cost centre and fare class show in the calls only).",
  distractors: 'CC-3100 is the old cost centre. Two separate bookings break the policy. Flying on the 24th misses the 10:00 start.',
  records: {
    meeting: [
      { 标题: 'Rocky Mountain Grains – supplier review', 开始日期: '2026-03-24', 结束日期: '2026-03-25', 开始时间: '10:00:00', 结束时间: '16:00:00', 提醒时间: '1天前', 重复: '不重复', 参会人: ['Jenny Walsh', 'Luis Ortega'], 地点: 'Rocky Mountain Grains, Denver', 状态: 'Scheduled' },
    ],
    sms: [sms(['Jenny Walsh', '13588034617'], SELF, '2026-03-13', '12:10:00', "Shall we fly to Denver together for the review? One booking for both of us, please, finance likes that.")],
    notes: [note('Travel', 'Procurement cost centre: CC-4410 (from January 2026; it was CC-3100 before).', '2026-01-05', '09:00')],
    transport: [
      { 日期: '2025-11-03', 出发时间: '08:15:00', '（预计）到达时间': '09:50:00', 出发地: "Chicago O'Hare (ORD)", 目的地: 'Denver International (DEN)', 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 246, 状态: 'Completed' },
    ],
    contacts: [JENNY_WALSH, contact('Luis Ortega', '13544870926', { 公司: 'Rocky Mountain Grains', 与本人关系: 'Supplier' })],
  },
  steps: [
    { call: ['load_skill', { name: 'travel-booking' }], expect: ['Trip_Book', 'the day before', 'economy'] },
    { call: ['search_meeting', { pattern: 'Denver' }], expect: ['2026-03-24', '10:00:00', 'Jenny Walsh'] },
    { call: ['search_notes', { pattern: 'cost centre' }], expect: ['CC-4410'] },
  ],
  trap: { calls: [['Trip_Book', { date: '2026-03-24', from: "Chicago O'Hare (ORD)", to: 'Denver International (DEN)', mode: '飞机', fareClass: 'economy', travelers: ['Daniel Hayes', 'Jenny Walsh'], costCenter: 'CC-3100' }]], error: 'wrong_value' },
})

const mileage = plannerTask({
  id: 'skill-6',
  type: '整合',
  instruction: 'How much can I claim for driving to the Rockford plant and back on Wednesday?',
  meta: {
    answer: [],
    free_params: [],
    dimension: 'skill',
    bucket: 'agent_behavior',
    skills: { required: ['expense-filing'] },
    rubric: {
      items: [
        { id: 'r1', criterion: 'Loads the expense-filing skill for the mileage rate', points: 3, auto: { kind: 'skill_loaded', name: 'expense-filing' } },
        { id: 'r2', criterion: 'Gives the right amount, $120.40', points: 3, auto: { kind: 'said', any: ['120.40'] } },
        { id: 'r3', criterion: 'Does not file the claim: the user only asked how much', points: 2, auto: { kind: 'not_called', tool: 'Expense_Submit' } },
        { id: 'r4', criterion: 'Shows the working: 86 miles each way, both ways, at $0.70 a mile', points: 1 },
        { id: 'r5', criterion: 'Offers to file the claim', points: 1 },
      ],
      pass: { min_score: 0.8, required: ['r1', 'r2'] },
      graders: { min: 2 },
    },
  },
  reasoning:
    "1. load_skill expense-filing → mileage at $0.70 a mile, a round trip counts both ways, miles from the mileage log. 2. search_notes 'Rockford' → Wed 3/11: 86 miles each way in his own car. 86 × 2 × 0.70 = $120.40. No call: the answer is the reply." +
    gradingNote(8, 10, 0.8),
  distractors: "The Aurora trip (31 miles each way) was claimed already. The fuel receipt is not how mileage is paid. Filing the claim was not asked for.",
  records: {
    schedule: [{ 标题: 'Rockford plant visit – Prairie Snacks', 日期: '2026-03-11', 开始时间: '10:00:00', 结束时间: '15:00:00', 提醒时间: '1小时前', 重复: '不重复', 地点: 'Prairie Snacks, Rockford' }],
    notes: [note('Mileage log', 'Mar 11: home (Oak Park) → Prairie Snacks, Rockford: 86 miles each way, my car. Feb 24: office → Aurora DC: 31 miles each way (claimed).', '2026-03-11', '18:30')],
    transaction: [payment('Fuel – Shell', 48.2, '2026-03-11', '07:45', ['Shell Oak Park', '6225880155550042'])],
  },
  steps: [
    { call: ['load_skill', { name: 'expense-filing' }], expect: ['$0.70 per mile', 'both ways'] },
    { call: ['search_notes', { pattern: 'Rockford' }], expect: ['86 miles each way'] },
  ],
})

export const SKILL_TASKS: PlannerTaskSource[] = [sunfieldLunch, concertTickets, anniversary, teamDinner, denverTrip, mileage]
