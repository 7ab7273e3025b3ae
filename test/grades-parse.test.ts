// grades.jsonl (#29): read into grades with every bad line reported by its line and skipped (never turned into a vote),
// written back one JSON a line, and merged from several files with repeats counted, not counted twice.
import { describe, expect, it } from 'vitest'
import { gradeLines, mergeGrades, parseGrades } from '../src/core/index'
import type { Grade } from '../src/core/index'

const HASH = 'a'.repeat(64)

const good: Grade = {
  task_id: 'basic-6',
  attempt: 'run:0',
  grader: { id: 'ann', kind: 'human' },
  items: [
    { id: 'r4', met: true, evidence: [2, 3], note: 'names both' },
    { id: 'r5', met: null, evidence: [], note: '' },
  ],
  at: '2026-03-01T10:00:00Z',
  rubric_hash: HASH,
}

/** One grade's line with changes (a key set to undefined is left out). */
const lineWith = (changes: Record<string, unknown>): string => JSON.stringify({ ...good, ...changes })
const itemWith = (changes: Record<string, unknown>): string => lineWith({ items: [{ ...good.items[0], ...changes }] })

/** The message of the one bad line in a file of a good line then `bad`. */
function refusal(bad: string): string {
  const { grades, issues } = parseGrades(`${lineWith({})}\n${bad}\n`, 'g.jsonl')
  expect(grades).toEqual([good])
  expect(issues).toHaveLength(1)
  expect(issues[0]).toMatchObject({ level: 'error', file: 'g.jsonl', line: 2 })
  return issues[0]?.message ?? ''
}

describe('parseGrades', () => {
  it('reads a grade with every field, an adjudicator and an invalid judge grade, and skips blank lines (CRLF too)', () => {
    const adjudicator = { ...good, grader: { id: 'lead', kind: 'human', role: 'adjudicator' }, at: '2026-03-02T09:30:00.250+08:00' }
    const judge = { ...good, grader: { id: 'gpt', kind: 'llm' }, invalid: true, rubric_hash: undefined }
    const text = `${lineWith({})}\r\n\r\n${JSON.stringify(adjudicator)}\r\n${JSON.stringify(judge)}\r\n`
    const { grades, issues } = parseGrades(text)
    expect(issues).toEqual([])
    expect(grades).toEqual([good, adjudicator, { task_id: 'basic-6', attempt: 'run:0', grader: { id: 'gpt', kind: 'llm' }, items: good.items, at: good.at, invalid: true }])
  })

  it('takes a missing evidence and note as none, but never a missing met', () => {
    const { grades } = parseGrades(lineWith({ items: [{ id: 'r4', met: false }] }))
    expect(grades[0]?.items).toEqual([{ id: 'r4', met: false, evidence: [], note: '' }])
    expect(refusal(lineWith({ items: [{ id: 'r4' }] }))).toContain('items[0]: "met" must be true, false or null')
  })

  it('refuses each malformed field by its line, and never keeps the grade', () => {
    expect(refusal('{"task_id": ')).toContain('not valid JSON')
    expect(refusal('[1]')).toContain('a grade must be a JSON object')
    expect(refusal(itemWith({ met: 'yes' }))).toContain('"met" must be true, false or null')
    expect(refusal(itemWith({ met: 1 }))).toContain('"met" must be true, false or null')
    expect(refusal(itemWith({ evidence: [0] }))).toContain('"evidence" must be a list of step numbers (1 or more)')
    expect(refusal(itemWith({ evidence: [1.5] }))).toContain('"evidence" must be a list of step numbers')
    expect(refusal(itemWith({ evidence: '3' }))).toContain('"evidence" must be a list of step numbers')
    expect(refusal(itemWith({ note: 4 }))).toContain('"note" must be a string')
    expect(refusal(itemWith({ id: '' }))).toContain('"id" must be a non-empty string')
    expect(refusal(lineWith({ grader: { id: 'x', kind: 'robot' } }))).toContain('"grader.kind" must be one of human, llm')
    expect(refusal(lineWith({ grader: { id: 'x', kind: 'human', role: 'boss' } }))).toContain('"grader.role" must be one of grader, adjudicator')
    expect(refusal(lineWith({ grader: { kind: 'human' } }))).toContain('"grader.id" must be a non-empty string')
    expect(refusal(lineWith({ grader: 'ann' }))).toContain('"grader" must be')
    expect(refusal(lineWith({ task_id: undefined }))).toContain('"task_id" must be a non-empty string')
    expect(refusal(lineWith({ attempt: 3 }))).toContain('"attempt" must be a non-empty string')
    expect(refusal(lineWith({ items: { r4: true } }))).toContain('"items" must be a list')
    expect(refusal(lineWith({ items: [good.items[0], good.items[0]] }))).toContain('the item "r4" is graded twice')
    expect(refusal(lineWith({ at: '2026-03-01 10:00' }))).toContain('"at" must be an ISO 8601 time with its offset')
    expect(refusal(lineWith({ at: '2026-03-01T10:00:00' }))).toContain('"at" must be an ISO 8601 time with its offset')
    expect(refusal(lineWith({ at: '2026-13-45T10:00:00Z' }))).toContain('"at" must be an ISO 8601 time')
    expect(refusal(lineWith({ rubric_hash: HASH.toUpperCase() }))).toContain('"rubric_hash" must be 64 lower-case hex digits')
    expect(refusal(lineWith({ invalid: 'yes' }))).toContain('"invalid" must be true or false')
  })

  it('reports every fault of a line in one message, and goes on with the next line', () => {
    const { grades, issues } = parseGrades(`${lineWith({ attempt: '', items: [{ id: 'r4', met: 'no' }] })}\n${lineWith({})}`)
    expect(grades).toEqual([good])
    expect(issues.map((i) => i.line)).toEqual([1])
    expect(issues[0]?.message).toContain('"attempt" must be a non-empty string; items[0]: "met" must be true, false or null')
    expect(issues[0]?.message).toContain('(grade skipped)')
  })
})

describe('gradeLines', () => {
  it('writes one JSON a line, in the documented key order, that reads back the same', () => {
    const adjudicator: Grade = { ...good, grader: { id: 'lead', kind: 'human', role: 'adjudicator' }, invalid: false }
    const text = gradeLines([good, adjudicator])
    expect(text.split('\n')).toHaveLength(3)
    expect(text.endsWith('\n')).toBe(true)
    expect(Object.keys(JSON.parse(text.split('\n')[0] ?? '{}'))).toEqual(['task_id', 'attempt', 'grader', 'items', 'at', 'rubric_hash'])
    expect(parseGrades(text)).toEqual({ grades: [good, adjudicator], issues: [] })
    expect(gradeLines([])).toBe('')
  })
})

describe('mergeGrades', () => {
  it('keeps each grade once: the same task, attempt, grader and time is a repeat, whatever else it says', () => {
    const later = { ...good, at: '2026-03-01T11:00:00Z' }
    const bob = { ...good, grader: { id: 'bob', kind: 'human' as const } }
    const otherAttempt = { ...good, attempt: 'run:1' }
    const repeat = { ...good, items: [] }
    const { grades, skipped } = mergeGrades([[good, later], [bob, repeat, otherAttempt], [good]])
    expect(grades).toEqual([good, later, bob, otherAttempt])
    expect(skipped).toBe(2)
    expect(mergeGrades([])).toEqual({ grades: [], skipped: 0 })
  })
})
