import { describe, expect, it } from 'vitest'
import type { DatasetIssue, ToolSchema } from '../src/core/index'
import { liveProblems, readLiveMetadata } from '../src/core/live/index'
import type { LiveDatasetInput, LiveMetadata } from '../src/core/live/index'
import { TOOLS, fixtureDataset } from './fixtures'

/** A tool of our own, with an x-effect. */
const tool = (name: string, params: string[], effect: unknown): ToolSchema =>
  ({
    type: 'function',
    function: {
      name,
      description: '',
      parameters: { type: 'object', properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])) },
      'x-effect': effect,
    },
  }) as ToolSchema

const notesDelete = tool('Notes_Delete', ['title'], { app: 'notes', op: 'delete', where: { 标题: 'title' } })

/** The fixture data set with live keys on its first task and extra tools. */
function live(meta: Record<string, unknown>, extraTools: ToolSchema[] = [notesDelete]): LiveDatasetInput {
  const dataset = fixtureDataset()
  const problems: string[] = []
  const liveMeta: LiveMetadata = readLiveMetadata(meta, problems)
  expect(problems).toEqual([])
  return {
    ...dataset,
    tools: [...TOOLS, ...extraTools],
    tasks: dataset.tasks.map((t, i) => (i === 0 ? { ...t, live: liveMeta } : t)),
  }
}

const messages = (issues: DatasetIssue[], level: 'error' | 'warning') => issues.filter((i) => i.level === level).map((i) => i.message)

describe('live problems', () => {
  it('finds none in a published data set, nor in a well-formed live one', () => {
    expect(liveProblems(fixtureDataset())).toEqual([])
    const issues = liveProblems(
      live({
        expected_state: [
          { app: 'notes', op: 'delete', where: { 标题: 'Shopping' } },
          { app: 'contacts', op: 'insert', record: { 姓名: ['Tom'], 昵称: ['T', null] } },
        ],
        friction: [
          { tool: 'Messages_Send', on: [1], error: '网络繁忙' },
          { tool: 'Phone_Call', requires: ['search_contacts'], error: '先查号码' },
        ],
        verify: 'state',
      }),
    )
    expect(issues).toEqual([])
  })

  it('checks every x-effect: well formed, a known app, arguments the tool takes; unknown fields are warnings', () => {
    const issues = liveProblems(
      live({}, [
        tool('Bad_Op', ['a'], { app: 'notes', op: 'upsert' }),
        tool('Fridge_Fill', ['a'], { app: 'fridge', op: 'insert', fields: { a: 'x' } }),
        tool('Notes_Edit', ['title', 'text'], { app: 'notes', op: 'update', where: { 标题: 'name' }, fields: { text: '内容', body: '内容' } }),
        tool('Notes_Tag', ['title', 'tag'], { app: 'notes', op: 'update', where: { 标题: 'title' }, fields: { tag: '标签', title: '标题' }, set: { 颜色: 'red' } }),
        tool('Notes_Copy', ['a', 'b'], { app: 'notes', op: 'insert', fields: { a: '内容', b: '内容' } }),
        tool('search_fridge', ['pattern'], { app: 'notes', op: 'insert' }),
      ]),
    )
    expect(issues.every((i) => i.file === 'tools.json')).toBe(true)
    expect(messages(issues, 'error')).toEqual([
      'tool "Bad_Op": "x-effect.op" must be one of insert, update, delete (got "upsert")',
      'tool "Fridge_Fill": "x-effect.app" is "fridge", which is not an app (known: contacts, sms, voicemail, notes, schedule, meeting, alarm, transaction, transport, accommodation)',
      'tool "Notes_Edit": "x-effect.where.标题" names argument "name", which the tool does not take (it takes: title, text)',
      'tool "Notes_Edit": "x-effect.fields" names argument "body", which the tool does not take (it takes: title, text)',
      'tool "search_fridge": a retrieval tool changes nothing; "x-effect" is for execution tools',
    ])
    expect(messages(issues, 'warning')).toEqual([
      'tool "Notes_Edit": "x-effect.fields" maps both "text" and "body" to field "内容"; the later one wins',
      'tool "Notes_Tag": "x-effect" names fields the notes app does not list (kept and searchable): 标签, 颜色',
      'tool "Notes_Copy": "x-effect.fields" maps both "a" and "b" to field "内容"; the later one wins',
    ])
  })

  it('checks expected_state: known apps, each where naming exactly one of the task’s records, once', () => {
    const issues = liveProblems(
      live({
        expected_state: [
          { app: 'fridge', op: 'insert' },
          { app: 'notes', op: 'delete', where: { 标题: 'Groceries' } },
          { app: 'contacts', op: 'update', where: { 公司: 'Maple Ridge Foods' }, record: { 备注: ['x'] } },
          { app: 'notes', op: 'delete', where: { 标题: 'Shopping' } },
          { app: 'notes', op: 'delete', where: { 内容: 'almonds, cashews, walnuts' } },
        ],
      }),
    )
    expect(issues.every((i) => i.file === 'input_data.jsonl' && i.line === 1 && i.taskId === '推理1')).toBe(true)
    expect(messages(issues, 'error')).toEqual([
      '"expected_state[0]": "fridge" is not an app (known: contacts, sms, voicemail, notes, schedule, meeting, alarm, transaction, transport, accommodation)',
      '"expected_state[1]" (delete): "where" (标题 = "Groceries") names 0 of the task\'s notes records; it must name exactly one',
      '"expected_state[2]" (update): "where" (公司 = "Maple Ridge Foods") names 2 of the task\'s contacts records; it must name exactly one',
      '"expected_state[4]" and "expected_state[3]" name the same notes record (内容 = "almonds, cashews, walnuts"); one change a record',
    ])
    expect(messages(issues, 'warning')).toEqual(['"expected_state[2]": no tool updates contacts records, so no attempt can make this change'])
  })

  it('warns of fields neither the app nor the task’s records have', () => {
    const issues = liveProblems(live({ expected_state: [{ app: 'contacts', op: 'insert', record: { 姓名: ['A'], 昵称: ['a'], 爱好: ['b'] } }] }))
    expect(messages(issues, 'warning')).toEqual(['"expected_state[0]" names fields the contacts app does not list: 爱好'])
    expect(messages(issues, 'error')).toEqual([])
  })

  it('checks friction: tools that exist, and warns of a gold tool every call of which is refused', () => {
    const issues = liveProblems(
      live({
        friction: [
          { tool: 'Phone_Dial', on: [1], error: 'e' },
          { tool: 'Phone_Call', requires: ['Payment_Verify'], error: 'e' },
          { tool: 'Messages_Send', requires: ['Messages_Send'], error: 'e' },
          { tool: 'Phone_Call', error: 'permission denied' },
        ],
      }),
    )
    expect(messages(issues, 'error')).toEqual([
      '"friction[0]": unknown tool "Phone_Dial"',
      '"friction[1].requires": unknown tool "Payment_Verify"',
      '"friction[2].requires" names the tool itself, which could then never succeed',
    ])
    expect(messages(issues, 'warning')).toEqual(['"friction[3]" refuses every call of Phone_Call, which the gold answer calls'])
  })
})

describe('the one validator reads the live keys', () => {
  it('keeps a task\'s live keys and a tool\'s x-effect, and refuses malformed ones with file, line and task', async () => {
    const { DatasetError, loadDataset } = await import('../src/core/index')
    const { fixtureFiles } = await import('./fixtures')
    const files = fixtureFiles()
    const lines = (files['input_data.jsonl'] ?? '').trim().split('\n')
    const first = JSON.parse(lines[0] ?? '{}')
    first.prompt_metadata.expected_state = [{ app: 'notes', op: 'delete', where: { 标题: 'Shopping' } }]
    first.prompt_metadata.verify = 'state'
    const tools = JSON.parse(files['tools.json'] ?? '[]')
    tools.push({ type: 'function', function: { name: 'Notes_Delete', description: '', parameters: { type: 'object', properties: { title: { type: 'string' } } }, 'x-effect': { app: 'notes', op: 'delete', where: { 标题: 'title' } } } })
    const good = { ...files, 'input_data.jsonl': [JSON.stringify(first), ...lines.slice(1)].join('\n'), 'tools.json': JSON.stringify(tools) }
    const { dataset } = loadDataset(good)
    expect(dataset.tasks[0]?.live).toMatchObject({ verify: 'state', expectedState: [{ app: 'notes', op: 'delete' }] })
    expect(dataset.tasks[1]?.live).toBeUndefined()
    expect(dataset.tools.find((t) => t.function.name === 'Notes_Delete')?.function['x-effect']).toEqual({ app: 'notes', op: 'delete', where: { 标题: 'title' } })

    first.prompt_metadata.verify = 'sometimes'
    const badTask = { ...good, 'input_data.jsonl': [JSON.stringify(first), ...lines.slice(1)].join('\n') }
    expect(() => loadDataset(badTask)).toThrow(DatasetError)
    try {
      loadDataset(badTask)
    } catch (err) {
      const issue = (err as InstanceType<typeof DatasetError>).issues.find((i) => /verify/.test(i.message))
      expect(issue).toMatchObject({ file: 'input_data.jsonl', line: 1 })
      expect(issue?.message).toMatch(/must be one of calls, state, both/)
    }
    tools[tools.length - 1].function['x-effect'] = { app: 'nowhere', op: 'delete', where: { 标题: 'title' } }
    expect(() => loadDataset({ ...good, 'tools.json': JSON.stringify(tools) })).toThrow(/tools\.json|nowhere/)
  })
})
