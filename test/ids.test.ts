import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { newId } from '../src/core/base/ids'
import { SpievalDatabase, createAttempt, importDataset } from '../src/db/index'
import { fixtureFiles } from './fixtures'

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('newId', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is an RFC 4122 version 4 id', () => {
    for (let i = 0; i < 1000; i++) expect(newId()).toMatch(V4)
  })

  it('sets the version and variant bits whatever the random bytes are', () => {
    const fill = (value: number) => ({ getRandomValues: <T extends Uint8Array>(a: T): T => (a.fill(value), a) })
    vi.stubGlobal('crypto', fill(0xff))
    expect(newId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    vi.stubGlobal('crypto', fill(0))
    expect(newId()).toBe('00000000-0000-4000-8000-000000000000')
  })

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 20_000 }, newId))
    expect(ids.size).toBe(20_000)
  })

  it('works where crypto.randomUUID does not exist (a page served over plain HTTP)', () => {
    // Only getRandomValues is left, as in an insecure browser context.
    const { getRandomValues } = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) })
    expect('randomUUID' in globalThis.crypto).toBe(false)
    expect(newId()).toMatch(V4)
  })

  it('says what is missing when there is no random source at all', () => {
    vi.stubGlobal('crypto', undefined)
    expect(() => newId()).toThrow(/getRandomValues/)
  })
})

describe('stored rows in an insecure context', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('a data set imports and an attempt starts without crypto.randomUUID', async () => {
    const { getRandomValues } = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) })
    const db = new SpievalDatabase('ids-insecure')
    const row = await importDataset(fixtureFiles(), { name: 'lab', source: 'files' }, db)
    expect(row.id).toMatch(V4)
    const attempt = await createAttempt({ datasetId: row.id, taskId: '推理1', access: 'browse', actor: 'x', screen: '#/' }, db)
    expect(attempt.id).toMatch(V4)
    expect(await db.attempts.get(attempt.id)).toMatchObject({ actor: 'x' })
  })
})
