import 'fake-indexeddb/auto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DatabaseSupersededError, SpievalDatabase, attemptCalls, createAttempt, database, importDataset, listTasks, saveStep, watchDatabase } from '../src/db/index'
import type { DatabaseEvent } from '../src/db/index'
import { useStorage, watchStorage } from '../src/state/storage'
import { callTool, openTask, useSession } from '../src/state/session'
import { readDatasetFolder } from '../cli/files'
import { SAMPLE_DIR, fixtureFiles } from './fixtures'

let n = 0
const freshName = () => `upgrade-test-${n++}`

/** Another tab with newer code: opens the database at a higher version, as a later release of the page would. */
function openNewer(name: string, version: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, version)
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains('extra')) req.result.createObjectStore('extra')
    }
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('open failed'))
  })
}

/** An old tab that keeps its connection open when asked to let go (busy, or code that never listens). */
function openStubborn(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name)
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('open failed'))
  })
}

/** The IndexedDB version of the next release's schema (Dexie stores version n as n × 10). */
const NEWER = (new SpievalDatabase('verno-probe').verno + 1) * 10

/** The next release of the page: its code declares one more schema version. */
class NextRelease extends SpievalDatabase {
  constructor(name: string) {
    super(name)
    this.version(this.verno + 1).stores({ extra: 'id' })
  }
}

const step = (seq: number) => ({ seq, name: 'search_contacts', arguments: { pattern: 'Tom' }, source: 'api' as const, kind: 'retrieval' as const, ok: true, content: '…' })

describe('a newer tab upgrades the database', () => {
  const events: DatabaseEvent['type'][] = []
  let unwatch: () => void = () => undefined
  beforeAll(() => {
    unwatch = watchDatabase((e) => events.push(e.type))
  })
  afterAll(() => unwatch())
  afterEach(() => {
    events.length = 0
    useStorage.setState({ problem: undefined, connection: undefined })
  })

  it('closes this tab for good: writes fail saying to reload, and nothing reopens the newer database', async () => {
    const name = freshName()
    const db = new SpievalDatabase(name)
    const ds = await importDataset(fixtureFiles(), { name: 'a', source: 'files' }, db)
    const attempt = await createAttempt({ datasetId: ds.id, taskId: '推理1', access: 'browse', actor: 'x', screen: '#/' }, db)
    await saveStep(attempt.id, step(0), {}, db)

    const newer = await openNewer(name, NEWER) // not blocked: this tab let go at once
    expect(events).toContain('upgraded')
    expect(db.superseded).toBe(true)
    await expect(saveStep(attempt.id, step(1), {}, db)).rejects.toBeInstanceOf(DatabaseSupersededError)
    await expect(saveStep(attempt.id, step(1), {}, db)).rejects.toThrow(/reload/)
    await expect(db.open()).rejects.toBeInstanceOf(DatabaseSupersededError)
    await expect(attemptCalls(attempt.id, db)).rejects.toThrow()
    // The newer database holds only what was written before the upgrade.
    const count = await new Promise<number>((resolve) => {
      const req = newer.transaction('calls').objectStore('calls').count()
      req.onsuccess = () => resolve(req.result)
    })
    expect(count).toBe(1)
    newer.close()
  })

  it('refuses a database newer than this code (a page left open from before an upgrade, opened again)', async () => {
    const name = freshName()
    const current = new SpievalDatabase(name)
    await current.open()
    current.close()
    ;(await openNewer(name, NEWER)).close()
    const old = new SpievalDatabase(name)
    await expect(old.open()).rejects.toBeInstanceOf(DatabaseSupersededError)
    expect(events).toContain('upgraded')
  })

  it('a blocked upgrade says so in the waiting tab, and clears once the old tab lets go', async () => {
    const name = freshName()
    const first = new SpievalDatabase(name)
    await first.open()
    first.close()
    const stubborn = await openStubborn(name)
    watchStorage()
    const next = new NextRelease(name)
    const opening = next.open()
    await expect.poll(() => useStorage.getState().connection).toBe('blocked')
    expect(next.isOpen()).toBe(false)
    stubborn.close()
    await opening
    expect(useStorage.getState().connection).toBeUndefined()
    next.close()
  })
})

describe('the page in a tab whose database another tab upgraded', () => {
  it('raises the storage alert and the reload notice when a call cannot be saved, though the rollback fails too', async () => {
    watchStorage()
    const db = database()
    const ds = await importDataset(readDatasetFolder(SAMPLE_DIR), { name: 'sample', source: 'sample' }, db)
    useSession.setState({ dataset: ds, tasks: await listTasks(ds.id, db) })
    await openTask('推理1')
    await callTool('search_contacts', { pattern: 'Tom' }, 'ui')
    expect(useSession.getState().steps).toHaveLength(1)

    const newer = await openNewer(db.name, NEWER)
    expect(useStorage.getState().connection).toBe('upgraded')
    // The write fails, and so does the session's rollback (it reads the stored calls back): the alert must show anyway.
    await expect(callTool('search_contacts', { pattern: 'Rachel' }, 'ui')).rejects.toThrow()
    expect(useStorage.getState().problem).toMatchObject({ kind: 'superseded', message: expect.stringMatching(/reload this page/) })
    newer.close()
  })
})

