// A planner data set stored in the page: skills.json and agents.json are kept with it, and its export gives back what was imported.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { loadDataset } from '../src/core/index'
import { MIN_ITERATIONS, sealDataset, unsealDataset } from '../src/core/seal'
import { SpievalDatabase, exportDataset, importDataset } from '../src/db/index'
import { plannerFiles } from './support/plannerFixture'

describe('a planner data set in storage', () => {
  it('keeps skills and agents, and exports every file as imported', async () => {
    const db = new SpievalDatabase('planner-store-test')
    const files = plannerFiles({ metadata: { dimension: 'skill', skills: { required: ['expense-filing'] } } })
    // Written by hand, not as the writer would: an export must give back this text, not a re-serialisation.
    files['skills.json'] = ' ' + (files['skills.json'] ?? '') + '\n\n'
    const row = await importDataset(files, { name: 'planner', source: 'files' }, db)
    expect(row.skills?.map((skill) => skill.name)).toEqual(['expense-filing'])
    expect(row.agents?.map((card) => card.id)).toEqual(['finance'])
    const exported = await exportDataset(row.id, db)
    expect(exported?.['skills.json']).toBe(files['skills.json'])
    expect(exported?.['agents.json']).toBe(files['agents.json'])
    expect(exported?.['input_data.jsonl']?.split('\n')[0]).toBe(files['input_data.jsonl']?.split('\n')[0])
  })

  it('a published data set stores neither, and its export has no such files', async () => {
    const db = new SpievalDatabase('planner-store-test-plain')
    const files = plannerFiles({ skills: undefined, agents: undefined, tools: (tools) => tools.slice(0, 21) })
    const row = await importDataset(files, { name: 'plain', source: 'files' }, db)
    expect(row.skills).toBeUndefined()
    const exported = await exportDataset(row.id, db)
    expect(Object.keys(exported ?? {}).sort()).toEqual(['input_data.jsonl', 'records_db.json', 'tools.json'])
  })
})

describe('a planner data set sealed', () => {
  it('keeps skills.json and agents.json readable, and loads again once unsealed', async () => {
    const files = plannerFiles()
    const sealed = await sealDataset(files, { passphrase: 'a planner passphrase', iterations: MIN_ITERATIONS })
    expect(sealed['skills.json']).toBe(files['skills.json'])
    expect(sealed['agents.json']).toBe(files['agents.json'])
    expect(loadDataset(sealed).dataset.skills?.[0]?.name).toBe('expense-filing')
    const opened = await unsealDataset(sealed, 'a planner passphrase')
    expect(opened['agents.json']).toBe(files['agents.json'])
    expect(loadDataset(opened).dataset.agents?.[0]?.id).toBe('finance')
  })
})
