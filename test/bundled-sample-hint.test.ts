/**
 * A first visit fetches the sample's prepared rows as the page starts; a browser that has stored a data set, or a page
 * whose address names a folder to load, does not (src/state/bundledSample.ts).
 */
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

let fetched: string[] = []

beforeEach(() => {
  fetched = []
  const items = new Map<string, string>()
  vi.stubGlobal('localStorage', { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) })
  vi.stubGlobal('document', { baseURI: 'http://site.test/lab/' })
  vi.stubGlobal('window', { location: { search: '' } })
  vi.stubGlobal('fetch', async (url: URL) => {
    fetched.push(url.href)
    return new Response('{}', { status: 200 })
  })
  vi.resetModules()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

it('fetches the prepared rows ahead on a first visit, once, and never after a data set was stored here', async () => {
  const first = await import('../src/state/bundledSample')
  first.prefetchBundledSample()
  first.prefetchBundledSample()
  expect(fetched).toEqual(['http://site.test/lab/sample-stored.json'])
  first.rememberDataStored()

  vi.resetModules()
  const later = await import('../src/state/bundledSample')
  later.prefetchBundledSample()
  expect(fetched).toHaveLength(1)
})

it('does not fetch them ahead for an address that names a folder or a study link', async () => {
  for (const search of ['?data=https://lab.test/set/', '?study=abc&p=1']) {
    vi.stubGlobal('window', { location: { search } })
    vi.resetModules()
    ;(await import('../src/state/bundledSample')).prefetchBundledSample()
  }
  vi.stubGlobal('window', { location: { search: '?present=1' } })
  vi.resetModules()
  ;(await import('../src/state/bundledSample')).prefetchBundledSample()
  expect(fetched).toEqual(['http://site.test/lab/sample-stored.json'])
})
