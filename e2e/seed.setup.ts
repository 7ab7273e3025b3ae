import { writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { SEEDED_STATE } from '../playwright.config'

/** What a test's browser starts with: the sample data set, stored and active. Nothing a test does itself is kept. */
const KEPT_STORES = new Set(['datasets', 'tasks', 'taskRecords', 'meta'])
const KEPT_META = new Set(['activeDataset'])

/** The IndexedDB part of a storage state (Playwright writes it with `indexedDB: true`; its return type omits it). */
interface StoredDatabases {
  origins: { indexedDB?: { stores: { name: string; records: { key?: unknown; value?: unknown }[] }[] }[] }[]
}

/**
 * A first visit imports the bundled sample into IndexedDB (about 0.6 s of a test's time here, more under load). It is
 * done once, here, and every test's default browser context starts from its IndexedDB (Playwright's storageState),
 * as a browser that had opened the page before would. Tests about a first visit make contexts of their own.
 */
test('the sample data set, imported once for every test', async ({ page, context }) => {
  await page.goto('./')
  await expect(page.getByRole('region', { name: /^SPIEval / }).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 60_000 })
  const state = await context.storageState({ indexedDB: true })
  const stores = (state as StoredDatabases).origins.flatMap((origin) => origin.indexedDB ?? []).flatMap((database) => database.stores)
  expect(stores.find((store) => store.name === 'tasks')?.records.length).toBeGreaterThan(0)
  for (const store of stores) {
    if (!KEPT_STORES.has(store.name)) store.records = []
    if (store.name === 'meta') store.records = store.records.filter((record) => KEPT_META.has(String((record.value as { key?: unknown } | undefined)?.key)))
  }
  expect(stores.find((store) => store.name === 'meta')?.records).toHaveLength(1)
  await writeFile(SEEDED_STATE, JSON.stringify(state))
})
