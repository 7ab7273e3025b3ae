// Imported first, so that the globals they define are part of the worker's own (see restoreGlobals).
import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import Dexie from 'dexie'
import { afterAll, vi } from 'vitest'

/**
 * Set-up of the `page` project (vitest.config.ts), run before each of its test files. The files share a worker
 * process, and each gets what a process of its own would give it: the page's modules evaluated again (their stores,
 * singletons and database handles start over), an empty IndexedDB, and the worker's globals as they were. Packages
 * (Dexie, fake-indexeddb, React, zustand) load once per worker: Node's own import caches them, and they hold no state
 * of the page's.
 */
type Descriptors = Map<PropertyKey, PropertyDescriptor>
const ORIGINAL = Symbol.for('spieval.test.originalGlobals')
const holder = globalThis as typeof globalThis & { [ORIGINAL]?: Descriptors }

function ownDescriptors(): Descriptors {
  return new Map(Reflect.ownKeys(globalThis).map((key) => [key, Reflect.getOwnPropertyDescriptor(globalThis, key) as PropertyDescriptor]))
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set
}

/** Puts back what a test file added to or replaced on globalThis without vi.stubGlobal (navigator, say). */
function restoreGlobals(original: Descriptors): void {
  for (const [key, now] of ownDescriptors()) {
    const before = original.get(key)
    if (!before) Reflect.deleteProperty(globalThis, key)
    else if (!sameDescriptor(before, now)) Reflect.defineProperty(globalThis, key, before)
  }
  for (const [key, before] of original) if (!Reflect.getOwnPropertyDescriptor(globalThis, key)) Reflect.defineProperty(globalThis, key, before)
}

/** The worker's globals as its first file found them (the map holds its own key, so that it stays). */
function originalGlobals(): Descriptors {
  if (holder[ORIGINAL]) return holder[ORIGINAL]
  const original: Descriptors = (holder[ORIGINAL] = new Map())
  for (const [key, descriptor] of ownDescriptors()) original.set(key, descriptor)
  return original
}

const original = originalGlobals()
vi.resetModules()
const factory = new IDBFactory()
globalThis.indexedDB = factory
Dexie.dependencies.indexedDB = factory
Dexie.dependencies.IDBKeyRange = IDBKeyRange

afterAll(() => {
  // Vitest restores spies after each file itself; timers, stubbed globals and variables are this file's to undo.
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  restoreGlobals(original)
})
