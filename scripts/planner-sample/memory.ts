/** Memory usage: recalling what the assistant remembers (the current item, not the one it replaced), pinned items, and changing memory. */
import { ME, MY_PHONE, SELF, contact, gradingNote, memory, note, plannerTask, sms } from './task'
import type { PlannerTaskSource } from './task'

const KING_ROOM = memory('mem_001', 'preference', 'Hotel rooms: a king room, non-smoking.', { tags: ['travel', 'hotel'], date: '2024-03-02', source: 'chat', pinned: true })

const omahaHotel = plannerTask({
  id: 'memory-1',
  type: '辨析',
  instruction: 'Book my usual hotel for the Omaha trip',
  meta: {
    answer: [
      {
        name: 'Accommodation_Create',
        arguments: {
          dateCheckIn: ['2026-03-24'],
          dateCheckOut: ['2026-03-26'],
          location: ['Kimpton Cottonwood, 1234 S Saddle Creek Rd, Omaha', 'Kimpton Cottonwood, 1234 S Saddle Creek Rd', 'Kimpton Cottonwood', 'Kimpton Cottonwood Hotel'],
          people: [[ME]],
          telephone: [MY_PHONE],
          roomType: ['King room', 'King room, non-smoking', 'Non-smoking king room', 'king room', 'King'],
          num: [1, null],
        },
      },
    ],
    free_params: [[]],
    dimension: 'memory',
    bucket: 'tool_call',
    memory: { required: ['mem_011'], forbidden: ['mem_003'] },
  },
  reasoning:
    "1. search_meeting 'Omaha' → Heartland Nut Co. plant visit 2026-03-25 to 03-26. 2. search_transport 'Omaha' → flying out Tue 2026-03-24 evening, back 2026-03-26 18:10: check in 03-24, check out 03-26. 3. search_memory 'Omaha' (tags hotel) → mem_011 (2026-01-23): from now on the Kimpton Cottonwood, 1234 S Saddle Creek Rd; it supersedes mem_003 (the Hyatt Place). The pinned mem_001 (in the prompt): a king room, non-smoking. Call: Accommodation_Create 2026-03-24 to 2026-03-26 at the Kimpton Cottonwood for Daniel Hayes, 15811224476, King room. Memory: mem_011 must come back in a memory read; using mem_003 is reported (memory_forbidden_used).",
  distractors: "mem_003 and January's stay both say Hyatt Place Omaha: the old habit, replaced by mem_011. Claire's Denver hotel (mem_004) is about another city.",
  records: {
    meeting: [
      { 标题: 'Heartland Nut Co. – plant visit', 开始日期: '2026-03-25', 结束日期: '2026-03-26', 开始时间: '09:00:00', 结束时间: '16:00:00', 提醒时间: '1天前', 重复: '不重复', 参会人: ['Greg Miller'], 地点: 'Heartland Nut Co., Omaha', 状态: 'Scheduled' },
    ],
    transport: [
      { 日期: '2026-03-24', 出发时间: '19:10:00', '（预计）到达时间': '20:40:00', 出发地: "Chicago O'Hare (ORD)", 目的地: 'Omaha Eppley (OMA)', 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 176, 状态: 'Confirmed' },
      { 日期: '2026-03-26', 出发时间: '18:10:00', '（预计）到达时间': '19:45:00', 出发地: 'Omaha Eppley (OMA)', 目的地: "Chicago O'Hare (ORD)", 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 181, 状态: 'Confirmed' },
    ],
    accommodation: [{ 住宿地点: 'Hyatt Place Omaha, 1515 S 67th St, Omaha', 入住日期: '2026-01-20', 退宿日期: '2026-01-22', 房型: 'King room', 数量: 1, 联系人: ME, 联系方式: MY_PHONE, 费用: 298, 状态: 'Completed' }],
    memory: [
      KING_ROOM,
      memory('mem_003', 'preference', 'Usual hotel in Omaha: Hyatt Place Omaha, 1515 S 67th St.', { tags: ['travel', 'hotel', 'omaha'], date: '2025-06-02', source: 'booking' }),
      memory('mem_004', 'preference', "Claire's favourite hotel in Denver: The Maven.", { tags: ['travel', 'hotel', 'claire'], date: '2025-08-14', source: 'chat' }),
      memory('mem_007', 'episode', 'Stayed at Hyatt Place Omaha in January; the walk to Heartland took 40 minutes in the snow.', { tags: ['travel', 'omaha'], date: '2026-01-22', time: '21:30', source: 'chat' }),
      memory('mem_011', 'preference', 'Omaha from now on: Kimpton Cottonwood, 1234 S Saddle Creek Rd, ten minutes from Heartland. Not the Hyatt Place any more.', {
        tags: ['travel', 'hotel', 'omaha'],
        date: '2026-01-23',
        time: '08:15',
        source: 'chat',
        supersedes: 'mem_003',
      }),
    ],
  },
  steps: [
    { call: ['search_meeting', { pattern: 'Omaha' }], expect: ['2026-03-25', '2026-03-26'] },
    { call: ['search_transport', { pattern: 'Omaha' }], expect: ['2026-03-24'] },
    { call: ['search_memory', { query: 'Omaha', tags: ['hotel'] }], expect: ['mem_011', 'Kimpton Cottonwood', 'mem_003'] },
  ],
  trap: { calls: [['Accommodation_Create', { dateCheckIn: '2026-03-24', dateCheckOut: '2026-03-26', location: 'Hyatt Place Omaha, 1515 S 67th St, Omaha', people: ['Daniel Hayes'], telephone: '15811224476', roomType: 'King room' }]], error: 'wrong_value' },
})

const expoTrain = plannerTask({
  id: 'memory-2',
  type: '偏好',
  instruction: "Book my trip to Thursday's expo in Milwaukee",
  meta: {
    answer: [
      {
        name: 'Transport_Create',
        arguments: {
          date: ['2026-03-19'],
          time: ['06:10:00', '06:10'],
          start: ['Chicago Union Station'],
          end: ['Milwaukee Intermodal Station', 'Milwaukee Intermodal', 'Milwaukee'],
          passenger: [[ME]],
          telephone: [MY_PHONE],
          transportType: ['火车'],
        },
      },
    ],
    free_params: [[]],
    dimension: 'memory',
    bucket: 'tool_call',
    memory: { required: ['mem_002', 'mem_005'] },
  },
  reasoning:
    "1. search_meeting 'Expo' → Midwest Food Expo, Thu 2026-03-19 from 09:00, Wisconsin Center, Milwaukee. 2. The pinned mem_002 (in the prompt): trips under 400 km by train from Chicago Union Station. 3. search_memory 'doors' → mem_005: be at trade shows when the doors open. 4. search_notes 'Milwaukee' → Hiawatha timetable: the 06:10 arrives 07:39, the 08:25 not until 09:54. Call: Transport_Create 2026-03-19 06:10, Chicago Union Station → Milwaukee Intermodal Station, Daniel Hayes, 15811224476, 火车 (train). Memory: mem_002 counts as pinned; mem_005 must come back in a read.",
  distractors: "Last year's expo trip was a flight to Milwaukee Mitchell (MKE), before the train rule (mem_006 says why). The 08:25 train misses the opening.",
  records: {
    meeting: [
      { 标题: 'Midwest Food Expo', 开始日期: '2026-03-19', 结束日期: '2026-03-19', 开始时间: '09:00:00', 结束时间: '17:00:00', 提醒时间: '1天前', 重复: '不重复', 参会人: [], 地点: 'Wisconsin Center, Milwaukee', 状态: 'Scheduled' },
    ],
    notes: [
      note('Hiawatha timetable', 'Chicago Union Station → Milwaukee Intermodal Station: 06:10 (arr. 07:39), 08:25 (arr. 09:54), 10:15 (arr. 11:44). Back: 17:45, 19:05.', '2026-01-10', '12:00'),
    ],
    transport: [
      { 日期: '2025-03-20', 出发时间: '07:05:00', '（预计）到达时间': '07:50:00', 出发地: "Chicago O'Hare (ORD)", 目的地: 'Milwaukee Mitchell (MKE)', 交通方式: '飞机', 联系人: ME, 联系方式: MY_PHONE, '（预计）费用': 189, 状态: 'Completed' },
    ],
    memory: [
      KING_ROOM,
      memory('mem_002', 'preference', 'Trips under 400 km: Daniel takes the train from Chicago Union Station, never a plane.', { tags: ['travel', 'train'], date: '2025-04-02', source: 'chat', pinned: true }),
      memory('mem_005', 'preference', 'At trade shows, Daniel wants to be there when the doors open.', { tags: ['work', 'expo'], date: '2025-03-21', source: 'chat' }),
      memory('mem_006', 'episode', 'Flew to Milwaukee for the 2025 expo: two hours in airports for a 45-minute flight.', { tags: ['travel', 'milwaukee'], date: '2025-03-21', time: '18:40', source: 'chat' }),
    ],
  },
  steps: [
    { call: ['search_meeting', { pattern: 'Expo' }], expect: ['2026-03-19', '09:00:00', 'Milwaukee'] },
    { call: ['search_memory', { query: 'doors' }], expect: ['mem_005'] },
    { call: ['search_notes', { pattern: 'Milwaukee' }], expect: ['06:10 (arr. 07:39)', 'Chicago Union Station'] },
  ],
  trap: { calls: [['Transport_Create', { date: '2026-03-19', time: '07:05:00', start: "Chicago O'Hare (ORD)", end: 'Milwaukee Mitchell (MKE)', passenger: ['Daniel Hayes'], telephone: '15811224476', transportType: '飞机' }]], error: 'wrong_value' },
})

const sickDay = plannerTask({
  id: 'memory-3',
  type: '推理',
  instruction: "Tell Lily's school she'll be off sick on Monday",
  meta: {
    answer: [{ name: 'Messages_Send', arguments: { telephone: ['13300002222'] } }],
    free_params: [['text', 'attach']],
    dimension: 'memory',
    bucket: 'tool_call',
    mentions: [{ call: 0, param: 'text', all: ['Lily Hayes', '3B'], any: [['sick', 'ill', 'unwell']] }],
    memory: { required: ['mem_007', 'mem_010'], evidence: 'opened', forbidden: ['mem_004'] },
  },
  reasoning:
    "1. search_memory 'Lily' (tags school) → mem_007 (procedure: text the school office 13300002222 with her full name, class and the reason), mem_010 (she moved to class 3B after the winter break; supersedes mem_004, class 2A). 2. get_memory mem_007 and mem_010 to read them whole (evidence 'opened'). Call: Messages_Send to 13300002222 saying Lily Hayes of 3B is off sick on Monday (mentions: 'Lily Hayes', '3B', and sick, ill or unwell).",
  distractors: "mem_004 (class 2A, Mrs. Olsen) is last year's. Karen Olsen and Marcus Lee are teachers, not the office. Owen's school has its own number (mem_008).",
  records: {
    memory: [
      memory('mem_004', 'fact', "Lily's class: 2A, Mrs. Olsen.", { tags: ['lily', 'school'], date: '2025-09-03', source: 'chat' }),
      memory('mem_007', 'procedure', 'To report Lily absent: text the school office (13300002222) before 8:30 with her full name, her class and the reason.', {
        tags: ['lily', 'school', 'absence'],
        date: '2025-09-03',
        source: 'school letter',
      }),
      memory('mem_008', 'fact', "Owen's school: Oak Park Middle; absences by phone to 13300005151.", { tags: ['owen', 'school'], date: '2025-09-03', source: 'school letter' }),
      memory('mem_010', 'fact', 'Lily moved to class 3B (Mr. Lee) after the winter break.', { tags: ['lily', 'school'], date: '2026-01-06', source: 'chat', supersedes: 'mem_004' }),
    ],
    contacts: [
      contact('Oak Park Elementary office', '13300002222', { 公司: 'Oak Park Elementary' }),
      contact('Marcus Lee', '13744820196', { 公司: 'Oak Park Elementary', 与本人关系: 'Teacher' }),
      contact('Karen Olsen', '13300007788', { 公司: 'Oak Park Elementary', 与本人关系: 'Teacher' }),
    ],
    sms: [sms(['Claire Hayes', '13761190254'], SELF, '2026-03-14', '08:30:00', "Lily's temperature is up again, she's staying home Monday. Can you tell the school?")],
  },
  steps: [
    { call: ['search_memory', { query: 'Lily', tags: ['school'] }], expect: ['mem_007', 'mem_010', 'mem_004'] },
    { call: ['get_memory', { id: 'mem_010' }], expect: ['3B'] },
    { call: ['get_memory', { id: 'mem_007' }], expect: ['13300002222'] },
  ],
  trap: { calls: [['Messages_Send', { telephone: '13300002222', text: 'Lily Hayes (class 2A) is sick and stays home on Monday.' }]], error: 'mention_missing' },
})

const lockerCode = plannerTask({
  id: 'memory-4',
  type: '辨析',
  instruction: "Forget my gym locker code, I've cancelled the membership",
  meta: {
    answer: [{ name: 'Memory_Delete', arguments: { id: ['mem_005'] } }],
    free_params: [[]],
    dimension: 'memory',
    bucket: 'state_change',
    verify: 'state',
    expected_state: [{ app: 'memory', op: 'delete', where: { id: 'mem_005' } }],
    memory: { required: ['mem_005'] },
  },
  reasoning:
    "1. search_memory 'locker' → mem_005 (Daniel's locker code at FitZone Lakeview, 4471) and mem_008 (Claire's, 9032). Call: Memory_Delete mem_005. Checked by the state: that item is gone and nothing else changed.",
  distractors: "Claire's membership goes on (FitZone's text says so): her code stays. The bike lock code and the spin-class routine are not the locker code.",
  records: {
    memory: [
      memory('mem_002', 'fact', 'Bike lock code: 1189.', { tags: ['bike', 'code'], date: '2025-05-11', source: 'chat' }),
      memory('mem_005', 'fact', 'Locker code at FitZone Lakeview: 4471.', { tags: ['gym', 'code'], date: '2025-10-02', source: 'chat' }),
      memory('mem_008', 'fact', "Claire's locker code at FitZone Lakeview: 9032.", { tags: ['gym', 'code', 'claire'], date: '2025-10-02', source: 'chat' }),
      memory('mem_009', 'procedure', 'Gym: spin class on Tuesdays and Thursdays at 18:30.', { tags: ['gym'], date: '2025-10-02', source: 'chat' }),
    ],
    sms: [
      sms(['FitZone Lakeview', '13811907765'], SELF, '2026-03-10', '12:00:00', "Your FitZone membership is cancelled as of 3/31. Please empty your locker by then. Claire's membership continues."),
    ],
    contacts: [contact('FitZone Lakeview', '13811907765', { 与本人关系: 'Service' })],
  },
  steps: [{ call: ['search_memory', { query: 'locker' }], expect: ['mem_005', '4471', 'mem_008'] }],
  trap: { calls: [['Memory_Delete', { id: 'mem_008' }]], error: 'wrong_value' },
})

const allergy = plannerTask({
  id: 'memory-5',
  type: '整合',
  instruction: "Make sure you never forget Lily's allergy, and get rid of the outdated note about it",
  meta: {
    answer: [
      { name: 'Memory_Update', arguments: { id: ['mem_012'], pinned: [true] } },
      { name: 'Memory_Delete', arguments: { id: ['mem_006'] } },
    ],
    free_params: [[], []],
    dimension: 'memory',
    bucket: 'state_change',
    verify: 'state',
    expected_state: [
      { app: 'memory', op: 'update', where: { id: 'mem_012' }, record: { pinned: [true] } },
      { app: 'memory', op: 'delete', where: { id: 'mem_006' } },
    ],
    memory: { required: ['mem_012'] },
  },
  reasoning:
    "1. search_memory 'allergy' → mem_012 (2026-03-13, the allergist: Lily's peanut allergy is severe, EpiPen) which supersedes mem_006 (2024: mild, traces fine). 'Never forget' is pinning: Memory_Update mem_012 pinned true. The outdated note is mem_006: Memory_Delete mem_006. Checked by the state: mem_012 pinned with its text unchanged, mem_006 gone, nothing else changed.",
  distractors: "Claire's dislike of peanut sauce (mem_003) and Owen's 'no allergies' (mem_010) are about others. Rewriting mem_012's text is not asked for.",
  records: {
    memory: [
      memory('mem_002', 'preference', 'Claire is vegetarian.', { tags: ['claire', 'food'], date: '2023-02-10', source: 'chat', pinned: true }),
      memory('mem_003', 'preference', "Claire doesn't like peanut sauce.", { tags: ['claire', 'food'], date: '2024-08-01', source: 'chat' }),
      memory('mem_006', 'fact', 'Lily has a mild peanut allergy; traces are fine.', { tags: ['lily', 'allergy', 'health'], date: '2024-05-10', source: 'chat' }),
      memory('mem_010', 'fact', 'Owen: no allergies.', { tags: ['owen', 'health'], date: '2024-05-10', source: 'chat' }),
      memory('mem_012', 'fact', "Allergist (Dr. Shah, 2026-03-13): Lily's peanut allergy is severe. No traces at all; she carries an EpiPen.", {
        tags: ['lily', 'allergy', 'health'],
        date: '2026-03-13',
        time: '17:20',
        source: 'chat',
        supersedes: 'mem_006',
      }),
    ],
    sms: [sms(['Claire Hayes', '13761190254'], SELF, '2026-03-13', '16:55:00', "The allergist says Lily's peanut allergy is severe now. EpiPen from today, no traces at all.")],
  },
  steps: [{ call: ['search_memory', { query: 'allergy' }], expect: ['mem_012', 'mem_006', 'severe'] }],
  trap: { calls: [['Memory_Update', { id: 'mem_006', pinned: true }], ['Memory_Delete', { id: 'mem_012' }]], error: 'wrong_value' },
})

const parentsWifi = plannerTask({
  id: 'memory-6',
  type: '辨析',
  instruction: "What's the Wi-Fi password at my parents' place?",
  meta: {
    answer: [],
    free_params: [],
    dimension: 'memory',
    bucket: 'agent_behavior',
    memory: { required: ['mem_013'], forbidden: ['mem_002'] },
    rubric: {
      items: [
        { id: 'r1', criterion: 'Finds the current password in memory', points: 3, auto: { kind: 'memory_used', ids: ['mem_013'] } },
        { id: 'r2', criterion: 'Gives the current password', points: 3, auto: { kind: 'said', all: ['BlueFinch-7'] } },
        { id: 'r3', criterion: 'Does not give the old password', points: 2, auto: { kind: 'not_said', any: ['RedRobin-3'] } },
        { id: 'r4', criterion: 'Names the network too (HayesHome)', points: 1 },
        { id: 'r5', criterion: 'Says the password changed in February', points: 1 },
      ],
      pass: { min_score: 0.8, required: ['r1', 'r2'] },
      graders: { min: 2 },
    },
  },
  reasoning:
    "1. search_memory 'Wi-Fi' → mem_013 (2026-02-15: Dad changed it, now BlueFinch-7, network HayesHome), which supersedes mem_002 (RedRobin-3). No call: the answer is the reply, BlueFinch-7." +
    gradingNote(8, 10, 0.8),
  distractors: 'mem_002 still holds the old password RedRobin-3. The office guest Wi-Fi (mem_009) is another network.',
  records: {
    memory: [
      memory('mem_001', 'profile', "Daniel's parents: Robert and Helen Hayes, 14 Grove St, Evanston.", { tags: ['family', 'parents'], date: '2023-01-15', source: 'chat', pinned: true }),
      memory('mem_002', 'fact', "Wi-Fi at Mom and Dad's in Evanston: network HayesHome, password RedRobin-3.", { tags: ['wifi', 'parents'], date: '2025-12-24', source: 'chat' }),
      memory('mem_009', 'fact', 'Office guest Wi-Fi: the password is in Notes and changes monthly.', { tags: ['wifi', 'work'], date: '2025-09-01', source: 'chat' }),
      memory('mem_013', 'fact', "Dad changed the Wi-Fi password at Mom and Dad's: now BlueFinch-7 (network still HayesHome).", {
        tags: ['wifi', 'parents'],
        date: '2026-02-15',
        time: '19:05',
        source: 'chat',
        supersedes: 'mem_002',
      }),
    ],
    contacts: [contact('Robert Hayes', '13866140001', { 与本人关系: 'Father' }), contact('Helen Hayes', '13866140002', { 与本人关系: 'Mother' })],
  },
  steps: [{ call: ['search_memory', { query: 'Wi-Fi' }], expect: ['mem_013', 'BlueFinch-7'] }],
})

export const MEMORY_TASKS: PlannerTaskSource[] = [omahaHotel, expoTrain, sickDay, lockerCode, allergy, parentsWifi]
