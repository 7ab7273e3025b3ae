// The fixture data set with the memory app (#28): memory items on task 推理1 and the five memory tools, changed as a test needs.
import { fixtureFiles } from '../fixtures'
import { withFirstTaskMetadata } from './plannerFixture'

const KINDS = ['profile', 'preference', 'fact', 'episode', 'procedure']
const DATE = { type: 'string', description: 'YYYY-MM-DD' }

/** Seven items, two pinned, one superseded: more than a page of five. */
export const MEMORY_ITEMS = [
  { id: 'mem_001', text: 'Prefers an aisle seat on trains and planes.', tags: ['travel', 'seat'], kind: 'preference', date: '2025-09-02', time: '09:15', source: 'chat', pinned: true },
  { id: 'mem_002', text: 'Allergic to peanuts.', tags: ['health', 'food'], kind: 'fact', date: '2025-08-20', pinned: true },
  { id: 'mem_003', text: 'Usual hotel in Shanghai: Jinjiang Inn, People’s Square.', tags: ['travel', 'hotel'], kind: 'preference', date: '2025-10-05', source: 'booking' },
  { id: 'mem_004', text: 'Had dinner with Rachel Kim at Lotus Garden.', tags: ['dinner'], kind: 'episode', date: '2025-10-18', time: '19:30' },
  { id: 'mem_005', text: 'Usual hotel in Shanghai: Hanting Hotel, the Bund.', tags: ['travel', 'hotel'], kind: 'preference', date: '2025-10-28', supersedes: 'mem_003' },
  { id: 'mem_006', text: 'To file an expense: photograph the receipt, then send the amount to finance.', tags: ['work', 'expense'], kind: 'procedure', date: '2025-07-01' },
  { id: 'mem_007', text: 'Works as procurement manager at Maple Ridge Foods.', tags: ['work'], kind: 'profile' },
]

const memoryFields = { text: 'text', tags: 'tags', kind: 'kind', pinned: 'pinned' }
const itemParameters = {
  text: { type: 'string', description: 'What to remember.' },
  tags: { type: 'array', items: { type: 'string' }, description: 'Tags to find it by.' },
  kind: { type: 'string', enum: KINDS },
  pinned: { type: 'boolean', description: 'Keep it in the system prompt.' },
}

export const MEMORY_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'search_memory',
      description: 'Search what you remember about the user (text and tags). Returns items with their ids, 5 per page.',
      'x-kind': 'read',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for in the text and tags; leave it out to list every item.' },
          mode: { type: 'string', enum: ['fixed', 'regex', 'fuzzy'] },
          ignore_case: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' }, description: 'Only items with every one of these tags.' },
          kind: { type: 'string', enum: KINDS },
          date_from: DATE,
          date_to: DATE,
          page: { type: 'integer' },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_memory',
      description: 'Open one memory item by its id.',
      'x-kind': 'read',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'Memory_Add',
      description: 'Remember something new about the user.',
      'x-kind': 'write',
      parameters: { type: 'object', properties: itemParameters, required: ['text', 'kind'] },
      'x-effect': { app: 'memory', op: 'insert', fields: memoryFields, set: { source: 'assistant' }, stamp: { id: 'id', date: 'date', time: 'time' } },
    },
  },
  {
    type: 'function',
    function: {
      name: 'Memory_Update',
      description: 'Change a memory item.',
      'x-kind': 'write',
      parameters: { type: 'object', properties: { id: { type: 'string' }, ...itemParameters }, required: ['id'] },
      'x-effect': { app: 'memory', op: 'update', where: { id: 'id' }, fields: memoryFields, stamp: { date: 'date', time: 'time' } },
    },
  },
  {
    type: 'function',
    function: {
      name: 'Memory_Delete',
      description: 'Forget a memory item.',
      'x-kind': 'write',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      'x-effect': { app: 'memory', op: 'delete', where: { id: 'id' } },
    },
  },
]

export interface MemoryChange {
  /** Task 推理1's memory items (default {@link MEMORY_ITEMS}); `undefined` gives it none. */
  items?: unknown[] | undefined
  tools?: (tools: unknown[]) => unknown[]
  /** Keys merged into task 推理1's prompt_metadata. */
  metadata?: Record<string, unknown>
}

/** The fixture with memory on task 推理1 (多意图1 has none) and the memory tools, changed as given. */
export function memoryFiles(change: MemoryChange = {}): Record<string, string> {
  const files = fixtureFiles()
  const tools = [...(JSON.parse(files['tools.json'] ?? '[]') as unknown[]), ...structuredClone(MEMORY_TOOLS)]
  const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, Record<string, unknown>>
  const items = 'items' in change ? change.items : structuredClone(MEMORY_ITEMS)
  if (items !== undefined && records['推理1']) records['推理1'].memory = items
  const out: Record<string, string> = { ...files, 'tools.json': JSON.stringify(change.tools ? change.tools(tools) : tools), 'records_db.json': JSON.stringify(records) }
  if (change.metadata) out['input_data.jsonl'] = withFirstTaskMetadata(files['input_data.jsonl'] ?? '', change.metadata)
  return out
}
