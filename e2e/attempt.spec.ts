import { api, expect, openApp, openTask, panelOf, phoneOf, searchIn, test } from './helpers'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'

/** The sample's 推理1 as stored in public/data: its gold, reasoning path and distractors. */
function sampleTask(id: string): { answer: { arguments: Record<string, unknown[]> }[]; reasoning_path: string; distractors: string } {
  const lines = readFileSync(join(import.meta.dirname, '..', 'public/data/input_data.jsonl'), 'utf8').split('\n').filter(Boolean)
  const raw = lines.map((l) => JSON.parse(l) as { id: string }).find((t) => t.id === id) as unknown as {
    prompt_metadata: { answer: { arguments: Record<string, unknown[]> }[] }
    reasoning_path: string
    distractors: string
  }
  return { answer: raw.prompt_metadata.answer, reasoning_path: raw.reasoning_path, distractors: raw.distractors }
}

test('a blind attempt: no gold, reasoning path or distractors in the DOM before Finish; the review after it', async ({ page }) => {
  const gold = sampleTask('推理1')
  const secrets = [gold.reasoning_path.slice(0, 60), gold.distractors.slice(0, 60), 'Annotated reasoning path']
  await openTask(page, '推理1')
  await openApp(page, 'Contacts')
  await searchIn(page, 'Contacts', 'Tom')
  // A wrong call (the plumber), made through the phone's own form.
  await phoneOf(page).getByRole('button', { name: 'Tom Becker' }).click()
  await phoneOf(page).getByRole('button', { name: 'Voice call' }).click()
  // A reload opens the form as it was opened, filled from the record (it came back empty).
  await expect(page).toHaveURL(/\/action\/Phone_Call\/.+/)
  await page.reload()
  await expect(phoneOf(page).getByRole('textbox', { name: /^Phone number/ })).toHaveValue('13655208731')
  await phoneOf(page).getByRole('button', { name: 'Submit' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Actions to submit' }).getByRole('listitem')).toHaveCount(1)
  const before = await page.content()
  for (const secret of secrets) expect(before).not.toContain(secret)
  expect(before).not.toContain('Acceptable values')

  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  const review = panelOf(page).getByRole('region', { name: 'Review' })
  await expect(review.getByRole('status')).toHaveText('Wrong: a wrong value')
  const diff = review.getByRole('table', { name: /Phone_Call: your action 1 against gold call 1/ })
  const telephone = diff.getByRole('row', { name: /telephone/ })
  await expect(telephone).toContainText('13655208731')
  await expect(telephone).toContainText('13822419087')
  await expect(telephone).toContainText('not an acceptable value')
  // The parameter and the numbers stay whole (the table's columns once shrank until they broke "telephon|e").
  const lineCount = (cell: Locator) => cell.evaluate((el) => { const range = document.createRange(); range.selectNodeContents(el); return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size })
  expect(await lineCount(telephone.getByRole('rowheader'))).toBe(1)
  expect(await lineCount(telephone.getByRole('cell').first())).toBe(1)
  await expect(diff.getByRole('row', { name: /type/ })).toContainText('may be left out')
  await expect(review).toContainText(gold.reasoning_path.split(' 2. ')[0]?.replace(/^1\.\s*/, '') ?? '')
  await expect(review.getByRole('heading', { name: 'Your retrieval steps' })).toBeVisible()
  await expect(review).toContainText('search_contacts {"pattern":"Tom"')
  await expect(review).toContainText(gold.distractors.slice(0, 60))

  // A flag for the task's author, stored with the attempt and kept over a reload.
  const flag = review.getByRole('region', { name: 'Flag this task for its author' })
  await flag.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Ambiguous' })
  await flag.getByRole('textbox', { name: 'Comment' }).fill('Two Toms, "covering" is vague')
  await flag.getByRole('button', { name: 'Flag task' }).click()
  await expect(flag.getByRole('list', { name: 'Flags' })).toContainText('Ambiguous: Two Toms, "covering" is vague')
  await page.reload()
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('list', { name: 'Flags' })).toContainText('Two Toms')
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toContainText('推理1 · Reasoning · Call whoever is covering for my manager — Flagged')

  // A new attempt starts fresh: no calls, no review, blind again.
  await panelOf(page).getByRole('button', { name: 'Start a new attempt' }).click()
  await expect(panelOf(page).getByText('No calls yet.')).toBeVisible()
  for (const secret of secrets) expect(await page.content()).not.toContain(secret)
})

test('withdrawing an action changes the verdict', async ({ page }) => {
  await openTask(page, '推理1')
  const calls = `
    await api.call('Phone_Call', { telephone: '13822419087' })
    const sent = await api.call('Messages_Send', { telephone: '13822419087', text: 'Hi Tom' })
    if (!sent.ok) throw new Error(sent.content)`
  await api(page, calls)
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Wrong: the wrong number of actions')
  await expect(panelOf(page)).toContainText('Your action 2 (Messages_Send) matches no gold call')

  await panelOf(page).getByRole('button', { name: 'Start a new attempt' }).click()
  await expect(panelOf(page).getByText('No calls yet.')).toBeVisible()
  await api(page, calls)
  await panelOf(page).getByRole('button', { name: 'Withdraw Messages_Send (call 2)' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Actions to submit' }).locator('li.withdrawn')).toHaveCount(1)
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
  // The withdrawn call stays in the trajectory, marked.
  const current = await api<{ calls: { name: string; withdrawn?: boolean }[] }>(page, 'return api.current()')
  expect(current.calls.map((c) => [c.name, c.withdrawn ?? false])).toEqual([
    ['Phone_Call', false],
    ['Messages_Send', true],
  ])
})

test('the navigator filters by capability and status, shows progress, and N opens the next task', async ({ page }) => {
  await openTask(page, '推理1')
  await api(page, "await api.call('Phone_Call', { telephone: '13822419087' })")
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
  const nav = panelOf(page).getByRole('region', { name: 'Task navigator' })
  await expect(nav).toContainText('1 of 50 done · 1 correct · 0 wrong · 0 flagged')
  await expect(nav.getByRole('progressbar', { name: 'Progress over the data set' })).toHaveAttribute('value', '1')

  await nav.getByRole('combobox', { name: 'Capability' }).selectOption({ label: 'Preference' })
  await nav.getByRole('combobox', { name: 'Status' }).selectOption({ index: 1 }) // not started
  await page.keyboard.press('Escape')
  await page.locator('body').click({ position: { x: 5, y: 300 } })
  await page.keyboard.press('n')
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('偏好1')
  const options = await nav.getByRole('combobox', { name: 'Task' }).locator('option').allTextContents()
  expect(options).toHaveLength(10)
  expect(options.every((o) => o.includes('Preference') && o.endsWith('Not started'))).toBe(true)
  await page.keyboard.press('n')
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('偏好2')
  // Opening a task is not starting it: the status stays "not started" until a call is made.
  await nav.getByRole('combobox', { name: 'Status' }).selectOption({ index: 2 }) // in progress
  await expect(nav.getByText('No task matches these filters.')).toBeVisible()
})

test('the timer pauses while the tab is hidden, and the time is stored with the attempt', async ({ page }) => {
  await openTask(page, '推理1')
  const timer = panelOf(page).getByRole('time')
  await expect(timer).not.toHaveText('0:00', { timeout: 5_000 })
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { value: s, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  await setVisibility('hidden')
  await expect(panelOf(page).getByText('(paused)')).toBeVisible()
  const paused = await timer.textContent()
  await page.waitForTimeout(2_500)
  await expect(timer).toHaveText(paused ?? '')
  await setVisibility('visible')
  await expect(panelOf(page).getByText('(paused)')).toBeHidden()
  await expect(timer).not.toHaveText(paused ?? '', { timeout: 5_000 })
  // A finished attempt's time has stopped for good: it is its time, not a pause.
  await api(page, `await api.call('Phone_Call', { telephone: '13822419087' }); await api.submit()`)
  await expect(panelOf(page).getByRole('region', { name: 'Review' })).toBeVisible()
  await expect(panelOf(page).getByText('(paused)')).toHaveCount(0)
  await expect(panelOf(page).locator('.timer')).toHaveText(/^Time: \d+:\d\d$/)
})

test('a full disk: the action is refused with a clear message, and nothing saved before is lost', async ({ page }) => {
  // Writes to the calls table fail as a full disk makes them fail, while window.__fullDisk is set.
  await page.addInitScript(() => {
    for (const method of ['put', 'add'] as const) {
      const original = IDBObjectStore.prototype[method]
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if ((window as unknown as { __fullDisk?: boolean }).__fullDisk && this.name === 'calls')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        return original.apply(this, args)
      }
    }
  })
  await openTask(page, '推理1')
  await openApp(page, 'Contacts')
  await searchIn(page, 'Contacts', 'Tom')
  await page.evaluate(() => ((window as unknown as { __fullDisk?: boolean }).__fullDisk = true))
  const box = phoneOf(page).getByRole('searchbox', { name: 'Search Contacts' })
  await box.fill('Rachel')
  await box.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'The disk is full' })).toBeVisible()
  await expect(panelOf(page).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')).toHaveCount(1)
  // The phone still shows the last search that was saved.
  await expect(phoneOf(page).getByRole('status')).toContainText('2 results')

  await page.evaluate(() => ((window as unknown as { __fullDisk?: boolean }).__fullDisk = false))
  await box.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'The disk is full' })).toBeHidden()
  await page.reload()
  const steps = panelOf(page).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')
  await expect(steps).toHaveCount(2)
  await expect(steps.nth(0)).toContainText('"pattern":"Tom"')
  await expect(steps.nth(1)).toContainText('"pattern":"Rachel"')
  // Who made each call, in words (the stored source is `ui`).
  await expect(steps.nth(1).locator('.source')).toHaveText('person')
})

test('two tabs on one attempt: one leads, the other says so and takes over when the first closes', async ({ context }) => {
  const first = await context.newPage()
  await openTask(first, '推理1')
  await api(first, "await api.call('search_contacts', { pattern: 'manager' })")
  const second = await context.newPage()
  await second.goto('./#/task/推理1')
  await expect(second.getByRole('alert').filter({ hasText: 'open in another tab' })).toBeVisible({ timeout: 40_000 })
  await expect(panelOf(second).getByRole('button', { name: 'Finish and check' })).toBeDisabled()
  const refused = await api<{ ok: boolean; content: string }>(second, "return api.call('search_contacts', { pattern: 'Tom' })")
  expect(refused).toMatchObject({ ok: false })
  expect(refused.content).toContain('open in another tab')

  await api(first, "await api.call('Phone_Call', { telephone: '13822419087' })")
  await first.close()
  await expect(second.getByRole('alert').filter({ hasText: 'open in another tab' })).toBeHidden()
  const steps = panelOf(second).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')
  await expect(steps).toHaveCount(2)
  await expect(steps.nth(1)).toContainText('Phone_Call')
  await expect(steps.nth(1).locator('.source')).toHaveText('program')
  await panelOf(second).getByRole('button', { name: 'Finish and check' }).click()
  await expect(panelOf(second).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
})
