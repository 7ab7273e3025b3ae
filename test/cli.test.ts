import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSources } from '../scripts/sample-lib'
import { ROOT, SAMPLE_DIR } from './fixtures'

function run(script: string, args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], { cwd: ROOT, encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('npm run score', () => {
  it('writes result.json and details.jsonl in the contract format and prints the table', () => {
    const dir = mkdtempSync(join(tmpdir(), 'score-'))
    const sources = readSources(ROOT)
    const lines = [
      // run 0: every gold answer, as calls; run 1: every trap, as messages; run 2: only the first 25 answers.
      ...sources.map((s) => ({ id: s.task.id, run: 0, calls: s.solution.calls })),
      ...sources.map((s) => ({
        id: s.task.id,
        run: 1,
        model: 'trap',
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', tool_calls: s.solution.trap.map((c, i) => ({ id: `c${i}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })) },
        ],
      })),
      ...sources.slice(0, 25).map((s) => ({ id: s.task.id, run: 2, calls: s.solution.calls })),
    ]
    const responses = join(dir, 'responses.jsonl')
    writeFileSync(responses, lines.map((l) => JSON.stringify(l)).join('\n'))
    const out = join(dir, 'result.json')
    const r = run('cli/score.ts', ['--input_data', join(SAMPLE_DIR, 'input_data.jsonl'), '--input_response_data', responses, '--output_file', out])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const result = JSON.parse(readFileSync(out, 'utf8'))
    expect(result.runs).toBe(3)
    expect(result.per_run.map((p: { overall: number }) => p.overall)).toEqual([100, 0, 50])
    expect(result.overall.mean).toBeCloseTo(50, 10)
    expect(result.overall.std).toBeCloseTo(Math.sqrt((50 ** 2 + 50 ** 2) / 3), 10)
    expect(Object.keys(result.by_type)).toEqual(['推理', '辨析', '整合', '偏好', '多意图'])
    // 推理 is among the first 25 tasks: right in runs 0 and 2, wrong in run 1.
    expect(result.by_type['推理'].mean).toBeCloseTo(200 / 3, 10)
    expect(result.per_run[2].by_type['多意图']).toBe(0)
    const details = readFileSync(join(dir, 'details.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    expect(details).toHaveLength(150)
    expect(details.filter((d) => d.run === 1).every((d) => d.error_type === 'wrong_value')).toBe(true)
    expect(details.filter((d) => d.run === 2 && !d.correct).every((d) => d.error_type === 'no_response')).toBe(true)
    expect(r.stdout).toContain('Reasoning 推理')
    expect(r.stdout).toMatch(/50\.0 ± 40\.8/)
  })

  it('fails with a usage message when an option is missing', () => {
    const r = run('cli/score.ts', ['--input_data', join(SAMPLE_DIR, 'input_data.jsonl')])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/Missing --input_response_data/)
  })
})

describe('npm run validate', () => {
  it('passes the sample clean', () => {
    const r = run('cli/validate.ts', [SAMPLE_DIR])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/50 tasks, 907 records, 21 tools, profile Daniel Hayes; 0 errors, 0 warnings/)
  })

  it('only warns about record fields an app does not list, and exits 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'validate-'))
    cpSync(SAMPLE_DIR, dir, { recursive: true })
    const path = join(dir, 'records_db.json')
    const db = JSON.parse(readFileSync(path, 'utf8'))
    db['推理1'].contacts[0]['微信'] = 'dan_hayes'
    db['推理1'].contacts[1]['score'] = 7
    writeFileSync(path, JSON.stringify(db))
    const r = run('cli/validate.ts', [dir])
    expect(r.stdout).toMatch(/warning: records_db\.json \(task 推理1\): contacts records have fields the app does not list \(kept and searchable\): 微信, score/)
    expect(r.stdout).toMatch(/0 errors, 1 warning$/m)
    expect(r.code).toBe(0)
  })

  it('exits non-zero and names the file and line of an error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'validate-'))
    cpSync(SAMPLE_DIR, dir, { recursive: true })
    const path = join(dir, 'input_data.jsonl')
    const lines = readFileSync(path, 'utf8').split('\n')
    lines[6] = lines[6]?.replace('"Phone_Call"', '"Phone_Dial"').replace('"Messages_Send"', '"Phone_Dial"').replace(/"(Consumption|Transport|Contacts|Accommodation|Meeting|Schedule|TodoList)_Create"|"Clock_CreateAlarm"/, '"Phone_Dial"') ?? ''
    lines[3] = '{"id": '
    writeFileSync(path, lines.join('\n'))
    const r = run('cli/validate.ts', [dir])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/error: input_data\.jsonl line 4: not valid JSON/)
    expect(r.stdout).toMatch(/error: input_data\.jsonl line 7 \(task 推理7\): gold call 1 names unknown tool "Phone_Dial"/)
  })

  it('warns about gold values that fit no schema, and still exits 1 for them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'validate-'))
    cpSync(SAMPLE_DIR, dir, { recursive: true })
    const path = join(dir, 'input_data.jsonl')
    writeFileSync(path, readFileSync(path, 'utf8').replace('"type": ["VOICE", null]', '"type": ["LOUD", null]').replace('"type":["VOICE",null]', '"type":["LOUD",null]'))
    const r = run('cli/validate.ts', [dir])
    expect(r.stdout).toMatch(/"LOUD" does not fit the tool schema/)
    expect(r.code).toBe(1)
  })
})
