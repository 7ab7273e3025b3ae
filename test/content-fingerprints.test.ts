import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { contentFingerprint, contentFingerprints } from '../src/core/index'
import type { TaskContent, TaskRecords } from '../src/core/index'
import { fixtureDataset } from './fixtures'

const tasks = fixtureDataset().tasks
// Astral characters and lone surrogates too: both hashers must see the same UTF-8 bytes.
const text = fc.string({ unit: 'binary', maxLength: 12 })
const field = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))
const record = fc.dictionary(fc.string({ maxLength: 6 }), field, { maxKeys: 5 })
const records = fc.dictionary(fc.constantFrom('contacts', 'messages', 'calendar', 'notes'), fc.array(record, { maxLength: 4 }), { maxKeys: 3 }) as fc.Arbitrary<TaskRecords>
const content: fc.Arbitrary<TaskContent> = fc.record({ task: fc.constantFrom(...tasks), records })

describe('contentFingerprints (the import hashes with WebCrypto where there is one)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('gives each content the fingerprint contentFingerprint gives it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(content, { maxLength: 5 }), async (contents) => {
        expect(await contentFingerprints(contents)).toEqual(contents.map(contentFingerprint))
      }),
      { numRuns: 200 },
    )
  })

  it('gives the same fingerprints without crypto.subtle (a page on plain http)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes })
    const contents = fc.sample(content, { numRuns: 30, seed: 27 })
    expect(globalThis.crypto.subtle).toBeUndefined()
    expect(await contentFingerprints(contents)).toEqual(contents.map(contentFingerprint))
  })

  it('uses the platform digest when there is one', async () => {
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest')
    const contents = fc.sample(content, { numRuns: 3, seed: 25 })
    await contentFingerprints(contents)
    expect(digest).toHaveBeenCalledTimes(3)
    digest.mockRestore()
  })
})
