// A published SPIEval data set (no planner keys, no x-kind, no x-compare) scores exactly as before the planner checks (#28).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { IssueList, analysisTables, analyze, judgeTask, parseInputData, parseResponses, scoreTask, toolProperties } from '../src/core/index'
import type { GoldCall, PlannerMetadata, PredictedCall, TaskVerdict } from '../src/core/index'
import { scoreTexts } from '../cli/scoring'
import { readSources } from '../scripts/sample-lib'
import { ROOT, SAMPLE_DIR, TOOLS } from './fixtures'
import { publishedResponses, sha256 } from './support/publishedResponses'
import { referenceScoreTask } from './support/referenceScoreTask'

const props = toolProperties(TOOLS)
const sources = readSources(ROOT)
const read = (v: TaskVerdict) => ({ id: v.id, correct: v.correct, errorType: v.errorType, mismatches: v.mismatches, pairing: v.pairing, checks: v.checks, alternative: v.alternative })

/** Keys a planner task may carry that ask nothing of its calls: they must leave the calls' verdict alone. */
const callFreeKeys = fc.constantFrom<PlannerMetadata | undefined>(
  undefined,
  {},
  { dimension: 'memory', memory: { required: ['mem_1'], evidence: 'returned', forbidden: [] } },
  { dimension: 'skill', skills: { required: ['expense-filing'], forbidden: [] }, userReplies: ['Friday'] },
)
/** Names a planner data set gives roles to; in a published one each is an action like any other. */
const plannerName = fc.constantFrom('Ask_User', 'load_skill', 'get_weather', 'Delegate_Finance', 'Memory_Add', 'search_memory')
const value = fc.oneof(fc.constantFrom('x', ' 13822419087 ', '138-2241-9087', '2026/03/14 09:00', 'VOICE', 'voice'), fc.integer(), fc.constant(null))

describe('a published data set scores as before', () => {
  it('judges and explains like the reference scorer, whatever the calls and any call-free planner keys', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sources),
        callFreeKeys,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(fc.record({ at: fc.nat(), name: plannerName, arg: value }), { maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), value), { maxLength: 3 }),
        (source, planner, order, inserted, changed) => {
          const meta = source.task.prompt_metadata as { answer: GoldCall[]; free_params?: string[][] }
          const task = { id: source.task.id, answer: meta.answer, freeParams: meta.free_params ?? [], ...(planner ? { planner } : {}) }
          let calls: PredictedCall[] = order.length > 0 ? order.map((i) => source.solution.calls[i % source.solution.calls.length] as PredictedCall) : source.solution.calls
          // Some values rewritten as an x-compare mode would forgive, and calls a planner data set would sort by role.
          calls = calls.map((c, i) => {
            const change = changed.find(([at]) => at % calls.length === i)
            const args = { ...(c.arguments as Record<string, unknown>) }
            const key = Object.keys(args)[0]
            if (change && key !== undefined) args[key] = change[1]
            return { name: c.name, arguments: args }
          })
          for (const { at, name, arg } of inserted) calls.splice(at % (calls.length + 1), 0, { name, arguments: { question: arg, name: arg } })
          const reference = read(referenceScoreTask(task, calls, props))
          const judged = judgeTask(task, calls, props)
          expect({ correct: judged.correct, errorType: judged.errorType }).toEqual({ correct: reference.correct, errorType: reference.errorType })
          expect(read(judged.explain())).toEqual(reference)
          expect(read(scoreTask(task, calls, props))).toEqual(reference)
        },
      ),
      { numRuns: 1500 },
    )
  })

  // The figures were computed from this repository's sources before the planner checks (test/support/publishedResponses.ts).
  const BEFORE = {
    responses: 'e8d5afa0b41d82757f8b5c9554a8950aac2841734702652d9ee91cb05ea43735',
    result: '7167e6fe7bb4240d780a457d5a5dff360ad00e8734b516eecb86a22292d98d73',
    details: 'a39d771faff8e1a8a78c448524e1529efc2da3e7819bd39e2260d86c591bb8ae',
    analysisRows: 'c3d924b5f4bebe2d39c2326d56b0c91006754886ed69d3c759095e1255d0f0cf',
    analysisTables: 'c7fe6fa7169ac5803e27d2d892ddd59c755db41b078a554df1d62826bf2b9160',
  }
  const inputData = readFileSync(join(SAMPLE_DIR, 'input_data.jsonl'), 'utf8')
  const toolsText = readFileSync(join(SAMPLE_DIR, 'tools.json'), 'utf8')
  const tasks = parseInputData(inputData, new IssueList())
  const responses = publishedResponses(tasks)

  it('writes the sample\'s result.json and details.jsonl byte for byte as before (npm run score, in process)', () => {
    expect(sha256(responses)).toBe(BEFORE.responses)
    const { scores, result } = scoreTexts({ inputData, responses, tools: toolsText }, () => {
      throw new Error('the published sample has no live lines')
    })
    const details = [...scores.detailTexts()].join('\n')
    expect(sha256(result)).toBe(BEFORE.result)
    expect(sha256(details)).toBe(BEFORE.details)
    // The planner error types appear nowhere in a published data set's files.
    expect(details).not.toMatch(/wrong_order|extra_write|mention_missing|"alternative"/)
  })

  it('gives the sample\'s analysis rows and tables as before, with the same error columns', () => {
    const rows = analyze(tasks, TOOLS, parseResponses(responses).lines)
    const tables = analysisTables(rows, tasks)
    expect(sha256(JSON.stringify(rows))).toBe(BEFORE.analysisRows)
    expect(sha256(JSON.stringify(tables))).toBe(BEFORE.analysisTables)
    expect(tables.find((t) => t.name === 'error_types')?.rows[0]).toEqual(['row', 'failures', 'wrong_value', 'wrong_count', 'missing_param', 'wrong_tool', 'other', 'no_response'])
  })
})
