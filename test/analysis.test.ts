import { describe, expect, it } from 'vitest'
import { accuracyBySetting, analyze, parseResponses } from '../src/core/index'
import { fixtureDataset } from './fixtures'
import { cliArgs } from './support/cli'

const search = (name: string, args: object) => ({ type: 'function', id: 'x', function: { name, arguments: JSON.stringify(args) } })
const line = (fields: Record<string, unknown>, searches: ReturnType<typeof search>[], calls: unknown[]) =>
  JSON.stringify({ ...fields, calls, messages: [{ role: 'user', content: '…' }, ...searches.map((s) => ({ role: 'assistant', content: null, tool_calls: [s] }))] })

const CALL_RACHEL = { name: 'Phone_Call', arguments: { telephone: '13933334444' } }
const TEXTS = [
  { name: 'Messages_Send', arguments: { telephone: '13822419087', text: 'hi' } },
  { name: 'Messages_Send', arguments: { telephone: '13911112222', text: 'hi' } },
]

describe('analysis of a small hand-made set of trajectories', () => {
  const dataset = fixtureDataset()
  const text = [
    line({ id: '推理1', run: 0, model: 'A', setting: 'paginated' }, [search('search_contacts', { pattern: 'x', field: '姓名' }), search('search_sms', { pattern: 'x', mode: 'regex' })], [CALL_RACHEL]),
    line({ id: '多意图1', run: 0, model: 'A', setting: 'paginated' }, [search('search_contacts', { pattern: 'x', mode: 'fuzzy' })], [TEXTS[0]]),
    line({ id: '推理1', run: 1, model: 'A', setting: 'paginated' }, [], [{ name: 'Phone_Call', arguments: { telephone: '13911112222' } }]),
    line({ id: '多意图1', run: 1, model: 'A', setting: 'paginated' }, [search('search_phone', { pattern: 'a' }), search('search_phone', { pattern: 'b' }), search('search_sms', { pattern: 'c' })], TEXTS),
    line({ id: '推理1', actor: 'ann', setting: 'browse' }, [search('search_contacts', { pattern: 'x' })], [CALL_RACHEL]),
    line({ id: '多意图1', actor: 'bob', setting: 'browse' }, [], [CALL_RACHEL, CALL_RACHEL]),
  ].join('\n')
  const rows = analyze(dataset.tasks, dataset.tools, parseResponses(text).lines)

  it('makes one row per model and setting, and one per group of people', () => {
    expect(rows.map((r) => [r.label, r.units])).toEqual([
      ['A · paginated', 2],
      ['people · browse', 2],
    ])
  })

  it('computes Table 2 over runs, and over people', () => {
    const [model, people] = rows
    expect(model?.score.per_run.map((r) => r.overall)).toEqual([50, 50])
    expect(model?.score.by_type['推理']).toEqual({ mean: 50, std: 50 })
    expect(people?.score.overall).toEqual({ mean: 25, std: 25 })
  })

  it('counts error types, retrievals on solved vs failed tasks, and retrieval modes', () => {
    const [model, people] = rows
    expect(model?.errors).toMatchObject({ wrong_count: 1, wrong_value: 1, missing_param: 0 })
    expect(model?.retrievals).toEqual({ solved: 2.5, failed: 0.5 })
    expect(model?.modes).toEqual({ fixed: 4, regex: 1, fuzzy: 1, field: 1, total: 6 })
    expect(model?.perTask).toEqual({ 推理1: { solved: 1, attempted: 2 }, 多意图1: { solved: 1, attempted: 2 } })
    expect(people?.errors).toMatchObject({ no_response: 2, wrong_tool: 1 })
    expect(people?.retrievals).toEqual({ solved: 1, failed: 0 })
  })

  it('keeps each unit\'s outcome per task, with the attempt it came from', () => {
    const [model, people] = rows
    expect(model?.outcomes['推理1']).toEqual([
      { unit: 'run 0', correct: true, errorType: null },
      { unit: 'run 1', correct: false, errorType: 'wrong_value' },
    ])
    expect(people?.outcomes['推理1']).toEqual([{ unit: 'actor ann', correct: true, errorType: null }])
    const withAttempt = analyze(dataset.tasks, dataset.tools, parseResponses(line({ id: '推理1', actor: 'ann', attempt: 'a1' }, [], [CALL_RACHEL])).lines)
    expect(withAttempt[0]?.outcomes['推理1']).toEqual([{ unit: 'actor ann', correct: true, errorType: null, attempt: 'a1' }])
  })

  it('averages accuracy by setting', () => {
    const bySetting = accuracyBySetting(rows, dataset.tasks)
    expect(bySetting.paginated?.overall).toBe(50)
    expect(bySetting.browse?.overall).toBe(25)
    expect(bySetting.browse?.['推理']).toBe(50)
  })
})

describe('the published leaderboard', () => {
  it('is transcribed right: its overall column averages to the published 35.5 %', async () => {
    const { PUBLISHED_LEADERBOARD } = await import('../src/core/index')
    expect(PUBLISHED_LEADERBOARD).toHaveLength(18)
    const overall = PUBLISHED_LEADERBOARD.map((r) => r.scores[5]?.[0] ?? 0)
    expect(overall.reduce((a, b) => a + b, 0) / overall.length).toBeCloseTo(35.5, 1)
    expect(PUBLISHED_LEADERBOARD[0]?.scores[5]).toEqual([57.3, 1.2])
  })
})

describe('npm run analyze', () => {
  it('prints the tables and writes their CSVs', async () => {
    const { spawnSync } = await import('node:child_process')
    const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { ROOT, SAMPLE_DIR } = await import('./fixtures')
    const dir = mkdtempSync(join(tmpdir(), 'analyze-'))
    const responses = join(dir, 'r.jsonl')
    writeFileSync(responses, JSON.stringify({ id: '推理1', run: 0, model: 'm', calls: [{ name: 'Phone_Call', arguments: { telephone: '13822419087' } }] }) + '\n')
    const r = spawnSync(process.execPath, [...cliArgs('cli/analyze.ts'), '--input_data', join(SAMPLE_DIR, 'input_data.jsonl'), '--out', dir, responses], { cwd: ROOT, encoding: 'utf8' })
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/m · paginated\s+1\s+10\.0 ± 0\.0/)
    expect(readFileSync(join(dir, 'table2.csv'), 'utf8').split('\r\n')[1]).toMatch(/^m · paginated,1,10\.0 ± 0\.0,/)
    expect(readFileSync(join(dir, 'per_task.csv'), 'utf8')).toContain('推理1,推理,1/1')
  })
})
