/**
 * Reads and writes `grades.jsonl` (docs/reference.md, "Grades"): one grade a
 * line. A line that is not a whole, well-formed grade is reported with its
 * line number and skipped: a vote is never guessed from a damaged line (a
 * missing `met` is not "can't tell", and a misspelt one is not "not met").
 * Plain checks, as the response lines are read (src/core/results/responses.ts).
 */
import { parseJsonWithLine } from '../base/jsonLine'
import { isOneOf, isPlainObject, splitLines } from '../base/text'
import type { DatasetIssue } from '../dataset/types'
import type { Grade, Grader, ItemGrade } from './types'

/** The file name the grades go by, for messages. */
export const GRADES_FILE = 'grades.jsonl'

const KINDS = ['human', 'llm'] as const
const ROLES = ['grader', 'adjudicator'] as const
/** A date and time with its offset (or Z): a time without one would be read in the reader's own zone, and "latest" would depend on where. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/
/** A rubric hash as {@link rubricHash} writes it: 64 lower-case hex digits. */
const HASH = /^[0-9a-f]{64}$/

/** Parses grades.jsonl. Bad lines are reported (error, with their line) and skipped; blank lines are ignored. */
export function parseGrades(text: string, file = GRADES_FILE): { grades: Grade[]; issues: DatasetIssue[] } {
  const grades: Grade[] = []
  const issues: DatasetIssue[] = []
  splitLines(text).forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    const parsed = parseJsonWithLine(raw)
    if ('error' in parsed) return void issues.push({ level: 'error', file, line, message: `not valid JSON: ${parsed.error}` })
    const problems: string[] = []
    const grade = readGrade(parsed.value, problems)
    if (grade) grades.push(grade)
    else issues.push({ level: 'error', file, line, message: `${problems.join('; ')} (grade skipped)` })
  })
  return { grades, issues }
}

/** Grades as grades.jsonl holds them: one JSON object a line, each ending in a line feed. */
export function gradeLines(grades: readonly Grade[]): string {
  return grades.map((grade) => JSON.stringify(gradeObject(grade)) + '\n').join('')
}

/** A grade's keys in the documented order, optional ones only when set. */
function gradeObject(grade: Grade): Record<string, unknown> {
  const { id, kind, role } = grade.grader
  return {
    task_id: grade.task_id,
    attempt: grade.attempt,
    grader: { id, kind, ...(role !== undefined ? { role } : {}) },
    items: grade.items.map((item) => ({ id: item.id, met: item.met, evidence: item.evidence, note: item.note })),
    at: grade.at,
    ...(grade.rubric_hash !== undefined ? { rubric_hash: grade.rubric_hash } : {}),
    ...(grade.invalid !== undefined ? { invalid: grade.invalid } : {}),
  }
}

function readGrade(value: unknown, problems: string[]): Grade | undefined {
  if (!isPlainObject(value)) return void problems.push('a grade must be a JSON object')
  const text = (key: string): string | undefined => {
    const given = value[key]
    if (typeof given === 'string' && given !== '') return given
    problems.push(`"${key}" must be a non-empty string`)
    return undefined
  }
  const taskId = text('task_id')
  const attempt = text('attempt')
  const at = text('at')
  if (at !== undefined && !(ISO_TIME.test(at) && Number.isFinite(Date.parse(at)))) problems.push(`"at" must be an ISO 8601 time with its offset, as 2026-03-01T10:00:00Z (got ${JSON.stringify(at)})`)
  const grader = readGrader(value.grader, problems)
  const items = readItems(value.items, problems)
  const hash = value.rubric_hash
  if (hash !== undefined && (typeof hash !== 'string' || !HASH.test(hash))) problems.push('"rubric_hash" must be 64 lower-case hex digits (SHA-256)')
  const invalid = value.invalid
  if (invalid !== undefined && typeof invalid !== 'boolean') problems.push('"invalid" must be true or false')
  if (taskId === undefined || attempt === undefined || at === undefined || !grader || !items || problems.length > 0) return undefined
  return {
    task_id: taskId,
    attempt,
    grader,
    items,
    at,
    ...(typeof hash === 'string' ? { rubric_hash: hash } : {}),
    ...(typeof invalid === 'boolean' ? { invalid } : {}),
  }
}

function readGrader(value: unknown, problems: string[]): Grader | undefined {
  if (!isPlainObject(value)) return void problems.push('"grader" must be {"id", "kind": "human" | "llm", "role"?}')
  const { id, kind, role } = value
  const mine: string[] = []
  if (typeof id !== 'string' || id === '') mine.push('"grader.id" must be a non-empty string')
  if (!isOneOf(kind, KINDS)) mine.push(`"grader.kind" must be one of ${KINDS.join(', ')} (got ${JSON.stringify(kind)})`)
  if (role !== undefined && !isOneOf(role, ROLES)) mine.push(`"grader.role" must be one of ${ROLES.join(', ')} (got ${JSON.stringify(role)})`)
  if (mine.length > 0) return void problems.push(...mine)
  return { id: id as string, kind: kind as Grader['kind'], ...(role !== undefined ? { role: role as Grader['role'] } : {}) }
}

function readItems(value: unknown, problems: string[]): ItemGrade[] | undefined {
  if (!Array.isArray(value)) return void problems.push('"items" must be a list of {"id", "met", "evidence", "note"}')
  const items: ItemGrade[] = []
  const seen = new Set<string>()
  value.forEach((item, i) => {
    const read = readItem(item, `items[${i}]`, problems)
    if (!read) return
    // Two answers on one item in one grade: which would be the grader's vote cannot be told.
    if (seen.has(read.id)) return void problems.push(`items[${i}]: the item "${read.id}" is graded twice`)
    seen.add(read.id)
    items.push(read)
  })
  return items
}

function readItem(value: unknown, at: string, problems: string[]): ItemGrade | undefined {
  if (!isPlainObject(value)) return void problems.push(`${at} must be an object`)
  const { id, met, evidence = [], note = '' } = value
  const mine: string[] = []
  if (typeof id !== 'string' || id === '') mine.push('"id" must be a non-empty string')
  // Absent is not null: "can't tell" must be said, or a half-written line would count as an abstention.
  if (met !== true && met !== false && met !== null) mine.push('"met" must be true, false or null')
  if (!Array.isArray(evidence) || !evidence.every((step) => Number.isInteger(step) && (step as number) >= 1)) mine.push('"evidence" must be a list of step numbers (1 or more)')
  if (typeof note !== 'string') mine.push('"note" must be a string')
  if (mine.length > 0) return void problems.push(`${at}: ${mine.join('; ')}`)
  return { id: id as string, met: met as boolean | null, evidence: evidence as number[], note: note as string }
}
