import { describe, expect, it } from 'vitest'
import { DatasetError, SPIEVAL_PROFILE, ToolRuntime, lintDataset, loadDataset } from '../src/core/index'
import type { DatasetIssue } from '../src/core/index'
import { RECORDS, TOOLS, fixtureFiles } from './fixtures'

function loadError(files: Record<string, string>): DatasetError {
  try {
    loadDataset(files)
  } catch (err) {
    if (err instanceof DatasetError) return err
    throw err
  }
  throw new Error('expected the data set to be rejected')
}

describe('loading a data set', () => {
  it('loads the published format and falls back to the published profile', () => {
    const { dataset } = loadDataset(fixtureFiles())
    expect(dataset.tasks.map((t) => t.id)).toEqual(['推理1', '多意图1'])
    expect(dataset.tasks[0]?.instruction).toBe('Call my manager')
    expect(dataset.tasks[1]?.freeParams).toEqual([['text'], ['text']])
    expect(dataset.tools).toHaveLength(21)
    expect(dataset.hasProfile).toBe(false)
    expect(dataset.profile).toEqual(SPIEVAL_PROFILE)
    expect(dataset.profile.phone).toBe('15711227837')
  })

  it('accepts a byte order mark and CRLF line ends', () => {
    const files = fixtureFiles()
    const crlf = {
      'input_data.jsonl': '\ufeff' + (files['input_data.jsonl'] ?? '').replace(/\n/g, '\r\n'),
      'records_db.json': '\ufeff' + (files['records_db.json'] ?? ''),
      'tools.json': '\ufeff' + (files['tools.json'] ?? '').replace(/\n/g, '\r\n'),
    }
    expect(loadDataset(crlf).dataset.tasks).toHaveLength(2)
  })

  it('reads profile.json and computes a missing weekday', () => {
    const profile = { name: 'A', occupation: 'B', family: [], phone: '1', paymentAccount: '2', now: '2026-03-14 10:00:00' }
    const { dataset } = loadDataset({ ...fixtureFiles(), 'profile.json': JSON.stringify(profile) })
    expect(dataset.profile.weekday).toBe('Saturday')
    expect(dataset.hasProfile).toBe(true)
  })

  it('names the file and line of a malformed line', () => {
    const files = fixtureFiles()
    const lines = (files['input_data.jsonl'] ?? '').split('\n')
    lines.splice(1, 0, '{"id": "broken", ')
    const err = loadError({ ...files, 'input_data.jsonl': lines.join('\n') })
    expect(err.issues).toContainEqual(expect.objectContaining({ file: 'input_data.jsonl', line: 2, level: 'error' }))
    expect(err.message).toMatch(/input_data\.jsonl line 2: not valid JSON/)
  })

  it('rejects a duplicate id, naming both lines', () => {
    const files = fixtureFiles()
    const first = (files['input_data.jsonl'] ?? '').split('\n')[0] ?? ''
    const err = loadError({ ...files, 'input_data.jsonl': `${files['input_data.jsonl'] ?? ''}${first}\n` })
    expect(err.message).toMatch(/line 3 \(task 推理1\): duplicate task id "推理1" \(first on line 1\)/)
  })

  it('rejects a task missing from the records', () => {
    const files = fixtureFiles()
    const err = loadError({ ...files, 'records_db.json': JSON.stringify({ 推理1: RECORDS }) })
    expect(err.message).toMatch(/task 多意图1\): task "多意图1" has no entry in records_db\.json/)
  })

  it('rejects a gold call naming an unknown tool or parameter', () => {
    const files = fixtureFiles()
    const text = (files['input_data.jsonl'] ?? '')
      .replace('"Phone_Call"', '"Phone_Dial"')
      .replace('{"telephone":["13822419087"]}', '{"telephone":["13822419087"],"urgent":[true]}')
    const err = loadError({ ...files, 'input_data.jsonl': text })
    expect(err.message).toMatch(/line 1 \(task 推理1\): gold call 1 names unknown tool "Phone_Dial"/)
    expect(err.message).toMatch(/line 2 \(task 多意图1\): gold call 1 \(Messages_Send\) has unknown parameter "urgent"/)
  })

  it('rejects an unknown app and a missing file', () => {
    const files = fixtureFiles()
    const err = loadError({ ...files, 'records_db.json': JSON.stringify({ 推理1: { email: [] }, 多意图1: {} }) })
    expect(err.message).toMatch(/records_db\.json \(task 推理1\): unknown app "email"/)
    const missing = loadError({ 'input_data.jsonl': files['input_data.jsonl'] ?? '' })
    expect(missing.message).toMatch(/records_db\.json: file is missing/)
    expect(missing.message).toMatch(/tools\.json: file is missing/)
  })

  it('places a JSON error in records_db.json on its line', () => {
    const err = loadError({ ...fixtureFiles(), 'records_db.json': '{\n "推理1": {\n  "contacts": [,]\n }\n}' })
    expect(err.issues[0]).toMatchObject({ file: 'records_db.json', line: 3 })
  })
})

describe('tolerant records, strict structure', () => {
  it('keeps unknown keys searchable, and lint only warns about them', () => {
    const { dataset } = loadDataset(fixtureFiles())
    const runtime = new ToolRuntime(TOOLS, dataset.records['推理1'] ?? {}, { setting: 'paginated' })
    const hit = runtime.call('search_contacts', { pattern: 'Lil', field: '昵称' }, 'test')
    expect(hit.ok).toBe(true)
    expect(hit.content).toContain('Lily Hayes')
    const issues = lintDataset(dataset)
    const unknownKey = issues.find((i) => i.message.includes('昵称'))
    expect(unknownKey?.level).toBe('warning')
  })

  it('refuses gold values outside the schema on load, and lints findability as a warning', () => {
    const files = fixtureFiles()
    const misfit = (files['input_data.jsonl'] ?? '').replace('"type":["VOICE",null]', '"type":["AUDIO",null]')
    expect(() => loadDataset({ ...files, 'input_data.jsonl': misfit })).toThrow(/line 1 \(task 推理1\): gold call 1 \(Phone_Call\)\.type: "AUDIO" does not fit the tool schema/)
    const unfindable = (files['input_data.jsonl'] ?? '').replace('13933334444"]', '13900000000"]')
    const issues = lintDataset(loadDataset({ ...files, 'input_data.jsonl': unfindable }).dataset)
    expect(issues).toContainEqual(expect.objectContaining({ level: 'warning', taskId: '推理1', message: expect.stringMatching(/"13900000000" is not found/) }))
    expect(lintDataset(loadDataset(fixtureFiles()).dataset).filter((i) => i.level === 'error')).toEqual([])
  })

  it('takes a refused line’s records for its task’s, not for strays; records no line names are still warned about', () => {
    const files = fixtureFiles()
    const [first = '', ...rest] = (files['input_data.jsonl'] ?? '').split('\n')
    const emptied = { ...(JSON.parse(first) as Record<string, unknown>), messages: [{ role: 'user', content: '' }] }
    const records = { ...(JSON.parse(files['records_db.json'] ?? '{}') as Record<string, unknown>), 推理99: {} }
    let issues: DatasetIssue[] = []
    try {
      loadDataset({ ...files, 'input_data.jsonl': [JSON.stringify(emptied), ...rest].join('\n'), 'records_db.json': JSON.stringify(records) })
    } catch (err) {
      if (err instanceof DatasetError) issues = err.issues
    }
    expect(issues.filter((i) => i.level === 'error').map((i) => i.message)).toEqual(['task "推理1": "messages" has no user message'])
    expect(issues.filter((i) => i.level === 'warning').map((i) => i.message)).toEqual(['records for "推理99", which is not a task'])
  })

  it('warns when the instruction gives a number the task means to be found away, and not for names', () => {
    const files = fixtureFiles()
    const task = JSON.parse((files['input_data.jsonl'] ?? '').split('\n')[0] ?? '{}') as { messages: { role: string; content: string }[]; prompt_metadata: { answer: { arguments: Record<string, unknown[]> }[] } }
    const telephone = String(task.prompt_metadata.answer[0]?.arguments.telephone?.[0])
    const spelled = `${telephone.slice(0, 3)} ${telephone.slice(3, 7)} ${telephone.slice(7)}`
    const withNumber = (content: string) => {
      const line = { ...task, messages: [{ role: 'user', content }] }
      return lintDataset(loadDataset({ ...files, 'input_data.jsonl': [JSON.stringify(line), ...(files['input_data.jsonl'] ?? '').split('\n').slice(1)].join('\n') }).dataset)
    }
    const givenAway = (issues: ReturnType<typeof lintDataset>) => issues.filter((i) => i.message.includes('gives'))
    expect(givenAway(withNumber(`Call ${spelled} for me`))).toEqual([
      expect.objectContaining({ level: 'warning', taskId: '推理1', message: `gold call 1 (Phone_Call).telephone: the instruction gives "${telephone}" away; a number the task means to be found belongs in the records only` }),
    ])
    expect(givenAway(withNumber('Call Tom from Finance'))).toEqual([])
    expect(givenAway(lintDataset(loadDataset(fixtureFiles()).dataset))).toEqual([])
  })
})
