import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { api, chooseLanguage, expect, fillText, finishCorrect, openApp, panelOf, phoneOf, seriousViolations, startAction, submit, test } from './helpers'
import type { Locator, Page } from '@playwright/test'

/**
 * Live state on the phone (docs/reference.md, "Live state"): a person meets the task's
 * friction as the phone's own alert and retries; records the attempt inserts,
 * edits and deletes show marked in their app; the review shows the state diff.
 * LIVE_SHOTS=docs/screenshots writes the live-*.png screenshots there.
 */
const SHOTS = process.env.LIVE_SHOTS

test.describe.configure({ timeout: 150_000 })
// Tall enough for the whole phone beside the panel.
test.use({ viewport: { width: 1280, height: 960 } })

const trajectory = (page: Page) => panelOf(page).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')

async function shot(page: Page, name: string, target?: Locator): Promise<void> {
  const path = SHOTS ? join(SHOTS, `live-${name}.png`) : test.info().outputPath(`live-${name}.png`)
  if (SHOTS) mkdirSync(SHOTS, { recursive: true })
  await page.mouse.move(0, 0)
  if (target) await target.screenshot({ path })
  else await page.screenshot({ path })
}

/** Screenshots of the same screen in English and in Chinese (`zh` says what shows once the language changed); back in English after. */
async function shots(page: Page, name: string, zh: (page: Page) => Locator, target?: (page: Page) => Locator): Promise<void> {
  await shot(page, `${name}-en`, target?.(page))
  await chooseLanguage(page, 'zh')
  await expect(zh(page)).toBeVisible()
  await shot(page, `${name}-zh`, target?.(page))
  await chooseLanguage(page, 'en')
}

/** Waits for the sample to load, imports a data set through window.spieval (it becomes the active one), and opens a task of it. */
async function importAndOpen(page: Page, build: string, taskId: string): Promise<Locator> {
  await page.goto('./')
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  const imported = await api<{ tasks: number }>(page, `${build}\n return api.importDataset(files, 'live test')`)
  expect(imported.tasks).toBeGreaterThan(0)
  await page.goto(`./#/task/${encodeURIComponent(taskId)}`)
  const phone = phoneOf(page)
  await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue(taskId, { timeout: 40_000 })
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  return phone
}

/**
 * One task over the sample's 偏好5 records (eight alarms): add a 05:15 alarm for Claire, move Gym to 06:30, delete
 * Saturday run. The data set adds an update and a delete tool (x-effect), and the alarm's first save meets friction.
 */
const OWN_DATASET = `
  const names = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
  const files = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await (await fetch('./data/' + n)).text()])))
  const records = JSON.parse(files['records_db.json'])
  files['records_db.json'] = JSON.stringify({ live1: records['偏好5'] })
  const tools = JSON.parse(files['tools.json'])
  const tool = (name, description, properties, required, effect) => ({
    type: 'function',
    function: { name, description, parameters: { type: 'object', properties, required }, 'x-effect': effect },
  })
  tools.push(
    tool('Clock_UpdateAlarm', 'Change the time of the alarm with this name.', { name: { type: 'string', description: 'The alarm\\'s name.' }, newTime: { type: 'string', description: 'New ring time.' } }, ['name', 'newTime'],
      { app: 'alarm', op: 'update', where: { 闹钟名: 'name' }, fields: { newTime: '时间' } }),
    tool('Clock_DeleteAlarm', 'Delete the alarm with this name.', { name: { type: 'string', description: 'The alarm\\'s name.' } }, ['name'],
      { app: 'alarm', op: 'delete', where: { 闹钟名: 'name' } }),
  )
  files['tools.json'] = JSON.stringify(tools)
  files['input_data.jsonl'] = JSON.stringify({
    id: 'live1',
    type: '多意图',
    messages: [{ role: 'user', content: 'Set a 05:15 alarm for Claire, move my Gym alarm to 06:30, and delete the Saturday run alarm' }],
    prompt_metadata: {
      answer: [
        { name: 'Clock_CreateAlarm', arguments: { time: ['05:15:00', '05:15'] } },
        { name: 'Clock_UpdateAlarm', arguments: { name: ['Gym'], newTime: ['06:30', '06:30:00'] } },
        { name: 'Clock_DeleteAlarm', arguments: { name: ['Saturday run'] } },
      ],
      free_params: [['name'], [], []],
      expected_state: [
        { app: 'alarm', op: 'insert', record: { 时间: ['05:15:00', '05:15'] } },
        { app: 'alarm', op: 'update', where: { 闹钟名: 'Gym' }, record: { 时间: ['06:30', '06:30:00'] } },
        { app: 'alarm', op: 'delete', where: { 闹钟名: 'Saturday run' } },
      ],
      friction: [{ tool: 'Clock_CreateAlarm', on: [1], error: 'The clock service is busy and the alarm was not saved. Please try again.' }],
    },
    reasoning_path: '1. Clock_CreateAlarm 05:15. 2. Clock_UpdateAlarm Gym → 06:30. 3. Clock_DeleteAlarm Saturday run.',
    distractors: '',
  }) + '\\n'
`

/** The public live sample (public/data-live), as the page would fetch it. */
const LIVE_SAMPLE = `
  const names = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
  const files = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await (await fetch('./data-live/' + n)).text()])))
`

/** The error alert on the phone, by its title. */
const alert = (page: Page, title: string) => phoneOf(page).getByRole('alertdialog', { name: title })

/** A list row by its title, with its mark (New, Edited, Deleted) as its description. */
const row = (phone: Locator, title: string) => phone.getByRole('button', { name: title, exact: true })

test('a person meets friction, retries, edits and deletes through tools, sees the marks and the deleted records, and reviews the state diff', async ({ page }) => {
  test.slow() // three axe runs and ten screenshots on a shared machine
  const phone = await importAndOpen(page, OWN_DATASET, 'live1')
  const current = await api<{ state: string } | null>(page, 'return api.current()')
  expect(current?.state).toBe('live')
  await openApp(page, 'Alarm')
  await expect(phone.getByRole('button', { name: 'Deleted', exact: false })).toHaveCount(0)

  // 1. A new alarm: refused by the task's friction, shown as the phone's alert; Retry sends the same call again.
  let form = await startAction(page, 'New alarm')
  await fillText(form, 'time', '05:15:00')
  await fillText(form, 'name', 'Claire')
  await form.getByRole('button', { name: 'Submit' }).click()
  const dialog = alert(page, 'New alarm did not go through')
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAccessibleDescription('The clock service is busy and the alarm was not saved. Please try again.')
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeFocused()
  // Focus stays in the alert; the form behind it is inert.
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Edit' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeFocused()
  await expect(trajectory(page).filter({ hasText: 'Friction' })).toHaveCount(1)
  await expect(trajectory(page).filter({ hasText: 'Friction' })).toContainText('Clock_CreateAlarm')
  await shots(page, 'friction', (p) => alert(p, '新建闹钟未成功'))
  expect(await seriousViolations(page)).toEqual([])
  // Retry sends the same call again (the rule refuses only the first): it goes through, and the form closes.
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect(form).toBeHidden()
  await expect(phone.getByRole('heading', { name: 'Alarm', exact: true })).toBeVisible()
  const added = row(phone, '05:15:00')
  await expect(added).toHaveAccessibleDescription('New')
  await expect(added).toContainText('New')
  // The insert is a record of the state: no synthetic row beside it.
  await expect(phone.getByRole('button', { name: '05:15:00', exact: true })).toHaveCount(1)
  await expect(trajectory(page)).toHaveCount(2)

  // 2. Edit the Gym alarm through the update tool from its detail (prefilled with what names it).
  await row(phone, '06:00').click()
  form = await startAction(page, 'Edit alarm')
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Gym')
  await fillText(form, 'newTime', '06:30')
  await submit(page, form, 'Clock_UpdateAlarm')
  const edited = row(phone, '06:30')
  await expect(edited).toHaveAccessibleDescription('Edited')
  await expect(row(phone, '06:00')).toHaveCount(0)
  await shots(page, 'list', (p) => phoneOf(p).getByRole('heading', { name: '闹钟', exact: true }))
  await edited.click()
  const detail = phone.getByRole('region', { name: '06:30', exact: true })
  await expect(detail).toBeVisible()
  const timeField = detail.locator('.field.changed')
  await expect(timeField).toHaveCount(1)
  await expect(timeField).toContainText('Time')
  await expect(timeField).toContainText('06:30')
  await expect(timeField).toContainText('was: 06:00')
  await expect(timeField.locator('del')).toHaveText('06:00')
  await shots(page, 'detail', (p) => phoneOf(p).getByText('原为：06:00'))
  await page.keyboard.press('Escape')

  // 3. Delete Saturday run through the delete tool: gone from the list, in the deleted records as it was.
  await row(phone, '07:00').click()
  form = await startAction(page, 'Delete alarm')
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Saturday run')
  await submit(page, form, 'Clock_DeleteAlarm')
  await expect(row(phone, '07:00')).toHaveCount(0)
  await phone.getByRole('button', { name: 'Show the 1 deleted records of Alarm' }).click()
  const deletedList = phone.getByRole('region', { name: 'Deleted from Alarm' })
  await expect(deletedList).toBeVisible()
  await expect(row(deletedList, '07:00')).toHaveAccessibleDescription('Deleted')
  await expect(deletedList).toContainText('Saturday run')
  await shots(page, 'deleted', (p) => phoneOf(p).getByRole('region', { name: '闹钟中已删除' }))
  await row(deletedList, '07:00').click()
  const deletedDetail = phone.getByRole('region', { name: '07:00', exact: true })
  await expect(deletedDetail.getByRole('note')).toContainText('deleted by this attempt')
  await expect(deletedDetail.getByRole('button', { name: 'Delete alarm' })).toHaveCount(0)
  // Escape steps back: the deleted list, then the app's list.
  await page.keyboard.press('Escape')
  await expect(deletedList).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(phone.getByRole('heading', { name: 'Alarm', exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Searches see the live records, and their hits carry the marks.
  const box = phone.getByRole('searchbox', { name: 'Search Alarm' })
  await box.fill('Gym')
  await box.press('Enter')
  await expect(phone.getByRole('status').filter({ hasText: '1 result' })).toBeVisible()
  await expect(row(phone, '06:30')).toHaveAccessibleDescription('Edited')

  // 4. Finish: the review shows the state diff beside the call diff.
  const calls = await finishCorrect(page)
  expect(calls.map((c) => [c.name, c.ok])).toEqual([
    ['Clock_CreateAlarm', false],
    ['Clock_CreateAlarm', true],
    ['Clock_UpdateAlarm', true],
    ['Clock_DeleteAlarm', true],
    ['search_alarm', true],
  ])
  const review = panelOf(page).getByRole('region', { name: 'Review' })
  const stateDiff = review.getByRole('region', { name: 'Changes to the phone’s records' })
  await expect(stateDiff).toBeVisible()
  await expect(stateDiff.getByRole('definition').first()).toHaveText('correct (counts)')
  await expect(stateDiff).toContainText('This task is judged on both its calls and the state it leaves.')
  const rows = stateDiff.getByRole('region', { name: 'Alarm' }).getByRole('listitem')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(0)).toContainText('Edited')
  await expect(rows.nth(0)).toContainText('matches expected change 2')
  await expect(rows.nth(0).getByRole('row', { name: /^Time · 时间 06:00 06:30/ })).toBeVisible()
  await expect(rows.nth(1)).toContainText('Deleted')
  await expect(rows.nth(1)).toContainText('matches expected change 3')
  await expect(rows.nth(2)).toContainText('Added')
  await expect(rows.nth(2)).toContainText('matches expected change 1')
  await stateDiff.scrollIntoViewIfNeeded()
  await shots(page, 'review', (p) => p.getByRole('region', { name: '手机记录的改动' }), (p) => p.locator('.review'))
  expect(await seriousViolations(page)).toEqual([])
})

test('a program\'s calls in the paginated setting: marks on its search hits and its changes, and a wrong state explained in the review', async ({ page }) => {
  const phone = await importAndOpen(page, OWN_DATASET, 'live1')
  // Calls made by a program show on the phone and in the trajectory; one refused by friction is tagged there.
  await api(page, `
    await api.open('live1', { setting: 'paginated' })
    await api.call('search_alarm', { pattern: 'Weekday' })
    await api.call('Clock_CreateAlarm', { time: '05:15:00' })
    await api.call('Clock_CreateAlarm', { time: '05:15:00' })
    await api.call('Clock_UpdateAlarm', { name: 'Gym', newTime: '06:30' })
    await api.call('Clock_DeleteAlarm', { name: 'Weekday wake-up' })
  `)
  await expect(trajectory(page)).toHaveCount(5)
  await expect(trajectory(page).nth(1).getByText('Friction', { exact: true })).toBeVisible()
  await expect(trajectory(page).nth(2).getByText('Friction', { exact: true })).toHaveCount(0)
  // The search was answered before the deletion: its hit is shown as deleted, and opens read-only, as it was.
  await expect(phone.getByRole('heading', { name: 'Alarm', exact: true })).toBeVisible()
  await expect(row(phone, '06:45')).toHaveAccessibleDescription('Deleted')
  await row(phone, '06:45').click()
  await expect(phone.getByRole('region', { name: '06:45', exact: true }).getByRole('note')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(phone.getByRole('heading', { name: 'Alarm', exact: true })).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Show the 1 deleted records of Alarm' })).toBeVisible()
  // A new search sees the live records: the edited alarm, marked; the deleted one is not found.
  const box = phone.getByRole('searchbox', { name: 'Search Alarm' })
  for (const [pattern, found] of [['Gym', '06:30'], ['Weekday', undefined]] as const) {
    await box.fill(pattern)
    await box.press('Enter')
    if (found) await expect(row(phone, found)).toHaveAccessibleDescription('Edited')
    else await expect(phone.getByRole('status').filter({ hasText: '0 results' })).toBeVisible()
  }
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  const review = panelOf(page).getByRole('region', { name: 'Review' })
  // The calls miss the delete of Saturday run and delete another alarm; the state says why in its own words.
  await expect(review.getByRole('status')).toHaveText('Wrong: a wrong value')
  const stateDiff = review.getByRole('region', { name: 'Changes to the phone’s records' })
  await expect(stateDiff.getByRole('definition').first()).toHaveText('wrong: an expected change was not made (counts)')
  const rows = stateDiff.getByRole('region', { name: 'Alarm' }).getByRole('listitem')
  await expect(rows.filter({ hasText: 'Weekday wake-up' })).toContainText('not asked for by the task')
  await expect(rows.filter({ hasText: 'Weekday wake-up' })).toContainText('Deleted')
  await expect(rows.filter({ hasText: 'Saturday run' })).toContainText('The expected change was not made.')
  await stateDiff.scrollIntoViewIfNeeded()
  await shots(page, 'review-wrong', (p) => p.getByRole('region', { name: '手机记录的改动' }), (p) => p.locator('.review'))
})

test.describe('the live sample (public/data-live), solved as a person on the phone', () => {
  test('推理L2: the first message meets a network error; Retry sends it', async ({ page }) => {
    const phone = await importAndOpen(page, LIVE_SAMPLE, '推理L2')
    // The task card says the attempt is live before anything is done.
    await expect(panelOf(page).getByRole('region', { name: 'Instruction' }).getByRole('note')).toContainText('Live The phone changes with your actions')
    await openApp(page, 'Messages')
    const form = await startAction(page, 'Send message')
    await fillText(form, 'telephone', '13822419087')
    await fillText(form, 'text', 'Hi Tom, the dairy invoice is ready for your sign-off.')
    await form.getByRole('button', { name: 'Submit' }).click()
    const dialog = alert(page, 'Send message did not go through')
    await expect(dialog).toHaveAccessibleDescription('The network is busy and the message was not sent. Please try again.')
    // Edit, then Back: what was typed is kept, as a phone keeps a draft, and the form opens with it again.
    await dialog.getByRole('button', { name: 'Edit' }).click()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await expect(form).toBeHidden()
    const again = await startAction(page, 'Send message')
    await expect(again.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('Hi Tom, the dairy invoice is ready for your sign-off.')
    await expect(again.getByRole('textbox', { name: 'Phone number', exact: true })).toHaveValue('13822419087')
    await again.getByRole('button', { name: 'Submit' }).click()
    await expect(form).toBeHidden()
    // The sent message is a record of the state, in its thread, marked New (once).
    const thread = phone.getByRole('button', { name: 'Tom Ruiz', exact: true })
    await expect(thread).toHaveAccessibleDescription('New')
    const calls = await finishCorrect(page)
    expect(calls.map((c) => [c.name, c.ok, c.source])).toEqual([
      ['Messages_Send', false, 'ui'],
      ['Messages_Send', true, 'ui'],
    ])
    // Sent: the draft is forgotten, the form opens empty.
    const fresh = await startAction(page, 'Send message')
    await expect(fresh.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('')
  })

  test('推理L3: the payment is refused until Payment_Verify has passed', async ({ page }) => {
    const phone = await importAndOpen(page, LIVE_SAMPLE, '推理L3')
    await openApp(page, 'Wallet')
    let form = await startAction(page, 'Pay')
    const fillPayment = async (f: Locator) => {
      await fillText(f, 'item', 'Catering deposit')
      await fillText(f, 'amount', 195)
      await fillText(f, 'receivingName', 'Flores Catering')
      await fillText(f, 'receivingAccount', '6217003320015587')
    }
    await fillPayment(form)
    await form.getByRole('button', { name: 'Submit' }).click()
    const dialog = alert(page, 'Pay did not go through')
    await expect(dialog).toHaveAccessibleDescription(/must first pass the bank's security check \(Payment_Verify\)/)
    // Escape closes the alert (the form stays, with its values); a second Escape leaves the form.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(form.getByRole('textbox', { name: 'Payee', exact: true })).toHaveValue('Flores Catering')
    await page.keyboard.press('Escape')
    await expect(phone.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible()
    // The verification is an action of the Wallet app.
    form = await startAction(page, 'Verify payment')
    await fillText(form, 'amount', 195)
    await fillText(form, 'receivingAccount', '6217003320015587')
    await submit(page, form, 'Payment_Verify')
    form = await startAction(page, 'Pay')
    await fillPayment(form)
    await submit(page, form, 'Consumption_Create')
    await expect(phone.getByRole('button', { name: 'Catering deposit', exact: true })).toHaveAccessibleDescription('New')
    const calls = await finishCorrect(page)
    expect(calls.map((c) => [c.name, c.ok])).toEqual([
      ['Consumption_Create', false],
      ['Payment_Verify', true],
      ['Consumption_Create', true],
    ])
  })

  test('辨析L1: an update by name alone names two alarms; the alert says so, and Edit adds the time', async ({ page }) => {
    const phone = await importAndOpen(page, LIVE_SAMPLE, '辨析L1')
    await openApp(page, 'Alarm')
    await row(phone, '18:30:00').click()
    const form = await startAction(page, 'Edit alarm')
    await expect(form.getByRole('textbox', { name: 'Time', exact: true })).toHaveValue('18:30:00')
    // As a person who names the alarm only.
    await fillText(form, 'time', '')
    await fillText(form, 'newTime', '19:30:00')
    await form.getByRole('button', { name: 'Submit' }).click()
    const dialog = alert(page, 'Edit alarm did not go through')
    // Said to a person: the app and the field by their labels, not the stored key a model reads.
    await expect(dialog).toHaveAccessibleDescription('2 records in Alarm have Name “Gym”, and this acts on exactly one. Nothing was changed.')
    await dialog.getByRole('button', { name: 'Edit' }).click()
    await expect(form.getByRole('textbox', { name: 'New time', exact: true })).toHaveValue('19:30:00')
    await fillText(form, 'time', '18:30:00')
    await submit(page, form, 'Clock_UpdateAlarm')
    await expect(row(phone, '19:30:00')).toHaveAccessibleDescription('Edited')
    await expect(row(phone, '06:00:00')).not.toHaveAccessibleDescription('Edited')
    await finishCorrect(page)
    // Not friction: an effect's refusal is an ordinary failed call in the trajectory.
    await expect(trajectory(page).filter({ hasText: 'Friction' })).toHaveCount(0)
  })
})
