// The fixture data set with planner tools, skills.json and agents.json (#28), changed as a test needs.
import { fixtureFiles } from '../fixtures'

const PLANNER_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'Expense_File',
      description: 'File an expense claim',
      'x-skill': 'expense-filing',
      parameters: { type: 'object', properties: { amount: { type: 'number' }, payee: { type: 'string', 'x-compare': 'casefold' } }, required: ['amount'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'Delegate_Finance',
      description: 'Hand a finance question to the finance agent',
      'x-kind': 'delegate',
      'x-agent': 'finance',
      parameters: { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] },
    },
  },
  { type: 'function', function: { name: 'Ask_User', description: 'Ask the user', 'x-kind': 'ask', parameters: { type: 'object', properties: { question: { type: 'string' } } } } },
]

export const SKILLS = [{ name: 'expense-filing', description: 'How to file an expense claim', body: '# Expense filing\nUse Expense_File.', tools: ['Expense_File'] }]
export const AGENTS = [
  {
    id: 'finance',
    name: 'Finance',
    description: 'Answers questions about payments',
    tool: 'Delegate_Finance',
    skills: [{ id: 'refunds', name: 'Refunds', description: 'Refund status', tags: ['refund'] }],
    reply: 'Finance will look into: {task}',
  },
]

export interface Change {
  tools?: (tools: unknown[]) => unknown[]
  skills?: unknown
  agents?: unknown
  metadata?: Record<string, unknown>
}

/** The fixture with the planner tools and files, changed as given; `undefined` leaves a file out. */
export function plannerFiles(change: Change = {}): Record<string, string> {
  const files = fixtureFiles()
  const tools = [...(JSON.parse(files['tools.json'] ?? '[]') as unknown[]), ...structuredClone(PLANNER_TOOLS)]
  const out: Record<string, string> = { ...files, 'tools.json': JSON.stringify(change.tools ? change.tools(tools) : tools) }
  const skills = 'skills' in change ? change.skills : SKILLS
  const agents = 'agents' in change ? change.agents : AGENTS
  if (skills !== undefined) out['skills.json'] = JSON.stringify(skills)
  if (agents !== undefined) out['agents.json'] = JSON.stringify(agents)
  if (change.metadata) out['input_data.jsonl'] = withFirstTaskMetadata(files['input_data.jsonl'] ?? '', change.metadata)
  return out
}

/** input_data.jsonl with `metadata` merged into its first task's prompt_metadata. */
export function withFirstTaskMetadata(inputData: string, metadata: Record<string, unknown>): string {
  const lines = inputData.split('\n')
  const task = JSON.parse(lines[0] ?? '{}') as { prompt_metadata: Record<string, unknown> }
  Object.assign(task.prompt_metadata, metadata)
  lines[0] = JSON.stringify(task)
  return lines.join('\n')
}
