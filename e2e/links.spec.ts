// Links work as links: a pasted address opens what it names in the open tab, and Back goes back on the phone.
import { FIRST_VISIT_STATE } from '../playwright.config'
import { BUNDLED_SAMPLE } from '../src/db/preparedDataset'
import { expect, openTask, phoneOf, test } from './helpers'

test('a pasted task link opens that task, and Back and Forward move on the phone', async ({ page }) => {
  await openTask(page, '推理1')
  const phone = phoneOf(page)
  // A person's moves on the phone are history entries.
  await phone.getByRole('button', { name: 'Contacts', exact: true }).click()
  await expect(page).toHaveURL(/#\/task\/%E6%8E%A8%E7%90%861\/app\/contacts$/)
  await page.goBack()
  await expect(page).toHaveURL(/#\/task\/%E6%8E%A8%E7%90%861$/)
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  await page.goForward()
  await expect(phone.getByRole('heading', { name: 'Contacts' })).toBeVisible()

  // An address typed or pasted into the open tab opens what it names, as a full load would.
  await page.evaluate(() => (window.location.hash = '#/task/整合7/app/sms'))
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  const current = await page.evaluate(() => window.spieval?.current())
  expect(current?.taskId).toBe('整合7')
  await page.evaluate(() => (window.location.hash = '#/people'))
  await expect(page.getByRole('tab', { name: /Cross-validation/ })).toBeVisible()
})

test('a link to a task the data set does not have says so, and the address shows the task on the phone', async ({ page }) => {
  await openTask(page, '推理1')
  // The short form people write by hand opens the app.
  await page.evaluate(() => (window.location.hash = '#/task/整合7/sms'))
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  await page.evaluate(() => (window.location.hash = '#/task/NOPE/app/sms'))
  const notice = page.getByRole('alert').filter({ hasText: 'This data set has no task “NOPE”; the phone shows 整合7.' })
  await expect(notice).toBeVisible()
  await expect(page).toHaveURL(/#\/task\/%E6%95%B4%E5%90%887\/app\/sms$/)
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toBeHidden()
  // Another task shown ends the notice: it does not come back with the task it named.
  await page.evaluate(() => (window.location.hash = '#/task/NOPE'))
  await expect(notice).toBeVisible()
  const shownTask = () => page.evaluate(async () => (await window.spieval?.current())?.taskId)
  await page.evaluate(() => (window.location.hash = '#/task/推理2'))
  await expect.poll(shownTask).toBe('推理2')
  await expect(notice).toBeHidden()
  await page.evaluate(() => (window.location.hash = '#/task/整合7'))
  await expect.poll(shownTask).toBe('整合7')
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'NOPE' })).toHaveCount(0)
  // On a fresh load (a goto from the page itself would only change its hash), the attempt left open is resumed where
  // it was, and the page says why.
  await page.goto('about:blank')
  await page.goto('./#/task/NOPE')
  await expect(page.getByRole('alert').filter({ hasText: 'This data set has no task “NOPE”; the phone shows 整合7.' })).toBeVisible()
  await expect(page).toHaveURL(/#\/task\/%E6%95%B4%E5%90%887\/app\/sms$/)
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  expect(await shownTask()).toBe('整合7')
})

test.describe('a first visit', () => {
  // A browser without the sample stored: the page stores it, so a boot is under way while its rows download.
  test.use({ storageState: FIRST_VISIT_STATE })

  test('a link followed while the first visit is still loading the sample opens what it names once loaded', async ({ page }) => {
    // The sample's rows (prepared by the build) are held back until the link has been followed, so the boot is surely
    // still running.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = false
    await page.route(`**/${BUNDLED_SAMPLE.prepared}`, async (route) => {
      asked = true
      await held
      await route.continue()
    })
    await page.goto('./')
    await page.waitForFunction(() => window.spieval !== undefined)
    await expect.poll(() => asked).toBe(true)
    await page.evaluate(() => (window.location.hash = '#/task/整合7/app/sms'))
    release()
    await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible({ timeout: 40_000 })
    expect((await page.evaluate(() => window.spieval?.current()))?.taskId).toBe('整合7')
    await expect(page).toHaveURL(/#\/task\/%E6%95%B4%E5%90%887\/app\/sms$/)
  })
})

test('a link followed just before the page writes an address of its own still opens what it names', async ({ page }) => {
  await openTask(page, '推理1')
  // The page's own writes (replaceState) fire no hashchange; one landing between a link and its event must not stand
  // in for the link. Both happen in one task here, so the order is certain.
  await page.evaluate(() => {
    window.location.hash = '#/task/整合7/app/sms'
    window.history.replaceState(null, '', '#/task/推理1')
  })
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  expect((await page.evaluate(() => window.spieval?.current()))?.taskId).toBe('整合7')
  await expect(page).toHaveURL(/#\/task\/%E6%95%B4%E5%90%887\/app\/sms$/)
})
