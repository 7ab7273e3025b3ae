import { execFile, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSources } from '../scripts/sample-lib'
import { errorLine, errorReport, CliError } from '../cli/errors'
import { DatasetError } from '../src/core/index'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { cliArgs } from './support/cli'

function run(script: string, args: string[]) {
  const r = spawnSync(process.execPath, [...cliArgs(script), ...args], { cwd: ROOT, encoding: 'utf8' })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

/** As {@link run}, without blocking, so that the bad-input cases can start side by side. Stdin is closed (the MCP server reads it). */
function runAsync(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [...cliArgs(script), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    )
    child.stdin?.end()
  })
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
          ...(s.task.messages as unknown[]), // the task's own instruction: another one is warned of
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

  it('keeps each run’s details beside its own output: details.jsonl beside result.json, <name>.details.jsonl beside any other, or --details', () => {
    const dir = mkdtempSync(join(tmpdir(), 'score-names-'))
    const out = join(dir, 'oracle.jsonl')
    const agent = run('cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'oracle', '--out', out, '--tasks', '推理1,推理2'])
    expect(agent.code).toBe(0)
    // The hint scores next to the responses, not into the working folder.
    const hint = /score it with: npm run score -- (.+)$/m.exec(agent.stdout)?.[1] ?? ''
    expect(hint).toContain(`--output_file ${join(dir, 'oracle.result.json')}`)
    // Its table counts the two tasks run; the score it suggests counts all 50, and the agent says so.
    expect(agent.stdout).toContain('--tasks: the table counts the 2 tasks run; npm run score counts all 50 of the data set, the others as no_response.')
    const score = (output: string, extra: string[] = []) =>
      run('cli/score.ts', ['--input_data', join(SAMPLE_DIR, 'input_data.jsonl'), '--input_response_data', out, '--output_file', join(dir, output), ...extra])
    expect(score('result.json').code).toBe(0)
    expect(score('run1.json').code).toBe(0)
    expect(score('oracle.result.json').code).toBe(0)
    expect(score('run2.json', ['--details', join(dir, 'mine.jsonl')]).code).toBe(0)
    const listed = readdirSync(dir).sort()
    expect(listed).toEqual(['details.jsonl', 'mine.jsonl', 'oracle.jsonl', 'oracle.result.details.jsonl', 'oracle.result.json', 'result.json', 'run1.details.jsonl', 'run1.json', 'run2.json'])
    const details = readFileSync(join(dir, 'details.jsonl'), 'utf8')
    expect(details.trim().split('\n')).toHaveLength(50) // one line a task of the data set
    for (const name of ['run1.details.jsonl', 'oracle.result.details.jsonl', 'mine.jsonl']) expect(readFileSync(join(dir, name), 'utf8'), name).toBe(details)
  }, 60_000)

  it('fails with a usage message when an option is missing', () => {
    const r = run('cli/score.ts', ['--input_data', join(SAMPLE_DIR, 'input_data.jsonl')])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/Missing --input_response_data/)
  })
})

describe('response lines for tasks the data set does not have', () => {
  it('are named on stderr by npm run score and npm run analyze, and count for nothing, as before', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unknown-tasks-'))
    const responses = join(dir, 'planner.jsonl')
    const known = { id: '推理1', run: 0, calls: [] }
    writeFileSync(responses, [known, ...['basic-1', 'basic-2', 'basic-3', 'memory-1'].map((id) => ({ id, run: 0, calls: [] })), { id: 'basic-1', run: 1, calls: [] }].map((l) => JSON.stringify(l)).join('\n'))
    const input = join(SAMPLE_DIR, 'input_data.jsonl')
    const warning = `warning: 5 of 6 response lines name tasks that ${input} does not have ("basic-1", "basic-2", "basic-3" and 1 more); they count for nothing. Made for another data set? Name its input_data.jsonl with --input_data.`
    const score = run('cli/score.ts', ['--input_data', input, '--input_response_data', responses, '--output_file', join(dir, 'result.json')])
    expect(score.code).toBe(0)
    expect(score.stderr.trimEnd().split('\n')).toContain(warning)
    expect(JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')).overall.mean).toBe(0)
    const analyze = run('cli/analyze.ts', ['--input_data', input, '--out', join(dir, 'analysis'), responses])
    expect(analyze.code).toBe(0)
    expect(analyze.stderr.trimEnd().split('\n')).toContain(warning)
    // Lines of the data set's own tasks alone: not a word.
    writeFileSync(responses, JSON.stringify(known))
    expect(run('cli/score.ts', ['--input_data', input, '--input_response_data', responses, '--output_file', join(dir, 'result.json')]).stderr).not.toMatch(/do(es)? not have/)
  })
})

describe('output files in a folder that is not there yet', () => {
  it('are written into it, made as the commands that write folders make theirs (the README’s `--out out/response.jsonl` in a fresh clone)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fresh-out-'))
    const responses = join(dir, 'out', 'response.jsonl')
    const agent = run('cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'oracle', '--tasks', '推理1', '--out', responses])
    expect(agent.stderr).not.toMatch(/cannot/)
    expect(agent.code).toBe(0)
    expect(readFileSync(responses, 'utf8').trim().split('\n')).toHaveLength(1)
    const result = join(dir, 'scored', 'run1', 'result.json')
    const score = run('cli/score.ts', ['--input_data', join(SAMPLE_DIR, 'input_data.jsonl'), '--input_response_data', responses, '--output_file', result, '--details', join(dir, 'details', 'run1.jsonl')])
    expect(score.stderr).toBe('')
    expect(score.code).toBe(0)
    expect(JSON.parse(readFileSync(result, 'utf8')).runs).toBe(1)
    expect(readdirSync(join(dir, 'details'))).toEqual(['run1.jsonl'])
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

  it('takes a refused line’s records for its task’s: its error, and no warning that they belong to no task', () => {
    const dir = mkdtempSync(join(tmpdir(), 'validate-'))
    cpSync(SAMPLE_DIR, dir, { recursive: true })
    const path = join(dir, 'input_data.jsonl')
    const lines = readFileSync(path, 'utf8').split('\n')
    const first = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>
    lines[0] = JSON.stringify({ ...first, messages: [{ role: 'user', content: '' }] })
    writeFileSync(path, lines.join('\n'))
    const r = run('cli/validate.ts', [dir])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/error: input_data\.jsonl line 1: task "推理1": "messages" has no user message/)
    expect(r.stdout).not.toMatch(/which is not a task/)
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

describe('every command answers bad input with one line and a non-zero exit, never a stack trace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cli-bad-'))
  const brokenTools = join(dir, 'broken-tools')
  cpSync(SAMPLE_DIR, brokenTools, { recursive: true })
  writeFileSync(join(brokenTools, 'tools.json'), '{"not json')
  const twoErrors = join(dir, 'two-errors')
  cpSync(SAMPLE_DIR, twoErrors, { recursive: true })
  writeFileSync(join(twoErrors, 'tools.json'), '{"not json')
  writeFileSync(join(twoErrors, 'records_db.json'), '[oops')
  const aFolder = join(dir, 'a-folder.jsonl')
  mkdirSync(aFolder)
  const aFile = join(dir, 'a-file')
  writeFileSync(aFile, 'x')
  const input = join(SAMPLE_DIR, 'input_data.jsonl')
  const out = join(dir, 'out.jsonl')

  // [command, arguments, the one line (a pattern), whether the usage follows, exit code]
  const cases: [string, string[], RegExp, boolean, number][] = [
    ['cli/score.ts', ['--bogus'], /^Unknown option '--bogus'/, true, 2],
    ['cli/score.ts', ['--input_data', join(dir, 'nope.jsonl'), '--input_response_data', input, '--output_file', join(dir, 'r.json')], /^Input data \(--input_data\) not found: .*nope\.jsonl$/, false, 2],
    ['cli/score.ts', ['--input_data', input, '--input_response_data', aFolder, '--output_file', join(dir, 'r.json')], /^Responses \(--input_response_data\) is a folder, not a file: /, false, 2],
    ['cli/score.ts', ['--input_data', join(brokenTools, 'input_data.jsonl'), '--input_response_data', input, '--output_file', join(dir, 'r.json')], /^tools\.json line 1: not valid JSON/, false, 1],
    ['cli/score.ts', ['--input_data', input, '--input_response_data', input, '--output_file', join(aFile, 'r.json')], /^Output file \(--output_file\) cannot be written: .*a-file\/r\.json \(not a directory\)$/, false, 2],
    ['cli/validate.ts', [], /^Missing DATASET_FOLDER\.$/, true, 2],
    ['cli/validate.ts', ['--bogus'], /^Unknown option '--bogus'/, true, 2],
    ['cli/validate.ts', [join(dir, 'nope')], /^Data set folder not found: .*nope$/, false, 2],
    ['cli/validate.ts', [SAMPLE_DIR, 'more'], /^One data set folder at a time \(also given: more\)\.$/, true, 2],
    ['cli/gen.ts', ['--out', join(dir, 'g'), '--size', 'huge'], /^Unknown --size "huge": use one of spieval, 100x\.$/, true, 2],
    ['cli/gen.ts', ['--out', join(dir, 'g'), '--tasks', '1.5'], /^--tasks must be a whole number of at least 1 \(got "1\.5"\)\.$/, true, 2],
    ['cli/gen.ts', ['--out', join(aFile, 'g'), '--tasks', '2', '--records', '20'], /^Output folder \(--out\) cannot be created: .*a-file\/g \(not a directory\)$/, false, 2],
    ['cli/mcp.ts', ['--data', SAMPLE_DIR, '--task', 'NO_SUCH'], /^Unknown task "NO_SUCH" in .* \(it has 50 tasks: 推理1, 推理2, 推理3, …\)\.$/, false, 2],
    ['cli/mcp.ts', ['--data', SAMPLE_DIR, '--setting', 'Paginated'], /^Unknown setting "Paginated": use one of paginated, full, no_search\.$/, true, 2],
    ['cli/mcp.ts', ['--data', join(dir, 'nope')], /^Data set folder not found: /, false, 2],
    ['cli/mcp.ts', ['--data', brokenTools], /^.*broken-tools: the data set does not load: tools\.json line 1: not valid JSON/, false, 1],
    ['cli/mcp.ts', ['--data', twoErrors], /^.*two-errors: the data set does not load: .* \(and 1 more error: npm run validate lists them\)$/, false, 1],
    ['cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'oracle', '--out', out, '--setting', 'Paginated'], /^Unknown setting "Paginated": use one of paginated, full, no_search\.$/, true, 2],
    ['cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'oracle', '--out', out, '--tasks', '推理1,NO_SUCH'], /^Unknown task "NO_SUCH" in /, false, 2],
    ['cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'robot', '--out', out], /^Unknown --agent "robot": use one of oracle, keyword, openai\.$/, true, 2],
    ['cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'oracle', '--out', out, '--max-turns', 'abc'], /^--max-turns must be a whole number of at least 1 \(got "abc"\)\.$/, true, 2],
    ['cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'openai', '--out', out, '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--extra', '{bad'], /^--extra is not valid JSON: /, true, 2],
    ['cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'oracle', '--out', join(aFile, 'out.jsonl')], /^Output file \(--out\) cannot be written: .*a-file\/out\.jsonl \(not a directory\)$/, false, 2],
    ['cli/agent.ts', ['--data', SAMPLE_DIR, '--agent', 'oracle', '--out', aFolder], /^Output file \(--out\) is a folder, not a file: /, false, 2],
    ['cli/score.ts', ['--input_data', input, '--input_response_data', input, '--output_file', join(dir, 'r.json'), '--details', aFolder], /^Details \(--details\) is a folder, not a file: /, false, 2],
    ['cli/agent.ts', ['--data', join(dir, 'nope'), '--agent', 'oracle', '--out', out], /^Data set folder not found: /, false, 2],
    ['cli/analyze.ts', [], /^Missing RESPONSES\.jsonl: name at least one response file\.$/, true, 2],
    ['cli/analyze.ts', [join(dir, 'nope.jsonl')], /^Response file not found: .*nope\.jsonl$/, false, 2],
    ['cli/analyze.ts', ['--input_data', join(brokenTools, 'input_data.jsonl'), input], /^tools\.json line 1: not valid JSON/, false, 1],
  ]

  const named = cases.map(([script, args, line, withUsage, code]) => ({
    name: [script, ...args.map((a) => a.replace(dir, '$TMP').replace(`${ROOT}/`, ''))].join(' '),
    script,
    args,
    line,
    withUsage,
    code,
  }))

  it.concurrent.each(named)('$name', { timeout: 120_000 }, async ({ script, args, line, withUsage, code }) => {
    const r = await runAsync(script, args)
    expect(r.stderr).not.toMatch(/^\s+at /m)
    expect(r.stderr).not.toMatch(/node:internal|\.ts:\d+:\d+/)
    const [first, ...rest] = r.stderr.trimEnd().split('\n')
    expect(first).toMatch(line)
    if (withUsage) {
      expect(rest[0]).toBe('')
      expect(rest[1]).toMatch(/^Usage: npm run /)
    } else expect(rest).toEqual([])
    expect(r.code).toBe(code)
    // Nothing ran: no table, no "Wrote …", and the MCP server never started (its stdout is the protocol).
    expect(r.stdout).toBe('')
  })

  it('turns anything thrown into one line: a multi-line message, a data set error with several issues, a usage error', () => {
    expect(errorLine(new Error('first\n  second\n'))).toBe('first; second')
    expect(errorLine('plain')).toBe('plain')
    const issues = [
      { level: 'error' as const, file: 'tools.json', line: 1, message: 'not valid JSON' },
      { level: 'warning' as const, file: 'records_db.json', message: 'unknown field' },
      { level: 'error' as const, file: 'records_db.json', message: 'not valid JSON' },
    ]
    expect(errorReport(new DatasetError(issues))).toEqual({ text: 'tools.json line 1: not valid JSON (and 1 more error: npm run validate lists them)', exitCode: 1 })
    expect(errorReport(new CliError('Missing --out.', { usage: 'Usage: x' }))).toEqual({ text: 'Missing --out.\n\nUsage: x', exitCode: 2 })
  })
})
