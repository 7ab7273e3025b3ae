// Amend and replay (issue #13): a recorded attempt forked in the replay, by the person or by the run's model.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { api, chooseLanguage, expect, finishCorrect, panelOf, phoneOf, seriousViolations, test } from './helpers'
import type { Page } from '@playwright/test'
import { startStubServer } from '../test/support/stub-server'
import type { StubServer } from '../test/support/stub-server'

/** FORK_SHOTS=docs/screenshots writes fork-replay-en.png, fork-replay-zh.png and fork-analysis-en.png there. */
const SHOTS = process.env.FORK_SHOTS

let stub: StubServer
test.beforeAll(async () => {
  stub = await startStubServer()
})
test.afterAll(async () => stub.close())

const player = (page: Page) => page.getByRole('region', { name: 'Player' })
const list = (page: Page) => page.getByRole('region', { name: /^Recorded attempts/ })
const trajectory = (page: Page) => panelOf(page).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')

async function showView(page: Page, name: 'Phone' | 'Replay' | 'Analysis'): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click()
}

async function ready(page: Page, path = './'): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible({ timeout: 40_000 })
}

/** Starts a one-task run of 推理1 in the Runs view and waits until it is done. */
async function runOn推理1(page: Page, agent: 'oracle' | 'endpoint', model: string = agent): Promise<void> {
  await ready(page, './#/runs')
  await expect(page.getByRole('heading', { name: 'Agent runs', exact: true })).toBeVisible({ timeout: 40_000 })
  await page.getByLabel('Model', { exact: true }).selectOption(agent)
  if (agent === 'endpoint') {
    await page.getByLabel('Base URL').fill(stub.url)
    await page.getByLabel('API key', { exact: true }).fill('sk-test-fork-0000')
    await page.getByLabel('Model name').fill(model)
  }
  await page.getByLabel('Repeats').fill('1')
  await page.getByLabel('Tasks to run').selectOption(['推理1'])
  await page.getByLabel('Watch on the phone').selectOption('')
  await page.getByRole('button', { name: 'Start run' }).click()
  const run = page.getByRole('article', { name: new RegExp(`^${model} · `) }).first()
  await expect(run.getByRole('status')).toHaveText('done', { timeout: 60_000 })
  await expect(run.getByTestId('repeat-0')).toContainText('1/1 tasks · 1 correct')
}

test('a person forks a wrong attempt in the replay, goes on from step 1 and gets it right; replay and analysis show both', async ({ page }) => {
  test.slow()
  await page.setViewportSize({ width: 1280, height: 900 })
  await ready(page)
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  // The person searches, then calls the wrong Tom.
  const parentId = await api<string>(
    page,
    `const opened = await api.open('推理1', { actor: 'e2e' })
     await api.call('search_contacts', { pattern: 'Tom' })
     await api.call('Phone_Call', { telephone: '13655208731' })
     const verdict = await api.submit()
     if (verdict.correct) throw new Error('this attempt is meant to be wrong')
     return opened.attemptId`,
  )

  await showView(page, 'Replay')
  await list(page).getByRole('button', { name: 'Replay 推理1 by e2e' }).click()
  await expect(player(page).getByText('Step 1 / 2')).toBeVisible()
  await player(page).getByRole('button', { name: 'Last step' }).click()
  await expect(player(page).getByText('Step 2 / 2')).toBeVisible()
  await player(page).getByRole('button', { name: 'Step back' }).click()
  await expect(player(page).getByText('Step 1 / 2')).toBeVisible()
  // A person's attempt is not an agent run's: only the person can go on.
  await expect(player(page).getByRole('button', { name: 'Resume the model from here' })).toHaveCount(0)
  await expect(player(page).getByText('Starts a new attempt with this attempt’s first call, on the phone')).toBeVisible()
  await player(page).getByRole('button', { name: 'Continue from this step' }).click()

  // On the phone: a new attempt whose first call is the parent's, marked inherited.
  await expect(panelOf(page)).toBeVisible()
  await expect(trajectory(page)).toHaveCount(1)
  await expect(trajectory(page).filter({ hasText: 'inherited' })).toHaveCount(1)
  await expect(trajectory(page).first()).toContainText('search_contacts')
  // The phone stands where the replay stood at that step: Contacts, with the search's hits.
  await expect(phoneOf(page).getByRole('heading', { name: 'Contacts' })).toBeVisible()
  await expect(phoneOf(page).locator('mark', { hasText: 'Tom' }).first()).toBeVisible()
  const fork = await page.evaluate(() => window.spieval?.current())
  expect(fork?.parent).toEqual({ attemptId: parentId, step: 1 })
  expect(fork?.finished).toBe(false)
  expect(fork?.calls.map((c) => [c.name, c.inherited === true])).toEqual([['search_contacts', true]])

  await api(page, `await api.call('Phone_Call', { telephone: '13822419087' })`)
  await expect(trajectory(page)).toHaveCount(2)
  await expect(trajectory(page).filter({ hasText: 'inherited' })).toHaveCount(1)
  await page.mouse.move(0, 0)
  await panelOf(page).getByRole('region', { name: 'Trajectory' }).screenshot({ path: test.info().outputPath('fork-trajectory-en.png') })
  const calls = await finishCorrect(page)
  expect(calls.map((c) => c.name)).toEqual(['search_contacts', 'Phone_Call'])

  // The replay shows the fork beside its parent, and each leads to the other.
  await showView(page, 'Replay')
  await expect(player(page).getByText('推理1 by e2e · ', { exact: false })).toBeVisible()
  const forks = player(page).getByRole('region', { name: 'Forks of this attempt (1)' })
  const forkButton = forks.getByRole('button', { name: /^Replay the fork by e2e from step 1, started .+: correct$/ })
  await expect(forkButton).toBeVisible()
  await expect(list(page).getByText('fork at step 1')).toBeVisible()
  // The two attempts at 推理1 by e2e are told apart by name: when each started, and the fork (made after the review
  // showed the gold) is practice, said in the row too.
  await expect(list(page).getByRole('button', { name: /^Replay 推理1 by e2e, started [^,]+, \d+:\d+:\d+$/ })).toHaveCount(1)
  await expect(list(page).getByRole('button', { name: /^Replay 推理1 by e2e, started .+, practice: not counted$/ })).toContainText('practice: not counted')
  await page.mouse.move(0, 0)
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true })
    await page.screenshot({ path: join(SHOTS, 'fork-replay-en.png') })
  }
  const en = await seriousViolations(page)
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('region', { name: '播放器' }).getByRole('button', { name: '从这一步继续' })).toBeVisible()
  await expect(page.getByRole('region', { name: '这个尝试的分叉（1）' })).toBeVisible()
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'fork-replay-zh.png') })
  expect({ en, zh: await seriousViolations(page) }).toEqual({ en: [], zh: [] })
  await chooseLanguage(page, 'en')

  await forkButton.click()
  await expect(player(page).getByText(/^Fork at step 1 of the attempt by e2e, started .+\. Show the parent$/)).toBeVisible()
  await expect(player(page).getByText('Step 1 / 2')).toBeVisible()
  await expect(player(page).getByRole('status').filter({ hasText: 'Verdict on the attempt' })).toHaveCount(0)
  await player(page).getByRole('button', { name: 'Last step' }).click()
  await expect(player(page).getByRole('status').filter({ hasText: 'Verdict on the attempt' })).toContainText('Correct')
  await player(page).getByRole('button', { name: /^Replay the parent attempt by e2e, started / }).click()
  await expect(forkButton).toBeVisible()

  // Analysis: the Forks table puts the wrong parent beside the correct fork.
  await showView(page, 'Analysis')
  const table = page.getByTestId('forks')
  await expect(table.locator('tbody tr')).toHaveCount(1)
  const cells = table.locator('tbody tr').first().locator('th, td')
  await expect(cells).toHaveText(['推理1', 'e2e', '1', 'Wrong value', 'Correct', /^1 call\s*call 2: parent Phone_Call \{"telephone":"13655208731"\} · fork Phone_Call \{"telephone":"13822419087"\}$/])
  await expect(table.getByRole('button', { name: 'Open the replay of the fork by e2e: Correct' })).toBeVisible()
  if (SHOTS) {
    const section = page.locator('.analysis-forks')
    await section.scrollIntoViewIfNeeded()
    await page.mouse.move(0, 0)
    await section.screenshot({ path: join(SHOTS, 'fork-analysis-en.png') })
  }
  await chooseLanguage(page, 'zh')
  await expect(page.getByRole('heading', { name: '分叉', exact: true })).toBeVisible()
  await expect(table.locator('tbody tr').first().locator('td').nth(2)).toHaveText('参数值错误')
  await page.locator('.analysis-forks').screenshot({ path: test.info().outputPath('fork-analysis-zh.png') })
  await chooseLanguage(page, 'en')
  await table.getByRole('button', { name: 'Open the replay of the parent of the fork by e2e: Wrong value' }).click()
  await expect(player(page).getByRole('region', { name: 'Forks of this attempt (1)' })).toBeVisible()
})

test('an oracle run’s attempt is handed back to the model at step 1 and the fork finishes correct', async ({ page }) => {
  test.slow()
  await runOn推理1(page, 'oracle')
  await showView(page, 'Replay')
  await list(page).getByRole('button', { name: 'Replay 推理1 by oracle' }).click()
  await expect(player(page).getByText(/^Step 1 \/ \d+$/)).toBeVisible()
  // The player shows its step at once; the phone takes the recorded attempt a moment later (its task is read first).
  // Until then the phone still has the person's own attempt, which has no calls.
  await expect.poll(async () => (await page.evaluate(() => window.spieval?.current()))?.calls.map((c) => c.source)).toEqual(expect.arrayContaining(['agent']))
  const parent = await page.evaluate(() => window.spieval?.current())
  await expect(player(page).getByRole('button', { name: 'Continue from this step' })).toBeVisible()
  await player(page).getByRole('button', { name: 'Resume the model from here' }).click()

  await expect(panelOf(page).getByRole('status')).toHaveText('Correct')
  await expect(trajectory(page).filter({ hasText: 'inherited' })).toHaveCount(1)
  const fork = await page.evaluate(() => window.spieval?.current())
  expect(fork?.finished).toBe(true)
  expect(fork?.parent).toEqual({ attemptId: parent?.attemptId, step: 1 })
  // The first call is the parent's (its first turn cut after it); the model was asked again from there, and made the gold call.
  const [first, ...own] = fork?.calls ?? []
  expect(first).toEqual({ ...parent?.calls[0], inherited: true })
  expect(own.map((c) => [c.name, c.source, c.inherited === true]).at(-1)).toEqual(['Phone_Call', 'agent', false])
  expect(own.some((c) => c.inherited)).toBe(false)
  await expect(trajectory(page)).toHaveCount(1 + own.length)

  await showView(page, 'Replay')
  await expect(player(page).getByRole('button', { name: /^Replay the fork by oracle from step 1, started .+: correct$/ })).toBeVisible()
})

test('resuming an endpoint run’s model without its key in this tab says why, and leaves the replay as it was', async ({ page }) => {
  test.slow()
  await runOn推理1(page, 'endpoint', 'solve-推理1')
  // A reload forgets the key (it was not remembered).
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Agent runs', exact: true })).toBeVisible({ timeout: 40_000 })
  await showView(page, 'Replay')
  await list(page).getByRole('button', { name: 'Replay 推理1 by solve-推理1' }).click()
  await expect(player(page).getByText('Step 1 / 4')).toBeVisible()
  await player(page).getByRole('button', { name: 'Step forward' }).click()
  await expect(player(page).getByText('Step 2 / 4')).toBeVisible()
  await player(page).getByRole('button', { name: 'Resume the model from here' }).click()
  await expect(player(page).getByRole('alert')).toContainText('No API key was entered for')
  await expect(player(page).getByText('Step 2 / 4')).toBeVisible()
  const attempts = await page.evaluate(() => window.spieval?.current())
  expect(attempts?.parent).toBeUndefined()
  // The person can still go on from here.
  await player(page).getByRole('button', { name: 'Continue from this step' }).click()
  await expect(trajectory(page)).toHaveCount(2)
  await expect(trajectory(page).filter({ hasText: 'inherited' })).toHaveCount(2)
  const fork = await page.evaluate(() => window.spieval?.current())
  expect(fork?.parent?.step).toBe(2)
})
