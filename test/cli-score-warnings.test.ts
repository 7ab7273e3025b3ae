import { execFile, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSources } from '../scripts/sample-lib'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { cliArgs } from './support/cli'

function run(script: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(process.execPath, [...cliArgs(script), ...args], { cwd: ROOT, encoding: 'utf8', env })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

const INPUT = join(SAMPLE_DIR, 'input_data.jsonl')
const sources = readSources(ROOT)

/** Writes response lines to a fresh folder's responses.jsonl and scores them against the sample (or `input`). */
function score(lines: readonly unknown[], input = INPUT) {
  const dir = mkdtempSync(join(tmpdir(), 'score-warn-'))
  const responses = join(dir, 'responses.jsonl')
  writeFileSync(responses, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'))
  const out = join(dir, 'result.json')
  const r = run('cli/score.ts', ['--input_data', input, '--input_response_data', responses, '--output_file', out])
  return { ...r, responses, out, stderrLines: r.stderr.trimEnd().split('\n').filter(Boolean) }
}

/** A line answering a sample task with its gold calls, as npm run agent writes it: the conversation opens with `instruction`. */
function answer(index: number, extra: Record<string, unknown> = {}, instruction = instructionOf(index)) {
  const s = sources[index]
  if (!s) throw new Error(`no sample task ${index}`)
  return { id: s.task.id, run: 0, calls: s.solution.calls, messages: [{ role: 'system', content: 'prompt' }, { role: 'user', content: instruction }], ...extra }
}

function instructionOf(index: number): string {
  const messages = sources[index]?.task.messages as { role: string; content: string }[]
  return messages.find((m) => m.role === 'user')?.content ?? ''
}

describe('npm run score: responses made for another data set with the same task ids', () => {
  it('are counted and the first two named, with both instructions; spacing and text parts are the same instruction; lines with only calls are not checked', () => {
    // The sample's ids, the first three with other instructions: as npm run gen writes its 推理1 … with tasks of its own.
    const dir = mkdtempSync(join(tmpdir(), 'other-data-'))
    cpSync(SAMPLE_DIR, dir, { recursive: true })
    const input = join(dir, 'input_data.jsonl')
    const tasks = readFileSync(input, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    const other = (i: number) => [{ role: 'user', content: `Other task number ${i + 1}, worded at length to be shortened` }]
    writeFileSync(input, tasks.map((t, i) => JSON.stringify(i < 3 ? { ...t, messages: other(i) } : t)).join('\n'))
    const lines = [
      answer(0),
      answer(1),
      answer(2),
      { id: sources[3]?.task.id, run: 0, calls: sources[3]?.solution.calls },
      answer(4, {}, `  ${instructionOf(4)}\r\n`),
      { ...answer(5), messages: [{ role: 'user', content: [{ type: 'text', text: instructionOf(5) }] }] },
    ]
    const r = score(lines, input)
    const warning =
      `warning: 3 of 6 response lines answer another instruction than their task's (` +
      `推理1 was asked "Call whoever is covering for my manager", where ${input} has "Other task number 1, worded at length t…"; ` +
      `推理2 was asked "Call the parent driving Lily home today", where ${input} has "Other task number 2, worded at length t…"; and 1 more); ` +
      `each is scored against the gold of the task with its id. Scored against another data set's input_data? Name the one the responses were made for with --input_data.`
    expect(r.code).toBe(0)
    expect(r.stderrLines).toEqual([warning])
    // npm run analyze reads the same lines the same way, and says so too.
    const analyzed = run('cli/analyze.ts', ['--input_data', input, '--out', join(dir, 'analysis'), r.responses])
    expect(analyzed.code).toBe(0)
    expect(analyzed.stderr.trimEnd().split('\n')).toEqual([warning])
  })
})

describe('npm run score: one file, several models or people', () => {
  const gold = (index: number, extra: Record<string, unknown>) => answer(index, extra)

  it('warns when two models share a run (a task’s last line wins) and scores as before', () => {
    const lines = [gold(0, { model: 'gpt-4o' }), gold(1, { model: 'gpt-4o' }), { ...gold(0, { model: 'oracle' }), calls: [] }, gold(2, { actor: 'ann' })]
    const r = score(lines)
    expect(r.code).toBe(0)
    expect(r.stderrLines).toEqual([
      `warning: ${r.responses} holds the lines of 2 models ("gpt-4o", "oracle") and 1 person ("ann") in the same run 0: they are scored as one run, ` +
        `so a task's last line wins, whoever wrote it. Split the file by model (or actor) and score each part; npm run analyze gives each its own row.`,
    ])
    // oracle's empty answer to 推理1 came last, so it wins: two of the three tasks answered are right.
    const result = JSON.parse(readFileSync(r.out, 'utf8')) as { per_run: { overall: number }[] }
    expect(result.per_run[0]?.overall).toBeCloseTo((2 / 50) * 100, 10)
  })

  it('warns when models have runs of their own (the mean mixes them), and not of a study’s people, one a run', () => {
    const models = score([gold(0, { model: 'a', run: 0 }), gold(0, { model: 'b', run: 1 })])
    expect(models.stderrLines).toEqual([
      `warning: ${models.responses} holds the lines of 2 models ("a", "b"), in runs of their own: they are scored as the runs of one system, ` +
        `so the mean and std mix them. Split the file by model (or actor) and score each part; npm run analyze gives each its own row.`,
    ])
    const study = score([gold(0, { actor: 'ann', run: 0 }), gold(0, { actor: 'bob', run: 1 }), gold(1, { actor: '', run: 0 })])
    expect(study.stderr).toBe('')
  })
})

describe('npm run score: a file with no response line', () => {
  it('is refused with exit 1, saying what a response line looks like (result.json given as the responses)', () => {
    const agentOut = score([answer(0)])
    const r = score(readFileSync(agentOut.out, 'utf8').split('\n'))
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderrLines).toHaveLength(1)
    expect(r.stderr).toMatch(new RegExp(`^${r.responses.replace(/[.\\/]/g, '\\$&')} holds no response lines: none of its \\d+ lines is one \\(line 1: not valid JSON`))
    expect(r.stderr).toContain('A response line is one JSON object a line with the task\'s "id", its "run" and "calls" or "messages", as {"id": "推理1"')
    expect(existsSync(r.out)).toBe(false)
  })

  it('lists a few skipped lines, then counts the rest; a file of failed episodes only is still scored', () => {
    const r = score([answer(0), ...Array.from({ length: 8 }, () => 'not json')])
    expect(r.code).toBe(0)
    expect(r.stderrLines).toHaveLength(6)
    expect(r.stderrLines[5]).toBe(`warning: and 3 more lines of ${r.responses} skipped`)
    const failed = score([{ id: '推理1', run: 0, model: 'm', error: 'Connection error. (gave up after 1 attempt)' }])
    expect(failed.code).toBe(0)
    expect(failed.stderrLines).toEqual([`warning: ${failed.responses} line 1: a response needs "calls" or "messages" (line skipped)`])
  })
})

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Runs npm run agent's bundle against `base` on sample tasks, with a key that must show nowhere. */
function agentAgainst(base: string, extra: readonly string[]) {
  const out = join(mkdtempSync(join(tmpdir(), 'agent-down-')), 'response.jsonl')
  const args = ['--data', SAMPLE_DIR, '--agent', 'openai', '--model', 'm', '--base-url', base, ...extra, '--out', out]
  return new Promise<{ stderr: string; stdout: string; out: string }>((resolve) =>
    execFile(process.execPath, [...cliArgs('cli/agent.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, OPENAI_API_KEY: 'sk-unreachable-secret' } }, (_err, stdout, stderr) =>
      resolve({ stdout, stderr, out }),
    ),
  )
}

describe('npm run agent against an endpoint it cannot reach', () => {
  it('says at the first retry why, before any episode has spent its retries, and only once', async () => {
    const base = `http://127.0.0.1:${await closedPort()}/v1`
    const r = await agentAgainst(base, ['--max_retries', '1', '--tasks', '推理1,推理2'])
    const lines = r.stderr.split('\n')
    const retrying = lines.flatMap((l, i) => (l.startsWith('retrying:') ? [i] : []))
    expect(retrying.map((i) => lines[i])).toEqual([`retrying: Connection error (${base}); a request is tried up to 2 times (--max_retries 1) before its episode fails`])
    const firstFailure = lines.findIndex((l) => l.includes(' failed: '))
    expect(firstFailure).toBeGreaterThan(retrying[0] ?? Infinity)
    expect(r.stderr + r.stdout).not.toContain('sk-unreachable-secret')
  })

  it('names the first failed episodes on stderr with the reason and the base URL, then says the rest are counted', async () => {
    const base = `http://127.0.0.1:${await closedPort()}/v1`
    const r = await agentAgainst(base, ['--max_retries', '0', '--tasks', '推理1,推理2,推理3,推理4,推理5'])
    const out = r.out
    const told = r.stderr.split('\n').filter((l) => /failed[:]|more episodes failed/.test(l))
    expect(told).toEqual([
      `episode 推理1 failed: Connection error (${base}, gave up after 1 attempt)`,
      `episode 推理2 failed: Connection error (${base}, gave up after 1 attempt)`,
      `episode 推理3 failed: Connection error (${base}, gave up after 1 attempt)`,
      `more episodes failed: the count is at the end, each line's "error" in ${out}`,
    ])
    expect(r.stdout).toContain('5 failed (scored as no_response; run again with --retry_failed)')
    expect(r.stderr + r.stdout).not.toContain('sk-unreachable-secret')
  })
})
