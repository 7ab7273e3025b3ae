/**
 * Trajectories as a Hugging Face chat data set: one row per trajectory with
 * a `messages` column in the OpenAI chat shape, as data.jsonl and
 * data.parquet, and a dataset card (README.md) whose YAML says how to load it.
 */
import { parquetWriteBuffer } from 'hyparquet-writer'
import type { SchemaElement } from 'hyparquet'
import { stringify } from 'yaml'
import type { AgentMessage } from '../agent/types'
import { trajectoryFields } from './collect'
import type { TrajectoryFields } from './collect'
import { chatRow, messageOfRow } from './messages'
import type { ChatRow } from './messages'
import type { Trajectory } from './types'

/** One row of the data set. */
export interface HfRow extends TrajectoryFields {
  messages: ChatRow[]
  /** The offered tools (OpenAI function schemas), as JSON text. */
  tools: string
}

export const HF_FILES = { jsonl: 'data.jsonl', parquet: 'data.parquet', card: 'README.md' } as const

/** The tools' JSON text, once per list (trajectories of one setting share theirs). */
const toolsTexts = new WeakMap<readonly unknown[], string>()
function toolsText(tools: readonly unknown[]): string {
  const known = toolsTexts.get(tools)
  if (known !== undefined) return known
  const text = JSON.stringify(tools)
  toolsTexts.set(tools, text)
  return text
}

export function hfRow(t: Trajectory): HfRow {
  return { ...trajectoryFields(t), messages: t.messages.map(chatRow), tools: toolsText(t.tools) }
}

/** data.jsonl: one row a line. */
export function hfJsonl(rows: readonly HfRow[]): string {
  return rows.map((r) => JSON.stringify(r) + '\n').join('')
}

/** A row's messages back in the chat shape (keys that do not apply left out). */
export function hfMessages(row: { messages: readonly unknown[] }): AgentMessage[] {
  return row.messages.map(messageOfRow)
}

type Scalar = 'string' | 'int32' | 'bool'
/** The columns, in order: a scalar type, or `messages` (a list of chat messages). */
const COLUMNS: readonly [keyof HfRow, Scalar | 'messages', 'required' | 'optional'][] = [
  ['id', 'string', 'required'],
  ['type', 'string', 'required'],
  ['actor', 'string', 'optional'],
  ['model', 'string', 'optional'],
  ['run', 'int32', 'required'],
  ['setting', 'string', 'required'],
  ['state', 'string', 'required'],
  ['attempt', 'string', 'optional'],
  ['finished', 'bool', 'required'],
  ['correct', 'bool', 'required'],
  ['error_type', 'string', 'optional'],
  ['error', 'string', 'optional'],
  ['messages', 'messages', 'required'],
  ['tools', 'string', 'required'],
]

const REPETITION = { required: 'REQUIRED', optional: 'OPTIONAL' } as const
const text = (name: string, optional = false): SchemaElement => ({ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: optional ? 'OPTIONAL' : 'REQUIRED' })
const list = (name: string, optional: boolean, children: number): SchemaElement[] => [
  { name, repetition_type: optional ? 'OPTIONAL' : 'REQUIRED', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', repetition_type: 'REQUIRED', num_children: children },
]

/** The Parquet schema of `messages`: a list of {role, content?, tool_calls? (a list of {id, type, function {name, arguments}}), tool_call_id?}. */
const MESSAGES_SCHEMA: SchemaElement[] = [
  ...list('messages', false, 4),
  text('role'),
  text('content', true),
  ...list('tool_calls', true, 3),
  text('id'),
  text('type'),
  { name: 'function', repetition_type: 'REQUIRED', num_children: 2 },
  text('name'),
  text('arguments'),
  text('tool_call_id', true),
]

function schemaOf(): SchemaElement[] {
  const schema: SchemaElement[] = [{ name: 'root', num_children: COLUMNS.length }]
  for (const [name, kind, presence] of COLUMNS) {
    if (kind === 'messages') schema.push(...MESSAGES_SCHEMA)
    else if (kind === 'string') schema.push(text(name, presence === 'optional'))
    else schema.push({ name, type: kind === 'int32' ? 'INT32' : 'BOOLEAN', repetition_type: REPETITION[presence] })
  }
  return schema
}

/** data.parquet: the same rows, `messages` as a list of structs (what `datasets` reads as the chat column). */
export function hfParquet(rows: readonly HfRow[]): Uint8Array {
  const columnData = COLUMNS.map(([name]) => ({ name, data: rows.map((r) => r[name]) }))
  return new Uint8Array(parquetWriteBuffer({ columnData, schema: schemaOf() }))
}

/** The `datasets` features of a column, for the card. */
function feature(name: string, kind: Scalar | 'messages'): Record<string, unknown> {
  if (kind !== 'messages') return { name, dtype: kind === 'bool' ? 'bool' : kind }
  const str = (n: string) => ({ name: n, dtype: 'string' })
  return {
    name,
    list: [
      str('role'),
      str('content'),
      { name: 'tool_calls', list: [str('id'), str('type'), { name: 'function', struct: [str('name'), str('arguments')] }] },
      str('tool_call_id'),
    ],
  }
}

function sizeCategory(n: number): string {
  const bounds: [number, string][] = [
    [1_000, 'n<1K'],
    [10_000, '1K<n<10K'],
    [100_000, '10K<n<100K'],
    [1_000_000, '100K<n<1M'],
  ]
  return bounds.find(([limit]) => n < limit)?.[1] ?? '1M<n<10M'
}

export interface CardInput {
  /** The data set's name (its folder). */
  dataset: string
  /** An SPDX id, or `other`. */
  license: string
  /** What went in: each input file's name. */
  sources: readonly string[]
}

/** README.md: the dataset card, YAML front matter (license, task, configs, features, split size) and how to read it. */
export function hfCard(rows: readonly HfRow[], input: CardInput): string {
  const meta = {
    license: input.license,
    pretty_name: `SPIEval trajectories (${input.dataset})`,
    task_categories: ['text-generation'],
    tags: ['tool-use', 'function-calling', 'agents', 'spieval', 'trajectories'],
    size_categories: [sizeCategory(rows.length)],
    configs: [{ config_name: 'default', data_files: [{ split: 'train', path: HF_FILES.parquet }] }],
    dataset_info: {
      features: COLUMNS.map(([name, kind]) => feature(name, kind)),
      splits: [{ name: 'train', num_examples: rows.length }],
    },
  }
  const who = new Map<string, number>()
  for (const r of rows) {
    const key = r.actor !== null ? `person ${r.actor}` : `model ${r.model ?? 'unknown'}`
    who.set(key, (who.get(key) ?? 0) + 1)
  }
  const correct = rows.filter((r) => r.correct).length
  return `---
${stringify(meta).trimEnd()}
---

# SPIEval trajectories: ${input.dataset}

${rows.length} attempts at tasks of the SPIEval data set \`${input.dataset}\` (a phone assistant benchmark: the user's instruction, the phone's search and action tools, and the calls that solve it), by people on the phone and by agents through the same tools. ${correct} of them are correct by the SPIEval scorer.

Made by \`npm run export -- --format hf\` of spieval-phone from: ${input.sources.map((s) => `\`${s}\``).join(', ')}.

| who | trajectories |
| --- | ---: |
${[...who].map(([k, n]) => `| ${k.replaceAll('|', '\\|')} | ${n} |`).join('\n')}

## Columns

- \`messages\`: the conversation in the OpenAI chat shape: the system prompt the protocol gives the task, the user's instruction, each assistant turn with its \`tool_calls\` (\`arguments\` as JSON text), and each tool result (\`tool_call_id\`). A person's attempt is written the same way: each of their calls is one assistant tool call answered by the phone.
- \`id\`, \`type\`: the task and its capability type.
- \`actor\` (a person) or \`model\` (an agent), \`run\`, \`setting\` (\`browse\` for a person on the phone, else the search setting), \`state\` (\`live\` when the calls changed the phone), \`attempt\`, \`finished\`.
- \`correct\`, \`error_type\`: the scorer's verdict on the attempt (\`wrong_tool\`, \`wrong_count\`, \`missing_param\`, \`wrong_value\`, \`other\` or \`no_response\`; null when correct). \`error\`: why an agent's episode failed.
- \`tools\`: the tools offered, as JSON text (OpenAI function schemas).

## Loading

\`\`\`python
from datasets import load_dataset
ds = load_dataset("parquet", data_files="${HF_FILES.parquet}", split="train")
# or the same rows as JSON lines:
ds = load_dataset("json", data_files="${HF_FILES.jsonl}", split="train")
\`\`\`
`
}
