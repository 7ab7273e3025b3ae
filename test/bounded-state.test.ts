import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { ImportProblem, pickDatasetFiles } from '../src/state/datasets'
import { readSources } from '../src/state/people'

const file = (name: string, text = name) => new File([text], name)

describe('two picked files of one name', () => {
  it('refuse a data set import instead of keeping one of them silently', () => {
    const picked = [
      { file: file('input_data.jsonl'), path: 'input_data.jsonl' },
      { file: file('records_db.json'), path: 'records_db.json' },
      { file: file('tools.json', 'a'), path: 'tools.json' },
      { file: file('tools.json', 'b'), path: 'tools.json' },
    ]
    let problem: unknown
    try {
      pickDatasetFiles(picked)
    } catch (err) {
      problem = err
    }
    expect(problem).toBeInstanceOf(ImportProblem)
    expect((problem as ImportProblem).key).toBe('importSameName')
    expect((problem as ImportProblem).params).toEqual({ file: 'tools.json' })
    // One of each name still imports.
    expect([...pickDatasetFiles(picked.slice(0, 3)).files.keys()].sort()).toEqual(['input_data.jsonl', 'records_db.json', 'tools.json'])
  })

  it('refuse loose export files picked with their manifest', async () => {
    const { sources, problems } = await readSources([file('manifest.json', '{}'), file('response.jsonl', 'a'), file('response.jsonl', 'b')])
    expect(sources).toEqual([])
    expect(problems).toEqual([{ source: 'response.jsonl', key: 'sameName', issues: [] }])
  })
})
