import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activeDataset, importDataset, listDatasets } from '../src/db/index'
import { answerDataLink, loadDataLinkUpdate, openDataLink, useDataLink } from '../src/state/dataLink'
import { fetchDatasetFiles } from '../src/state/fetchDataset'
import { Problem } from '../src/state/problem'
import { hashToRoute, routeToHash } from '../src/state/routes'
import { MAX_DATASET_BYTES, dataFolderOf, folderName, hashParts, safeDecode, withoutDataParam } from '../src/state/urls'
import { viewPathOfHash } from '../src/state/view'
import { fixtureFiles } from './fixtures'

describe('the safe decoder', () => {
  it('decodes what decodeURIComponent decodes', () => {
    expect(safeDecode('%E8%BE%A8%E6%9E%902')).toBe('辨析2')
    expect(safeDecode('a%2Fb%20c')).toBe('a/b c')
    expect(safeDecode('')).toBe('')
  })

  it('answers undefined, never throws, for a malformed escape', () => {
    for (const bad of ['%', '%E4%', '%E4', '%ZZ', '100%', '%E4%BD', '%C0%80', '%ED%A0%80'])
      expect(safeDecode(bad), bad).toBeUndefined()
  })

  it('reads a hash up to its first undecodable part', () => {
    expect(hashParts('#/task/%E8%BE%A8%E6%9E%902/app/contacts')).toEqual(['task', '辨析2', 'app', 'contacts'])
    expect(hashParts('#/task/%E4%/app/contacts')).toEqual(['task'])
    expect(hashParts('#/people/%')).toEqual(['people'])
    expect(hashParts('%')).toEqual([])
  })
})

describe('hashes from the address bar', () => {
  it('a malformed task id opens the home screen of no particular task', () => {
    expect(hashToRoute('#/task/%E4%')).toEqual({ route: { screen: 'home' } })
    expect(hashToRoute('#/task/%E4%/app/contacts/3')).toEqual({ route: { screen: 'home' } })
    expect(hashToRoute('#/people/%')).toEqual({ route: { screen: 'home' } })
    expect(hashToRoute('#/%')).toEqual({ route: { screen: 'home' } })
  })

  it('a malformed part after a good task id keeps the task and drops the rest', () => {
    expect(hashToRoute('#/task/%E8%BE%A8%E6%9E%902/app/%')).toEqual({ taskId: '辨析2', route: { screen: 'home' } })
    expect(hashToRoute('#/task/t1/app/contacts/%E4%')).toEqual({ taskId: 't1', route: { screen: 'app', app: 'contacts' } })
    expect(hashToRoute('#/task/t1/app/sms/action/%')).toEqual({ taskId: 't1', route: { screen: 'app', app: 'sms' } })
  })

  it('well-formed hashes read as before', () => {
    expect(hashToRoute('#/task/t1/app/contacts/new/2')).toEqual({ taskId: 't1', route: { screen: 'record', app: 'contacts', index: 2, isNew: true } })
    expect(hashToRoute('#/task/t1/app/contacts/action/Phone_Call')).toEqual({ taskId: 't1', route: { screen: 'action', app: 'contacts', tool: 'Phone_Call' } })
  })

  it('an action form keeps what it was opened with, so that a reload opens it filled', () => {
    const route = { screen: 'action', app: 'contacts', tool: 'Phone_Call', prefill: { telephone: '13822419087', type: 'VOICE' } } as const
    const hash = routeToHash('推理1', route)
    expect(hash).toBe(`#/task/${encodeURIComponent('推理1')}/app/contacts/action/Phone_Call/${encodeURIComponent('{"telephone":"13822419087","type":"VOICE"}')}`)
    expect(hashToRoute(hash)).toEqual({ taskId: '推理1', route })
    expect(routeToHash('t1', { screen: 'action', app: 'contacts', tool: 'Phone_Call', prefill: {} })).toBe('#/task/t1/app/contacts/action/Phone_Call')
    // A prefill that is not a JSON object is none.
    for (const part of ['%7B', '%5B1%5D', '%22x%22', '%7B%7D'])
      expect(hashToRoute(`#/task/t1/app/contacts/action/Phone_Call/${part}`)).toEqual({ taskId: 't1', route: { screen: 'action', app: 'contacts', tool: 'Phone_Call' } })
  })

  it('reads the short form people write by hand, #/task/<id>/<app>', () => {
    expect(hashToRoute('#/task/t1/sms')).toEqual({ taskId: 't1', route: { screen: 'app', app: 'sms' } })
    expect(hashToRoute('#/task/t1/contacts/3')).toEqual({ taskId: 't1', route: { screen: 'record', app: 'contacts', index: 3 } })
    expect(hashToRoute('#/task/t1/nowhere')).toEqual({ taskId: 't1', route: { screen: 'home' } })
  })

  it("a view's deep link stops at a malformed part, so a later part is never read in its place", () => {
    expect(viewPathOfHash('#/replay/a1/4')).toEqual(['a1', '4'])
    expect(viewPathOfHash('#/replay/%/4')).toEqual([])
    expect(viewPathOfHash('#/replay/a1/%E4%')).toEqual(['a1'])
  })
})

describe('the folder a ?data= value names', () => {
  const page = 'http://127.0.0.1:5199/lab/index.html?data=x#/task/t1'

  it('resolves a relative folder on this site, with a trailing slash and without query or fragment', () => {
    expect(dataFolderOf('data', page)).toEqual({ ok: true, url: 'http://127.0.0.1:5199/lab/data/', origin: 'http://127.0.0.1:5199', sameOrigin: true })
    expect(dataFolderOf('/sets/a/?v=2#x', page)).toMatchObject({ ok: true, url: 'http://127.0.0.1:5199/sets/a/', sameOrigin: true })
  })

  it('tells another origin from this one: host, port and scheme count', () => {
    expect(dataFolderOf('http://localhost:5199/data/', page)).toMatchObject({ ok: true, origin: 'http://localhost:5199', sameOrigin: false })
    expect(dataFolderOf('http://127.0.0.1:5200/data/', page)).toMatchObject({ sameOrigin: false })
    expect(dataFolderOf('https://127.0.0.1:5199/data/', page)).toMatchObject({ sameOrigin: false })
    expect(dataFolderOf('//evil.example/data/', page)).toMatchObject({ ok: true, origin: 'http://evil.example', sameOrigin: false })
  })

  it('refuses what is not an http(s) folder', () => {
    expect(dataFolderOf('http://[', page)).toEqual({ ok: false, reason: 'invalid' })
    for (const scheme of ['javascript:alert(1)', 'data:text/plain,x', 'file:///etc/', 'blob:http://127.0.0.1:5199/x'])
      expect(dataFolderOf(scheme, page), scheme).toEqual({ ok: false, reason: 'scheme' })
  })

  it('names a folder with a malformed escape without throwing', () => {
    const folder = dataFolderOf('100%', page)
    expect(folder).toMatchObject({ ok: true, url: 'http://127.0.0.1:5199/lab/100%/' })
    expect(folderName('http://127.0.0.1:5199/lab/100%/')).toBe('100%')
    expect(folderName('http://127.0.0.1:5199/%E8%BE%A8/')).toBe('辨')
    expect(folderName('http://example.org/')).toBe('example.org')
  })

  it('takes ?data= out of the address and keeps the rest', () => {
    expect(withoutDataParam('http://h/p/?data=x&lang=zh#/task/t1')).toBe('http://h/p/?lang=zh#/task/t1')
    expect(withoutDataParam('http://h/p/?data=100%#/people')).toBe('http://h/p/#/people')
    expect(withoutDataParam('http://h/p/#/people')).toBeUndefined()
  })
})

/** A fake server: each file's body, optional headers, and what was read of it. */
function fakeServer(bodies: Record<string, { body: Uint8Array | string; headers?: Record<string, string>; status?: number; url?: string }>) {
  const pulled: Record<string, number> = {}
  const cancelled: string[] = []
  const get = async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input)
    const name = url.split('/').pop() ?? ''
    const file = bodies[name]
    if (!file) return new Response('not found', { status: 404 })
    const bytes = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body
    let at = 0
    // Served in 64 KiB chunks, so that a reader can stop early.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled[name] = (pulled[name] ?? 0) + 1
        if (at >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(at, at + 65536))
        at += 65536
      },
      cancel() {
        cancelled.push(name)
      },
    })
    const response = new Response(stream, { status: file.status ?? 200, headers: file.headers ?? {} })
    Object.defineProperty(response, 'url', { value: file.url ?? url })
    return response
  }
  return { get: get as typeof fetch, pulled, cancelled }
}

const BASE = 'http://127.0.0.1:5199/'

async function problemOf(promise: Promise<unknown>): Promise<Problem> {
  try {
    await promise
  } catch (err) {
    if (err instanceof Problem) return err
    throw err
  }
  throw new Error('expected the folder to be refused')
}

describe('fetching a folder under the size limit', () => {
  const files = fixtureFiles()
  const total = Object.values(files).reduce((n, text) => n + new TextEncoder().encode(text).length, 0)
  const served = () => Object.fromEntries(Object.entries(files).map(([name, body]) => [name, { body }]))

  it('documents 200 MB', () => {
    expect(MAX_DATASET_BYTES).toBe(200 * 1024 * 1024)
  })

  it('reads a folder within the limit, profile.json optional', async () => {
    const server = fakeServer(served())
    const got = await fetchDatasetFiles('sets/a/', { base: BASE, fetch: server.get, maxBytes: total })
    expect(got).toEqual(files)
  })

  it('asks for each file once, and counts profile.json once against the limit', async () => {
    const profile = JSON.stringify({ name: 'Daniel Hayes' })
    const withProfile = { ...files, 'profile.json': profile }
    const server = fakeServer(Object.fromEntries(Object.entries(withProfile).map(([name, body]) => [name, { body }])))
    const asked: string[] = []
    const get = (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input).split('/').pop() ?? '')
      return server.get(input, init)
    }
    const got = await fetchDatasetFiles('sets/a/', { base: BASE, fetch: get as typeof fetch, maxBytes: total + new TextEncoder().encode(profile).length })
    expect(got).toEqual(withProfile)
    expect(asked.toSorted()).toEqual([...new Set(asked)].toSorted())
  })

  it('refuses by Content-Length before reading the body', async () => {
    const big = 'x'.repeat(300_000)
    const server = fakeServer({ ...served(), 'records_db.json': { body: big, headers: { 'content-length': String(big.length) } } })
    const problem = await problemOf(fetchDatasetFiles('sets/a/', { base: BASE, fetch: server.get, maxBytes: 200_000 }))
    expect(problem.key).toBe('dataLink.tooLarge')
    expect(problem.message).toContain('larger than')
    expect(problem.params.url).toBe(`${BASE}sets/a/`)
    // At most the stream's first pull (which a Response may start by itself); never the whole body.
    expect(server.pulled['records_db.json'] ?? 0).toBeLessThanOrEqual(1)
  })

  it('counts the bytes read when the server declares no length, or a smaller one', async () => {
    const big = 'x'.repeat(300_000)
    const declared: Record<string, string>[] = [{}, { 'content-length': '10' }]
    for (const headers of declared) {
      const server = fakeServer({ ...served(), 'records_db.json': { body: big, headers } })
      const problem = await problemOf(fetchDatasetFiles('sets/a/', { base: BASE, fetch: server.get, maxBytes: 200_000 }))
      expect(problem.key).toBe('dataLink.tooLarge')
      expect(server.cancelled).toContain('records_db.json')
      expect(server.pulled['records_db.json']).toBeLessThan(300_000 / 65536 + 1)
    }
  })

  it('holds the limit over all the files together', async () => {
    const half = 'y'.repeat(120_000)
    const server = fakeServer({ 'input_data.jsonl': { body: half }, 'records_db.json': { body: half }, 'tools.json': { body: '[]' } })
    const problem = await problemOf(fetchDatasetFiles('sets/a/', { base: BASE, fetch: server.get, maxBytes: 200_000 }))
    expect(problem.key).toBe('dataLink.tooLarge')
  })

  it('refuses a file redirected to another origin', async () => {
    const server = fakeServer({ ...served(), 'tools.json': { body: files['tools.json'] ?? '', url: 'http://evil.example/tools.json' } })
    const problem = await problemOf(fetchDatasetFiles('sets/a/', { base: BASE, fetch: server.get }))
    expect(problem.key).toBe('dataLink.redirected')
    expect(problem.params).toEqual({ file: 'tools.json', url: 'http://evil.example/tools.json' })
  })

  it('names a file the network could not reach', async () => {
    const get = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof fetch
    const problem = await problemOf(fetchDatasetFiles('http://localhost:9/a/', { base: BASE, fetch: get }))
    expect(problem.key).toBe('dataLink.unreachable')
    expect(problem.params.url).toMatch(/^http:\/\/localhost:9\/a\//)
  })

  it('names a missing required file with its HTTP status', async () => {
    const { 'tools.json': _, ...rest } = served()
    const server = fakeServer(rest)
    await expect(fetchDatasetFiles('sets/a/', { base: BASE, fetch: server.get })).rejects.toThrow(`tools.json: HTTP 404 from ${BASE}sets/a/tools.json`)
  })
})

describe('a ?data= link at boot', () => {
  const page = 'http://127.0.0.1:5199/?data=PLACEHOLDER#/task/t1'
  let address: string
  let fetched: string[]

  function visit(param: string): void {
    address = page.replace('PLACEHOLDER', encodeURIComponent(param))
    vi.stubGlobal('document', { baseURI: address })
    vi.stubGlobal('window', {
      location: {
        get href() {
          return address
        },
      },
      history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => (address = url) },
    })
  }

  /** What the server holds: the fixture, with its first instruction as given here. */
  const served = { instruction: 'Call my manager' }

  beforeEach(async () => {
    fetched = []
    served.instruction = 'Call my manager'
    const files = fixtureFiles()
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input)
      fetched.push(url)
      // Only folders under /sets/ are there.
      const name = url.split('/').pop() ?? ''
      const text = name === 'input_data.jsonl' ? files[name]?.replace('Call my manager', served.instruction) : files[name]
      const body = url.includes('/sets/') ? text : undefined
      const response = body === undefined ? new Response('', { status: 404 }) : new Response(body)
      Object.defineProperty(response, 'url', { value: url })
      return response
    })
    useDataLink.setState({ asking: undefined, problem: undefined, update: undefined })
    if (!(await listDatasets()).some((d) => d.source === 'home')) await importDataset(files, { name: 'Home', source: 'home' })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('loads a folder of this site at once, and takes ?data= out of the address', async () => {
    visit('sets/same/')
    const row = await openDataLink('sets/same/')
    expect(row?.source).toBe('http://127.0.0.1:5199/sets/same/')
    expect((await activeDataset())?.id).toBe(row?.id)
    expect(address).toBe('http://127.0.0.1:5199/#/task/t1')
    expect(useDataLink.getState().asking).toBeUndefined()
  })

  it("asks before another site's folder; declining fetches nothing and keeps the active data set", async () => {
    const before = (await activeDataset())?.id
    const count = (await listDatasets()).length
    visit('http://localhost:5199/sets/other/')
    const pending = openDataLink('http://localhost:5199/sets/other/')
    await vi.waitFor(() => expect(useDataLink.getState().asking).toEqual({ origin: 'http://localhost:5199', url: 'http://localhost:5199/sets/other/' }))
    expect(fetched).toEqual([])
    answerDataLink(false)
    expect(await pending).toBeUndefined()
    expect(fetched).toEqual([])
    expect((await activeDataset())?.id).toBe(before)
    expect(await listDatasets()).toHaveLength(count)
    // The link stays, so that a reload (or Retry) asks again; the page opens no data set meanwhile (boot).
    expect(address).toContain('data=')
    expect(useDataLink.getState().problem).toMatchObject({ key: 'dataLink.declined', params: { origin: 'http://localhost:5199' } })
  })

  it("loads another site's folder once the person agrees", async () => {
    visit('http://localhost:5199/sets/agreed/')
    const pending = openDataLink('http://localhost:5199/sets/agreed/')
    await vi.waitFor(() => expect(useDataLink.getState().asking?.origin).toBe('http://localhost:5199'))
    answerDataLink(true)
    const row = await pending
    expect(row?.name).toBe('agreed')
    expect(fetched.every((u) => u.startsWith('http://localhost:5199/sets/agreed/'))).toBe(true)
  })

  it('a failed load says why and leaves the stored data sets and the active one as they were', async () => {
    const before = (await activeDataset())?.id
    const count = (await listDatasets()).length
    visit('missing/')
    expect(await openDataLink('missing/')).toBeUndefined()
    expect(useDataLink.getState().problem).toMatchObject({ message: expect.stringContaining('HTTP 404') })
    expect((await activeDataset())?.id).toBe(before)
    expect(await listDatasets()).toHaveLength(count)
    // The link stays in the address until it loads: a reload tries it again.
    expect(new URL(address).searchParams.get('data')).toBe('missing/')
  })

  it('checks the folder again on each visit and offers its update; loading it keeps the old data set aside', async () => {
    visit('sets/later/')
    const first = await openDataLink('sets/later/')
    expect(useDataLink.getState().update).toBeUndefined()
    // Unchanged: the stored copy, nothing offered.
    visit('sets/later/')
    expect((await openDataLink('sets/later/'))?.id).toBe(first?.id)
    expect(useDataLink.getState().update).toBeUndefined()
    // The folder changed on the server: the stored copy opens, and the update is offered.
    served.instruction = 'Call my manager now'
    visit('sets/later/')
    expect((await openDataLink('sets/later/'))?.id).toBe(first?.id)
    expect(useDataLink.getState().update).toMatchObject({ url: 'http://127.0.0.1:5199/sets/later/', datasetId: first?.id })
    const updated = await loadDataLinkUpdate()
    expect(updated?.id).not.toBe(first?.id)
    expect(useDataLink.getState().update).toBeUndefined()
    expect((await activeDataset())?.id).toBe(updated?.id)
    const rows = await listDatasets()
    expect(rows.find((d) => d.id === first?.id)?.source).not.toBe('http://127.0.0.1:5199/sets/later/')
    // The next visit finds the updated copy.
    visit('sets/later/')
    expect((await openDataLink('sets/later/'))?.id).toBe(updated?.id)
    expect(useDataLink.getState().update).toBeUndefined()
  })

  it('a malformed or foreign-scheme value is refused with a message, not thrown', async () => {
    visit('100%')
    // Found on this site but not there: a message, no exception.
    expect(await openDataLink('100%')).toBeUndefined()
    expect(useDataLink.getState().problem).toMatchObject({ message: expect.stringContaining('HTTP 404') })
    visit('javascript:alert(1)')
    expect(await openDataLink('javascript:alert(1)')).toBeUndefined()
    expect(useDataLink.getState().problem).toMatchObject({ key: 'dataLink.scheme' })
    expect(fetched.some((u) => u.startsWith('javascript:'))).toBe(false)
  })
})
