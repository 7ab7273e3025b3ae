/**
 * The validator on a draft: the draft as a one-task data set, checked by the
 * same loader and lint as `npm run validate`, each finding placed where the
 * editor shows it.
 */
import { isAppKey } from '../apps/registry'
import { taskLine, writeDatasetFiles } from '../load/export'
import { lintDataset } from '../load/lint'
import { DatasetError, loadDataset } from '../load/parse'
import type { DatasetIssue, GoldCode, LintCode, Profile, ToolSchema } from '../dataset/types'
import { PLANNER_FILES } from '../dataset/plannerTypes'
import type { AgentCard, Skill } from '../dataset/plannerTypes'
import type { TaskContent } from './content'
/** Where in the editor a finding is shown: beside a field, a gold call, an app's records, or at the top. */
export type FindingPlace = 'id' | 'type' | 'instruction' | `gold:${number}` | `records:${string}` | 'live' | 'general'

export interface Finding {
  level: 'error' | 'warning'
  /** The validator's message (English, as `npm run validate` prints it). */
  message: string
  /** Set on the editor's own findings, the lint's and the gold calls' errors: the key of its words in the editor's strings, shown instead of `message`, with `params`. */
  key?: 'idEmpty' | 'idTaken' | 'instructionEmpty' | LintCode | GoldCode
  params?: Record<string, string | number>
  place: FindingPlace
}

/** What the editor needs of the data set besides the draft: its tools and profile, a planner data set's skills and sub-agents, and the other tasks' ids. */
export interface DraftContext {
  tools: readonly ToolSchema[]
  profile: Profile
  hasProfile: boolean
  /** A planner data set's skills.json and agents.json: without them a task's skill and agent names would be unknown to the validator. */
  skills?: readonly Skill[]
  agents?: readonly AgentCard[]
  /** Every task id of the data set except the one being edited (its id before the edit). */
  otherIds: ReadonlySet<string>
}

/** The draft as a one-task data set's files, as `npm run validate` would read them. */
export function draftFiles(content: TaskContent, context: Pick<DraftContext, 'tools' | 'profile' | 'hasProfile' | 'skills' | 'agents'>): Record<string, string> {
  const files: Record<string, string> = {
    'input_data.jsonl': taskLine({ ...content.task, line: 1 }) + '\n',
    'records_db.json': JSON.stringify({ [content.task.id]: content.records }),
    'tools.json': JSON.stringify(context.tools),
  }
  if (context.hasProfile) files['profile.json'] = JSON.stringify(context.profile)
  return { ...files, ...plannerFiles(context) }
}

/** skills.json and agents.json as the data set's export writes them (one writer of those files), where the data set has them. */
function plannerFiles({ skills, agents }: Pick<DraftContext, 'skills' | 'agents'>): Record<string, string> {
  if (!skills && !agents) return {}
  const written = writeDatasetFiles({ tasks: [], records: new Map(), tools: [], ...(skills ? { skills } : {}), ...(agents ? { agents } : {}) })
  return Object.fromEntries(
    [PLANNER_FILES.skills, PLANNER_FILES.agents].flatMap((name): [string, string][] => {
      const text = written[name]
      return text === undefined ? [] : [[name, text]]
    }),
  )
}

/**
 * The validator's findings on the draft: the same loader and lint as `npm run
 * validate` on a one-task data set made of it, and the one check a single task
 * cannot make on its own (its id unique in the data set).
 */
export function lintDraft(content: TaskContent, context: DraftContext): Finding[] {
  const findings: Finding[] = []
  const id = content.task.id
  if (id.trim() === '') findings.push({ level: 'error', place: 'id', key: 'idEmpty', message: 'the id is empty' })
  else if (context.otherIds.has(id)) findings.push({ level: 'error', place: 'id', key: 'idTaken', message: `another task of the data set has the id "${id}"` })
  // As the loader has it: an instruction of spaces is one.
  const noInstruction = content.task.instruction === ''
  if (noInstruction) findings.push({ level: 'error', place: 'instruction', key: 'instructionEmpty', message: '"messages" has no user message' })
  let issues: DatasetIssue[]
  try {
    const { dataset, warnings } = loadDataset(draftFiles(content, context))
    issues = [...warnings, ...lintDataset(dataset)]
  } catch (err) {
    if (!(err instanceof DatasetError)) throw err
    issues = err.issues
  }
  for (const issue of issues) {
    // The empty id and the empty instruction are said once, in the editor's words.
    if (id.trim() === '' && /"id" must be a non-empty string/.test(issue.message)) continue
    if (noInstruction && /"messages" has no user message/.test(issue.message)) continue
    const words = issue.code ? { key: issue.code, ...(issue.params ? { params: issue.params } : {}) } : {}
    findings.push({ level: issue.level, message: issue.message.replace(/^task "[^"]*": /, ''), place: placeOf(issue), ...words })
  }
  return findings
}

/** Where a validator message belongs in the editor: at its gold call when it names one, else read from its wording (the validator names the part it checks). */
function placeOf(issue: DatasetIssue): FindingPlace {
  // A coded issue names its gold call; the others are placed by their wording.
  if (typeof issue.params?.call === 'number') return `gold:${issue.params.call - 1}`
  const m = issue.message
  const gold = /gold call (\d+)|answer\[(\d+)\]|free_params\[(\d+)\]/.exec(m)
  if (gold) return `gold:${gold[1] !== undefined ? Number(gold[1]) - 1 : Number(gold[2] ?? gold[3])}`
  if (/expected_state|friction|"prompt_metadata\.(verify|ordered)"/.test(m)) return 'live'
  if (issue.file === 'records_db.json') {
    const app = [/^(\w+) records/.exec(m)?.[1], ...[...m.matchAll(/"(\w+)"/g)].map((x) => x[1])].find((name) => name !== undefined && isAppKey(name))
    return app ? `records:${app}` : 'general'
  }
  if (/"type"|^type /.test(m)) return 'type'
  if (/"messages|user message/.test(m)) return 'instruction'
  if (/"id"/.test(m)) return 'id'
  return 'general'
}

/** Errors that stop a save: the data set would not load with the draft in it. */
export function blockingFindings(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.level === 'error')
}

