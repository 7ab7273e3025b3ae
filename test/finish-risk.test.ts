// Finish asks first when the attempt looks like a slip. A program's calls reach the page's store only at the next
// frame (or later, in a burst): a Finish pressed in between must judge the attempt the kernel holds, not the store's
// copy. Seen in CI under load: an agent's search made just before Finish was not seen and the dialog asked anyway.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { finishRisk } from '../src/core/index'
import { database, importDataset, listTasks } from '../src/db/index'
import { callTool, finishRiskNow, openTask, useSession } from '../src/state/session'
import { readDatasetFolder } from '../cli/files'
import { SAMPLE_DIR } from './fixtures'

describe('the risk of finishing', () => {
  it('is none once an action was kept and, outside browsing, something was searched', () => {
    const call = { kind: 'execution', ok: true } as const
    const search = { kind: 'retrieval', ok: true } as const
    expect(finishRisk([], 'paginated')).toBe('noActions')
    expect(finishRisk([{ ...call, withdrawn: true }], 'browse')).toBe('noActions')
    expect(finishRisk([{ ...call, ok: false }], 'browse')).toBe('noActions')
    expect(finishRisk([call], 'browse')).toBeUndefined()
    expect(finishRisk([call], 'paginated')).toBe('noSearch')
    expect(finishRisk([search, call], 'full')).toBeUndefined()
  })
})

describe('Finish reads the kernel, not the page’s lagging copy', () => {
  // A display whose next frame has not come yet: programs' calls wait in the frame queue.
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', () => 1)
    vi.stubGlobal('cancelAnimationFrame', () => undefined)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('sees a program’s calls made before the frame that shows them', async () => {
    const db = database()
    const ds = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'sample', source: 'sample' }, db)
    useSession.setState({ dataset: ds, tasks: await listTasks(ds.id, db) })
    await openTask('推理1', undefined, { fresh: true, setting: 'paginated' })
    expect(finishRiskNow()).toBe('noActions')

    await callTool('Phone_Call', { telephone: '13822419087' }, 'api')
    expect(finishRisk(useSession.getState().steps, 'paginated')).toBe('noActions') // the store has not caught up
    expect(finishRiskNow()).toBe('noSearch')

    await callTool('search_contacts', { pattern: 'Tom' }, 'api')
    expect(finishRiskNow()).toBeUndefined()
  })
})
