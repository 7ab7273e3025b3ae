import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './fixtures'
import { cliArgs } from './support/cli'

const LIVE = join(ROOT, 'public', 'data-live')

function run(script: string, args: string[]) {
  const r = spawnSync(process.execPath, [...cliArgs(script), ...args], { cwd: ROOT, encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)

describe('the command line in live state', () => {
  it('npm run agent runs the live sample live, with random friction met again on a rerun, and npm run score agrees', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-live-'))
    const out = join(dir, 'a.jsonl')
    const again = join(dir, 'b.jsonl')
    const args = ['--data', LIVE, '--agent', 'oracle', '--failure_rate', '0.3', '--seed', '7']
    const first = run('cli/agent.ts', [...args, '--out', out])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toMatch(/20\/20 episodes, 20 correct/)
    expect(run('cli/agent.ts', [...args, '--out', again]).code).toBe(0)
    const a = lines(out)
    const b = lines(again)
    expect(a).toHaveLength(20)
    for (const line of a) {
      expect(line.state).toBe('live')
      expect(line).toMatchObject({ failure_rate: 0.3, seed: 7 })
    }
    // The same seed fails the same calls.
    const friction = (ls: Record<string, unknown>[]) => ls.map((l) => [l.id, l.friction ?? []])
    expect(friction(b)).toEqual(friction(a))
    expect(a.some((l) => Array.isArray(l.friction) && l.friction.length > 0)).toBe(true)
    const result = join(dir, 'result.json')
    const scored = run('cli/score.ts', ['--input_data', join(LIVE, 'input_data.jsonl'), '--input_response_data', out, '--output_file', result])
    expect(scored.stderr).toBe('')
    expect(scored.code).toBe(0)
    const r = JSON.parse(readFileSync(result, 'utf8'))
    expect(r.overall.mean).toBe(100)
    expect(r.state.overall.mean).toBe(100)
    expect(r.state.tasks).toBe(19)
    const details = lines(join(dir, 'details.jsonl'))
    expect(details.filter((d) => d.state_correct === true)).toHaveLength(19)
  })

  it('a live line whose calls leave the wrong state is scored wrong on its state', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-live-'))
    const out = join(dir, 'a.jsonl')
    expect(run('cli/agent.ts', ['--data', LIVE, '--agent', 'oracle', '--tasks', '推理L1', '--out', out]).code).toBe(0)
    const [line] = lines(out)
    // Drop the delete: the calls are now wrong too, and the state misses its change.
    const edited = { ...line, calls: [] }
    const responses = join(dir, 'edited.jsonl')
    writeFileSync(responses, JSON.stringify(edited) + '\n')
    const result = join(dir, 'result.json')
    expect(run('cli/score.ts', ['--input_data', join(LIVE, 'input_data.jsonl'), '--input_response_data', responses, '--output_file', result]).code).toBe(0)
    const detail = lines(join(dir, 'details.jsonl')).find((d) => d.id === '推理L1')
    expect(detail).toMatchObject({ correct: false, state_correct: false, state_error_type: 'missing_change' })
  })

  it('npm run score takes --records and --profile when the input data stands alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-live-'))
    const out = join(dir, 'a.jsonl')
    expect(run('cli/agent.ts', ['--data', LIVE, '--agent', 'oracle', '--tasks', '推理L1', '--out', out]).code).toBe(0)
    // The input data alone in another folder: without --records the live line cannot be checked, and the command says so.
    writeFileSync(join(dir, 'input_data.jsonl'), readFileSync(join(LIVE, 'input_data.jsonl'), 'utf8'))
    const args = ['--input_data', join(dir, 'input_data.jsonl'), '--tools', join(LIVE, 'tools.json'), '--input_response_data', out, '--output_file', join(dir, 'result.json')]
    const missing = run('cli/score.ts', args)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/records_db\.json/)
    const given = run('cli/score.ts', [...args, '--records', join(LIVE, 'records_db.json'), '--profile', join(LIVE, 'profile.json')])
    expect(given.code, given.stderr).toBe(0)
    expect(lines(join(dir, 'details.jsonl')).find((d) => d.id === '推理L1')).toMatchObject({ correct: true, state_correct: true })
  })

  it('--state static runs the live sample as the published protocol, and bad values are refused in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-live-'))
    const out = join(dir, 'a.jsonl')
    expect(run('cli/agent.ts', ['--data', LIVE, '--agent', 'oracle', '--tasks', '推理L1', '--state', 'static', '--out', out]).code).toBe(0)
    expect(lines(out)[0]).not.toHaveProperty('state')
    const bad = run('cli/agent.ts', ['--data', LIVE, '--agent', 'oracle', '--state', 'stateful', '--out', join(dir, 'x.jsonl')])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/state/)
    const rate = run('cli/agent.ts', ['--data', LIVE, '--agent', 'oracle', '--failure_rate', '2', '--out', join(dir, 'y.jsonl')])
    expect(rate.code).toBe(2)
    expect(rate.stderr).toMatch(/--failure_rate must be a probability/)
  })
})
