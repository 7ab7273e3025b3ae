import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chooseLanguage, expect, phoneOf, seriousViolations, test } from './helpers'
import type { Page } from '@playwright/test'

/**
 * Three attempts at 推理1 through window.spieval: bot-a searches, then calls the right number; bot-b calls a wrong
 * one; demo-model searches three times before the right call.
 */
async function recordAttempts(page: Page): Promise<void> {
  await page.goto('./')
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    await api.open('推理1', { setting: 'paginated', actor: 'bot-a' })
    await api.call('search_contacts', { pattern: 'Finance' })
    await api.call('Phone_Call', { telephone: '13822419087' })
    await api.submit()
    await api.open('推理1', { setting: 'paginated', actor: 'bot-b' })
    await api.call('Phone_Call', { telephone: '13655208731' })
    await api.submit()
    await api.open('推理1', { setting: 'paginated', actor: 'demo-model' })
    await api.call('search_phone', { pattern: 'manager' })
    await api.call('search_contacts', { pattern: 'Tom' })
    await api.call('search_contacts', { pattern: 'Finance' })
    await api.call('Phone_Call', { telephone: '13822419087' })
    await api.submit()
  })
}

/** A response.jsonl as the command line or a Python harness writes it: one line with messages, one with calls only. */
const RESPONSES = [
  {
    id: '推理1',
    run: 0,
    model: 'harness-model',
    messages: [
      { role: 'user', content: 'Call whoever is covering for my manager' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'search_contacts', arguments: '{"pattern": "Tom"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'HARNESS SAID: two contacts named Tom' },
      { role: 'assistant', tool_calls: [{ id: 'c2', type: 'function', function: { name: 'Phone_Call', arguments: '{"telephone": "13655208731"}' } }] },
      { role: 'tool', tool_call_id: 'c2', content: 'Calling 13655208731' },
      { role: 'assistant', content: 'Done.' },
    ],
  },
  { id: '推理1', run: 1, calls: [{ name: 'Phone_Call', arguments: { telephone: '13822419087' } }] },
]
  .map((line) => JSON.stringify(line))
  .join('\n')

async function openReplayView(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Replay' }).click()
  await expect(page.getByRole('heading', { name: 'Recorded attempts' })).toBeVisible()
}

async function importResponses(page: Page): Promise<void> {
  await page.getByLabel('Import response.jsonl or zip').setInputFiles({ name: 'response.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(RESPONSES) })
  await expect(page.getByText('response.jsonl: added 2, skipped 0 (already here).')).toBeVisible()
}

const player = (page: Page) => page.getByRole('region', { name: 'Player' })
const list = (page: Page) => page.getByRole('region', { name: /^Recorded attempts/ })

test('steps through an attempt on the phone, plays it, filters the list, and gives the phone back on leaving', async ({ page }) => {
  await recordAttempts(page)
  await openReplayView(page)
  await expect(list(page).getByRole('button', { name: 'Replay 推理1 by bot-a' })).toBeVisible()
  // The annotator's own visit (the task opened on boot, no call made) is not a recorded attempt.
  await expect(list(page).getByRole('button', { name: 'Replay 推理1 by e2e' })).toHaveCount(0)

  await list(page).getByRole('button', { name: 'Replay 推理1 by bot-a' }).click()
  const phone = phoneOf(page)
  await expect(player(page).getByText('Step 1 / 2')).toBeVisible()
  await expect(player(page).locator('.replay-call-name')).toHaveText('search_contacts')
  await expect(player(page).locator('.replay-args')).toContainText('"pattern": "Finance"')
  await expect(player(page).locator('.replay-content')).toContainText('Tom Ruiz')
  await expect(player(page).locator('.replay-landed')).toHaveText(/^Contacts · search results, \d+ hits?$/)
  // The phone lands on the searched app with its hits highlighted.
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(phone.locator('mark', { hasText: 'Finance' }).first()).toBeVisible()
  expect(page.url()).toMatch(/#\/replay\/[^/]+\/1$/)

  await player(page).getByRole('button', { name: 'Step forward' }).click()
  await expect(player(page).getByText('Step 2 / 2')).toBeVisible()
  await expect(player(page).locator('.replay-call-name')).toHaveText('Phone_Call')
  await expect(player(page).locator('.replay-landed')).toHaveText('Phone · Call, new')
  // The phone itself shows the call the step made, not the search results before it.
  await expect(phone.getByText('Outgoing voice call')).toBeVisible()
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toHaveCount(0)
  // All of a call is in its card: no list under it naming the callee a "Caller" and the call type a "Message".
  await expect(phone.getByRole('heading', { name: 'All fields' })).toHaveCount(0)
  await expect(phone.getByText('Caller', { exact: true })).toHaveCount(0)
  await expect(player(page).getByRole('status').filter({ hasText: 'Verdict on the attempt' })).toContainText('Correct')
  expect(page.url()).toMatch(/#\/replay\/[^/]+\/2$/)

  // Keyboard: ← steps back; Space plays (at 4×) to the end.
  await page.locator('.replay-head h2').click()
  await page.keyboard.press('ArrowLeft')
  await expect(player(page).getByText('Step 1 / 2')).toBeVisible()
  await expect(phone.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  await player(page).getByRole('combobox', { name: 'Speed' }).selectOption('4')
  await page.locator('.replay-head h2').click()
  await page.keyboard.press('Space')
  await expect(player(page).getByText('Step 2 / 2')).toBeVisible()
  await expect(player(page).getByRole('button', { name: 'Play' })).toBeVisible()

  // The play button from the first step also advances.
  await player(page).getByRole('button', { name: 'First step' }).click()
  await expect(player(page).getByText('Step 1 / 2')).toBeVisible()
  await player(page).getByRole('button', { name: 'Play' }).click()
  await expect(player(page).getByText('Step 2 / 2')).toBeVisible()

  // Failed only narrows the list to bot-b.
  await page.getByRole('checkbox', { name: 'Failed only' }).check()
  await expect(list(page).getByRole('button', { name: 'Replay 推理1 by bot-b' })).toBeVisible()
  await expect(list(page).getByRole('button', { name: 'Replay 推理1 by bot-a' })).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Error type' }).selectOption({ label: 'wrong count' })
  await expect(list(page).getByText('No recorded attempt matches these filters.')).toBeVisible()
  await page.getByRole('combobox', { name: 'Error type' }).selectOption({ label: 'wrong value' })
  await expect(list(page).getByRole('button', { name: 'Replay 推理1 by bot-b' })).toBeVisible()

  // Leaving the view gives the phone back to the person's own attempt.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Phone' }).click()
  await expect(page.getByText(/Attempt by e2e/)).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  const current = await page.evaluate(() => window.spieval?.current())
  expect(current?.calls).toEqual([])
})

test('imports a CLI response.jsonl, shows exactly what the tool answered, and restores a deep link after reload', async ({ page }) => {
  await page.goto('./#/replay')
  await expect(page.getByRole('heading', { name: 'Recorded attempts' })).toBeVisible({ timeout: 40_000 })
  await importResponses(page)
  await page.getByRole('combobox', { name: 'Model or person' }).selectOption('harness-model')
  await list(page).getByRole('button', { name: 'Replay 推理1 by harness-model' }).click()
  await expect(player(page).getByText('Step 1 / 3')).toBeVisible()
  await expect(player(page).locator('.replay-content')).toHaveText('HARNESS SAID: two contacts named Tom')
  await expect(player(page).locator('.replay-args')).toHaveText('{"pattern": "Tom"}')
  await expect(phoneOf(page).locator('mark', { hasText: 'Tom' }).first()).toBeVisible()
  await expect(player(page).locator('.replay-landed')).toHaveText(/^Contacts · search results, \d+ hits?$/)
  await player(page).getByRole('navigation', { name: 'All steps' }).getByRole('button', { name: 'Go to step 2: Phone_Call' }).click()
  await expect(player(page).getByText('Step 2 / 3')).toBeVisible()
  await player(page).getByRole('button', { name: 'First step' }).click()
  await player(page).getByRole('button', { name: 'Last step' }).click()
  // The line's last assistant message, without tool calls, is its reply to the user: a step of its own.
  await expect(player(page).getByText('Step 3 / 3')).toBeVisible()
  await expect(player(page)).toContainText('Done.')
  await expect(player(page).getByRole('status').filter({ hasText: 'Verdict on the attempt' })).toContainText('Wrong')
  const link = page.url()
  expect(link).toMatch(/#\/replay\/[^/]+\/3$/)

  // A deep link to step 1 of that attempt, after a reload.
  await page.goto(link.replace(/\/3$/, '/1'))
  await page.reload()
  await expect(player(page).getByText('Step 1 / 3')).toBeVisible({ timeout: 40_000 })
  await expect(player(page).getByText('推理1 by harness-model · paginated')).toBeVisible()
  await expect(phoneOf(page).getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible()
  // The harness's model is not a run of this page: a person can go on from here, the model cannot be called back.
  await expect(player(page).getByRole('button', { name: 'Continue from this step' })).toBeVisible()
  await expect(player(page).getByRole('button', { name: 'Resume the model from here' })).toHaveCount(0)

  // The calls-only line has no recorded result, and says so.
  await page.getByRole('combobox', { name: 'Run or file' }).selectOption('response.jsonl')
  await list(page).getByRole('button', { name: 'Replay 推理1 by run 1' }).click()
  await expect(player(page).getByText('Step 1 / 1')).toBeVisible()
  await expect(player(page).locator('.replay-content')).toContainText('no result recorded')

  // Importing the same file again adds nothing.
  await page.getByLabel('Import response.jsonl or zip').setInputFiles({ name: 'response.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(RESPONSES) })
  await expect(page.getByText('response.jsonl: added 0, skipped 2 (already here).')).toBeVisible()
})

test('each view reports its own imports: an import made in People is not shown in Replay, and Replay’s own is', async ({ page }) => {
  await page.goto('./#/people')
  await page.getByRole('tab', { name: 'Exports and imports' }).click()
  await page.getByLabel('Pick exports to import').setInputFiles({ name: 'response.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(RESPONSES) })
  await expect(page.getByText('response.jsonl: added 2, skipped 0 (already here).')).toBeVisible({ timeout: 40_000 })
  await openReplayView(page)
  await expect(page.getByText(/response\.jsonl: added/)).toHaveCount(0)
  await page.getByLabel('Import response.jsonl or zip').setInputFiles({ name: 'again.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(RESPONSES) })
  await expect(page.getByText('again.jsonl: added 0, skipped 2 (already here).')).toBeVisible()
})

test('a replay mid-trajectory passes axe in English and Chinese (screenshots with REPLAY_SHOTS=dir)', async ({ page }) => {
  test.slow()
  const dir = process.env.REPLAY_SHOTS
  if (dir) mkdirSync(dir, { recursive: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await recordAttempts(page)
  await openReplayView(page)
  await list(page).getByRole('button', { name: 'Replay 推理1 by demo-model' }).click()
  await player(page).getByRole('button', { name: 'Go to step 3: search_contacts' }).click()
  await expect(player(page).getByText('Step 3 / 4')).toBeVisible()
  await expect(phoneOf(page).locator('mark', { hasText: 'Finance' }).first()).toBeVisible()
  await page.mouse.move(0, 0)
  if (dir) await page.screenshot({ path: join(dir, 'replay-en.png') })
  const en = await seriousViolations(page)
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('heading', { name: '已记录的尝试' })).toBeVisible()
  if (dir) await page.screenshot({ path: join(dir, 'replay-zh.png') })
  expect({ en, zh: await seriousViolations(page) }).toEqual({ en: [], zh: [] })
})
