import { test } from './helpers'
import type { Page } from '@playwright/test'
import {
  addChips,
  checkDays,
  choose,
  expect,
  fillText,
  finishCorrect,
  goHome,
  openApp,
  openRecord,
  openTask,
  searchIn,
  startAction,
  submit,
} from './helpers'

/**
 * A person solves one sample task per execution tool purely through the phone:
 * tap an app, search, open the record holding the fact, act through the app's
 * button and its schema-generated form, then Finish. The scorer must say
 * Correct, and every recorded call must come from the UI.
 */

// Each test takes a few seconds; the margin is for shared machines under heavy load.
test.describe.configure({ timeout: 120_000 })

async function expectSolvedThroughUi(page: Page, tools: string[]): Promise<void> {
  const calls = await finishCorrect(page)
  expect(calls.length).toBeGreaterThan(tools.length)
  expect(calls.filter((c) => c.source !== 'ui')).toEqual([])
  expect(calls.filter((c) => !c.name.startsWith('search_')).map((c) => c.name)).toEqual(tools)
  expect(calls.every((c) => c.ok)).toBe(true)
}

test('Phone_Call: 偏好1 "Give my mom a call" as a video call from her contact card', async ({ page }) => {
  await openTask(page, '偏好1')
  await openApp(page, 'Contacts')
  await searchIn(page, 'Contacts', 'mother')
  await openRecord(page, 'Margaret Hayes', '13705561820')
  await goHome(page)
  await openApp(page, 'Notes')
  await searchIn(page, 'Notes', 'tablet')
  await goHome(page)
  await openApp(page, 'Contacts')
  await openRecord(page, 'Margaret Hayes')
  const form = await startAction(page, 'Video call', 'Call')
  await expect(form.getByRole('textbox', { name: 'telephone', exact: true })).toHaveValue('13705561820')
  await expect(form.getByRole('combobox', { name: 'type', exact: true })).toHaveValue('VIDEO')
  await submit(page, form, 'Phone_Call')
  await expectSolvedThroughUi(page, ['Phone_Call'])
})

test('Messages_Send: 辨析3 "Send Maria the PO she asked for" as a reply with the signed PO attached', async ({ page }) => {
  await openTask(page, '辨析3')
  await openApp(page, 'Messages')
  await searchIn(page, 'Messages', '2026-031')
  await openRecord(page, 'Ellen Brooks', 'PO_2026-031_signed.pdf')
  await page.keyboard.press('Escape')
  await openRecord(page, 'Maria Lopez', 'signed PO 2026-031')
  const form = await startAction(page, 'Reply', 'Send message')
  await expect(form.getByRole('textbox', { name: 'telephone', exact: true })).toHaveValue('13955667788')
  await fillText(form, 'text', 'Hi Maria, here is the signed PO 2026-031 for the cocoa powder.')
  await addChips(form, 'attach', ['/sdcard/Documents/PO_2026-031_signed.pdf'])
  await submit(page, form, 'Messages_Send')
  await expectSolvedThroughUi(page, ['Messages_Send'])
})

test('Contacts_Create: 推理8 "Add Lily\'s new piano teacher" with the number she sent herself', async ({ page }) => {
  await openTask(page, '推理8')
  await openApp(page, 'Messages')
  await searchIn(page, 'Messages', 'Elena')
  await openRecord(page, '13912076584', 'old number by mistake')
  await goHome(page)
  await openApp(page, 'Contacts')
  const form = await startAction(page, 'New contact')
  await fillText(form, 'name', 'Elena Marsh')
  await fillText(form, 'telephone', '13912076584')
  await fillText(form, 'company', 'Riverside Music School')
  await fillText(form, 'relationship', "Lily's piano teacher")
  await submit(page, form, 'Contacts_Create')
  await expectSolvedThroughUi(page, ['Contacts_Create'])
})

test('Consumption_Create: 辨析10 "Pay the garage for this month\'s parking" at the new rate, payee prefilled', async ({ page }) => {
  await openTask(page, '辨析10')
  await openApp(page, 'Messages')
  await searchIn(page, 'Messages', 'Cedar Court')
  await openRecord(page, 'Cedar Court Parking', 'rises from 150 to 175')
  await goHome(page)
  await openApp(page, 'Wallet')
  await searchIn(page, 'Wallet', 'parking')
  await openRecord(page, 'February parking', '6228480012345678901')
  const form = await startAction(page, 'Pay')
  await expect(form.getByRole('textbox', { name: 'receivingName', exact: true })).toHaveValue('Cedar Court Parking')
  await expect(form.getByRole('textbox', { name: 'receivingAccount', exact: true })).toHaveValue('6228480012345678901')
  await fillText(form, 'item', 'March parking')
  await fillText(form, 'amount', 175)
  await fillText(form, 'note', 'Space B-14')
  await submit(page, form, 'Consumption_Create')
  await expectSolvedThroughUi(page, ['Consumption_Create'])
})

test('Transport_Create: 辨析9 "Book the train for the expo team" with Grace instead of Priya', async ({ page }) => {
  await openTask(page, '辨析9')
  await openApp(page, 'Meetings')
  await searchIn(page, 'Meetings', 'expo')
  await openRecord(page, 'Portland Natural Foods Expo prep', 'Amtrak Cascades')
  await goHome(page)
  await openApp(page, 'Messages')
  await searchIn(page, 'Messages', 'Priya')
  await openRecord(page, 'Ellen Brooks', 'Grace Liu replaces Priya')
  await goHome(page)
  await openApp(page, 'Travel')
  const form = await startAction(page, 'Book trip')
  await fillText(form, 'date', '2026-03-20')
  await fillText(form, 'time', '07:25:00')
  await fillText(form, 'start', 'Seattle King Street Station')
  await fillText(form, 'end', 'Portland Union Station')
  await addChips(form, 'passenger', ['Daniel Hayes', 'Tom Reed', 'Grace Liu'])
  await fillText(form, 'telephone', '15811224476')
  await choose(form, 'transportType', 'Train')
  await submit(page, form, 'Transport_Create')
  await expectSolvedThroughUi(page, ['Transport_Create'])
})

test('Accommodation_Create: 辨析7 "Book a hotel for next week\'s Boise trip" at the hotel the note names', async ({ page }) => {
  await openTask(page, '辨析7')
  await openApp(page, 'Travel')
  await searchIn(page, 'Travel', 'Boise')
  await goHome(page)
  await openApp(page, 'Notes')
  await searchIn(page, 'Notes', 'Boise')
  await openRecord(page, 'Boise Grand - never again', 'Riverside Inn Boise')
  await goHome(page)
  await openApp(page, 'Hotels')
  const form = await startAction(page, 'Book hotel')
  await fillText(form, 'dateCheckIn', '2026-03-18')
  await fillText(form, 'dateCheckOut', '2026-03-20')
  await fillText(form, 'location', 'Riverside Inn Boise')
  await addChips(form, 'people', ['Daniel Hayes'])
  await fillText(form, 'telephone', '15811224476')
  await fillText(form, 'roomType', 'Queen Room')
  await fillText(form, 'num', 1)
  await submit(page, form, 'Accommodation_Create')
  await expectSolvedThroughUi(page, ['Accommodation_Create'])
})

test('Clock_CreateAlarm: 偏好4 "Set an alarm for Owen\'s new swim class" on Wednesdays and Fridays, his usual settings', async ({ page }) => {
  await openTask(page, '偏好4')
  await openApp(page, 'Messages')
  await searchIn(page, 'Messages', 'swim')
  await openRecord(page, 'Riverside Swim Club', 'Wednesdays and Fridays')
  await goHome(page)
  await openApp(page, 'Alarm')
  await searchIn(page, 'Alarm', 'Lily')
  const form = await startAction(page, 'New alarm')
  await fillText(form, 'time', '16:30:00')
  await checkDays(form, 'repeatDayOfWeek', ['Wed', 'Fri'])
  await fillText(form, 'name', 'Owen swim')
  await choose(form, 'alarmDuration', '3')
  await choose(form, 'alarmCount', '3')
  await choose(form, 'alarmInterval', '5')
  await submit(page, form, 'Clock_CreateAlarm')
  await expectSolvedThroughUi(page, ['Clock_CreateAlarm'])
})

test('Meeting_Create: 辨析5 "Schedule the follow-up from the packaging review" from the latest minutes', async ({ page }) => {
  await openTask(page, '辨析5')
  await openApp(page, 'Meetings')
  await searchIn(page, 'Meetings', 'Packaging review')
  await openRecord(page, 'Packaging review - tray samples', 'Follow-up on 2026-03-19')
  await page.keyboard.press('Escape')
  const form = await startAction(page, 'New meeting')
  await fillText(form, 'dateStart', '2026-03-19')
  await fillText(form, 'dateEnd', '2026-03-19')
  await fillText(form, 'timeStart', '14:00:00')
  await fillText(form, 'timeEnd', '15:00:00')
  await choose(form, 'timeRemind', '10 minutes before')
  await fillText(form, 'title', 'Packaging review follow-up')
  await choose(form, 'repeat', 'Does not repeat')
  await addChips(form, 'location', ['Room 5A'])
  await addChips(form, 'participants', ['Priya Nair', 'Marco Silva'])
  await submit(page, form, 'Meeting_Create')
  await expectSolvedThroughUi(page, ['Meeting_Create'])
})

test('Schedule_Create: 整合5 "Add Owen\'s rescheduled dentist visit" at the temporary office, reminded the day before', async ({ page }) => {
  await openTask(page, '整合5')
  await openApp(page, 'Phone')
  await searchIn(page, 'Phone', 'Owen')
  await openRecord(page, 'Bright Smile Dental', '12 Brook Street')
  await goHome(page)
  await openApp(page, 'Messages')
  await searchIn(page, 'Messages', 'Owen')
  await openRecord(page, 'Claire Hayes', 'reminder the day before')
  await goHome(page)
  await openApp(page, 'Calendar')
  const form = await startAction(page, 'New event')
  await fillText(form, 'date', '2026-03-26')
  await fillText(form, 'timeStart', '16:00:00')
  await fillText(form, 'timeEnd', '16:45:00')
  await fillText(form, 'title', 'Owen – dentist check-up (Dr. Lin)')
  await choose(form, 'timeRemind', '1 day before')
  await choose(form, 'repeat', 'Does not repeat')
  await fillText(form, 'location', '12 Brook Street, second floor')
  await submit(page, form, 'Schedule_Create')
  await expectSolvedThroughUi(page, ['Schedule_Create'])
})

test('TodoList_Create: 推理10 "Add a to-do to pick up Lily\'s birthday cake" at the moved pickup time', async ({ page }) => {
  await openTask(page, '推理10')
  await openApp(page, 'Notes')
  await searchIn(page, 'Notes', 'cake')
  await openRecord(page, 'Party checklist', 'Sweet Crumb Bakery')
  await goHome(page)
  await openApp(page, 'Messages')
  await searchIn(page, 'Messages', 'SC-5521')
  await openRecord(page, 'Sweet Crumb Bakery', 'moved to Saturday 2026-03-21 at 10:30')
  await goHome(page)
  await openApp(page, 'Notes')
  const form = await startAction(page, 'New note')
  await fillText(form, 'content', "Pick up Lily's birthday cake (order SC-5521) at Sweet Crumb Bakery")
  await fillText(form, 'date', '2026-03-21')
  await fillText(form, 'time', '10:30')
  await submit(page, form, 'TodoList_Create')
  await expectSolvedThroughUi(page, ['TodoList_Create'])
})
