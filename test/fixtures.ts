import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadDataset, parseTools } from '../src/core/index'
import type { Dataset, ToolSchema } from '../src/core/index'

export const ROOT = join(import.meta.dirname, '..')
export const SAMPLE_DIR = join(ROOT, 'public/data')
/** The live sample bundled with the page (its records_db.json is read whole, not task by task). */
export const LIVE_DIR = join(ROOT, 'public/data-live')

export const TOOLS_TEXT = readFileSync(join(SAMPLE_DIR, 'tools.json'), 'utf8')
export const TOOLS: ToolSchema[] = parseTools(TOOLS_TEXT)

/** A small task world used across the unit tests. */
export const RECORDS = {
  contacts: [
    { 姓名: 'Rachel Kim', 电话号码: '13911112222', 公司: 'Maple Ridge Foods', 与本人关系: 'manager', 备注: 'Procurement lead' },
    { 姓名: 'Tom Ruiz', 电话号码: '13822419087', 公司: 'Maple Ridge Foods', 备注: 'Finance, budget controller' },
    { 姓名: 'Tom Becker', 电话号码: '13655208731', 备注: 'plumber' },
    { 姓名: 'Claire Hayes', 电话号码: '15800001111', 与本人关系: 'wife', 生日: '1988-06-02' },
    { 姓名: 'Owen Hayes', 电话号码: '15800002222', 与本人关系: 'son' },
    { 姓名: 'Lily Hayes', 电话号码: '15800003333', 与本人关系: 'daughter', 昵称: 'Lil' },
    { 姓名: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', 电话号码: '10000000000' },
  ],
  sms: [
    { 发件人姓名: 'Rachel Kim', 发件人电话号码: '13911112222', 日期: '2026-03-10', 正文: 'My new number is 13933334444.' },
    { 发件人姓名: 'Tom Ruiz', 日期: '2026-03-11', 正文: 'Budget approved: 3500 for the nuts order', 附件: ['budget.xlsx', 'order.pdf'] },
  ],
  transaction: [{ 项目: 'Allowance', 金额: 350.5, 日期: '2026-03-01', 收款人: 'Owen Hayes', 收款账号: '6222000011112222' }],
  notes: [{ 标题: 'Shopping', 内容: 'almonds, cashews, walnuts' }],
}

/** A data set of two tasks over {@link RECORDS}. */
export function fixtureFiles(): Record<string, string> {
  const tasks = [
    {
      id: '推理1',
      type: '推理',
      messages: [{ role: 'user', content: 'Call my manager' }],
      prompt_metadata: {
        answer: [{ name: 'Phone_Call', arguments: { telephone: ['13933334444'], type: ['VOICE', null] } }],
        free_params: [[]],
      },
      reasoning_path: 'contacts → sms',
      distractors: 'old number',
    },
    {
      id: '多意图1',
      type: '多意图',
      messages: [{ role: 'user', content: 'Text Tom and Rachel' }],
      prompt_metadata: {
        answer: [
          { name: 'Messages_Send', arguments: { telephone: ['13822419087'] } },
          { name: 'Messages_Send', arguments: { telephone: ['13933334444', '13911112222'] } },
        ],
        free_params: [['text'], ['text']],
      },
    },
  ]
  return {
    'input_data.jsonl': tasks.map((t) => JSON.stringify(t)).join('\n') + '\n',
    'records_db.json': JSON.stringify({ 推理1: RECORDS, 多意图1: RECORDS }),
    'tools.json': TOOLS_TEXT,
  }
}

export function fixtureDataset(): Dataset {
  return loadDataset(fixtureFiles()).dataset
}

/** The fixture data set with a Notes_Delete tool and, on 推理1, live keys: delete the Shopping note, after a confirmation, with a retry. */
export function liveFixtureDataset(meta: Record<string, unknown>) {
  const files = fixtureFiles()
  const lines = (files['input_data.jsonl'] ?? '').trim().split('\n')
  const first = JSON.parse(lines[0] ?? '{}')
  first.prompt_metadata = { ...first.prompt_metadata, ...meta }
  const tools = JSON.parse(files['tools.json'] ?? '[]') as ToolSchema[]
  const tool = (name: string, effect?: unknown) => ({
    type: 'function',
    function: { name, description: '', parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }, ...(effect ? { 'x-effect': effect } : {}) },
  })
  tools.push(tool('Notes_Delete', { app: 'notes', op: 'delete', where: { 标题: 'title' } }) as ToolSchema, tool('Notes_Confirm') as ToolSchema)
  return loadDataset({ ...files, 'input_data.jsonl': [JSON.stringify(first), ...lines.slice(1)].join('\n'), 'tools.json': JSON.stringify(tools) }).dataset
}
