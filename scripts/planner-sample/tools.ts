/**
 * The tools the planner sample adds to the 21 published ones: the memory
 * app's reads and writes, asking the user, one tool per skill (offered only
 * once its skill is loaded) and one route per sub-agent. Effects follow
 * docs/reference.md ("Live state", "The memory app"); the runtime makes
 * `load_skill` itself, so it is not here.
 */

const KINDS = ['profile', 'preference', 'fact', 'episode', 'procedure']
const MODES = ['飞机', '火车', '汽车']

type Schema = Record<string, unknown>
const text = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra })
const names = (description: string, extra: Schema = {}): Schema => ({ type: 'array', items: { type: 'string' }, description, ...extra })

function tool(name: string, description: string, properties: Record<string, Schema>, required: string[], keys: Schema = {}) {
  return { type: 'function', function: { name, description, ...keys, parameters: { type: 'object', properties, required } } }
}

const memoryItem: Record<string, Schema> = {
  text: text('What to remember, in one or two sentences.'),
  tags: names('A few words to find it by later (people, places, topics).'),
  kind: text('What kind of memory it is.', { enum: KINDS }),
  pinned: { type: 'boolean', description: 'true to keep it in front of you in every conversation; false to keep it searchable only.' },
}
const memoryFields = { text: 'text', tags: 'tags', kind: 'kind', pinned: 'pinned' }

export const MEMORY_TOOLS = [
  tool(
    'search_memory',
    'Search what you remember about the user: the text and tags of each memory. Each hit shows its id, its date and, where it replaces an older memory, that memory\'s id. 5 per page.',
    {
      query: text('Words to look for in the text and tags. Leave it out to list every memory that passes the filters.'),
      mode: text('fixed: plain substring (default); regex: regular expression; fuzzy: similarity match, best first.', { enum: ['fixed', 'regex', 'fuzzy'] }),
      ignore_case: { type: 'boolean', description: 'Ignore letter case (default true).' },
      tags: names('Only memories that have every one of these tags.'),
      kind: text('Only memories of this kind.', { enum: KINDS }),
      date_from: text('Only memories from this day on (YYYY-MM-DD).'),
      date_to: text('Only memories up to this day (YYYY-MM-DD).'),
      page: { type: 'integer', description: 'Page of results, from 1 (default 1).' },
    },
    [],
    { 'x-kind': 'read' },
  ),
  tool('get_memory', 'Open one memory by its id and read all of it.', { id: text('The memory\'s id, e.g. mem_004.') }, ['id'], { 'x-kind': 'read' }),
  tool('Memory_Add', 'Remember something new about the user. It gets a fresh id.', memoryItem, ['text', 'kind'], {
    'x-kind': 'write',
    'x-effect': { app: 'memory', op: 'insert', fields: memoryFields, set: { source: 'assistant' }, stamp: { id: 'id', date: 'date', time: 'time' } },
  }),
  tool('Memory_Update', 'Change a memory: give its id and only the fields that change.', { id: text('The memory to change.'), ...memoryItem }, ['id'], {
    'x-kind': 'write',
    'x-effect': { app: 'memory', op: 'update', where: { id: 'id' }, fields: memoryFields },
  }),
  tool('Memory_Delete', 'Forget a memory for good.', { id: text('The memory to forget.') }, ['id'], {
    'x-kind': 'write',
    'x-effect': { app: 'memory', op: 'delete', where: { id: 'id' } },
  }),
]

export const ASK_USER_TOOL = tool(
  'Ask_User',
  'Ask the user a question and wait for the answer. Only for what the phone cannot tell you: a choice only the user can make.',
  { question: text('The question, short and specific.'), options: names('The choices to offer, if there are a few.') },
  ['question'],
  { 'x-kind': 'ask' },
)

export const SKILL_TOOLS = [
  tool(
    'Expense_Submit',
    'Submit an expense claim to Maple Ridge Foods for reimbursement.',
    {
      amount: { type: 'number', description: 'The amount charged, in dollars, up to 2 decimals.' },
      merchant: text('Who was paid, as on the receipt.', { 'x-compare': 'casefold' }),
      date: text('The date of the receipt (YYYY-MM-DD).', { 'x-compare': 'datetime' }),
      category: text('The expense category (see the skill\'s instructions).', { enum: ['meals', 'travel', 'lodging', 'mileage', 'supplies', 'other'] }),
      purpose: text('The business purpose: who, what for.'),
      attendees: names('For meals: everyone at the table other than the user.', { 'x-compare': 'set' }),
    },
    ['amount', 'merchant', 'date', 'category', 'purpose'],
    { 'x-kind': 'write', 'x-skill': 'expense-filing' },
  ),
  tool(
    'Trip_Book',
    'Book a business trip through the company\'s travel account: one booking for everyone travelling together.',
    {
      date: text('Day of departure (YYYY-MM-DD).', { 'x-compare': 'datetime' }),
      time: text('Departure time (HH:MM:SS), if a particular departure is wanted.', { 'x-compare': 'datetime' }),
      from: text('Where the trip starts: a station or an airport.', { 'x-compare': 'casefold' }),
      to: text('Where the trip goes: a station or an airport.', { 'x-compare': 'casefold' }),
      mode: text('How: 飞机 plane, 火车 train, 汽车 car.', { enum: MODES }),
      fareClass: text('Fare class, as the travel policy says.', { enum: ['economy', 'premium economy', 'business'] }),
      travelers: names('Everyone travelling, the user included, by full name.', { 'x-compare': 'set' }),
      costCenter: text('The cost centre the trip is charged to.', { 'x-compare': 'strip' }),
    },
    ['date', 'from', 'to', 'mode', 'travelers', 'costCenter'],
    {
      'x-kind': 'write',
      'x-skill': 'travel-booking',
      'x-effect': {
        app: 'transport',
        op: 'insert',
        fields: { date: '日期', time: '出发时间', from: '出发地', to: '目的地', mode: '交通方式', travelers: '联系人' },
        set: { 状态: 'Booked' },
      },
    },
  ),
  tool(
    'Restaurant_Reserve',
    'Reserve a table at a restaurant. The reservation is added to the calendar.',
    {
      restaurant: text('The restaurant\'s name.', { 'x-compare': 'casefold' }),
      date: text('Day of the reservation (YYYY-MM-DD).', { 'x-compare': 'datetime' }),
      time: text('Time of the reservation (HH:MM:SS).', { 'x-compare': 'datetime' }),
      partySize: { type: 'integer', description: 'How many people, the user included.' },
      name: text('Name the table is booked under.', { 'x-compare': 'casefold' }),
      phone: text('Phone number the restaurant can reach the party on.', { 'x-compare': 'digits' }),
      requests: text('Anything the restaurant should know: occasion, dietary needs, seating.'),
    },
    ['restaurant', 'date', 'time', 'partySize'],
    {
      'x-kind': 'write',
      'x-skill': 'restaurant-booking',
      'x-effect': { app: 'schedule', op: 'insert', fields: { restaurant: '地点', date: '日期', time: '开始时间' }, set: { 标题: 'Dinner reservation', 重复: '不重复' } },
    },
  ),
]

export const DELEGATE_TOOLS = [
  tool(
    'Delegate_Finance',
    'Hand a money matter to Maple Ridge Foods\' finance agent: supplier payments, refunds, card disputes, reimbursements. It opens a ticket and works on it; you get its acknowledgement.',
    {
      request: text('What finance should do, with every fact they need so they need not ask back.'),
      amount: { type: 'number', description: 'The amount in question, in dollars.' },
      reference: text('The invoice, booking or payment reference.', { 'x-compare': 'strip' }),
      vendor: text('The company on the other side.', { 'x-compare': 'casefold' }),
    },
    ['request'],
    { 'x-kind': 'delegate', 'x-agent': 'finance' },
  ),
  tool(
    'Delegate_TravelDesk',
    'Hand a trip to the company travel desk: bookings, changes, cancellations and problems with anything it booked. It logs the request against the trip.',
    {
      request: text('What the travel desk should do.'),
      traveler: text('Who travels (full name).', { 'x-compare': 'casefold' }),
      date: text('The day of travel concerned (YYYY-MM-DD).', { 'x-compare': 'datetime' }),
      destination: text('Where the trip goes.', { 'x-compare': 'casefold' }),
      mode: text('How: 飞机 plane, 火车 train, 汽车 car.', { enum: MODES }),
    },
    ['request', 'traveler'],
    {
      'x-kind': 'delegate',
      'x-agent': 'travel-desk',
      'x-effect': { app: 'transport', op: 'insert', fields: { date: '日期', destination: '目的地', mode: '交通方式', traveler: '联系人' }, set: { 状态: 'Requested' } },
    },
  ),
  tool(
    'Delegate_ITHelpdesk',
    'Hand a problem with work equipment or accounts to the IT helpdesk agent: laptops, VPN, email, phones.',
    {
      summary: text('What is wrong, since when, and what changed.'),
      assetTag: text('The asset tag of the device concerned (MRF-…).', { 'x-compare': 'casefold' }),
      urgency: text('How urgent it is.', { enum: ['low', 'normal', 'high'] }),
      callbackPhone: text('Number a technician can call back on.', { 'x-compare': 'digits' }),
    },
    ['summary'],
    { 'x-kind': 'delegate', 'x-agent': 'it-helpdesk' },
  ),
]
