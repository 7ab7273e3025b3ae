import type { Locator, Page } from '@playwright/test'
import { api, checkDays, choose, chooseLanguage, expect, fillText, openApp, openTask, panelOf, phoneOf, startAction, submit, resizeTo, test } from './helpers'
import { parameterLabel } from '../src/core/apps/parameters'

/**
 * A list parameter's value typed in its entry box but not added with *Add* is
 * kept: Submit adds it, and the recorded call holds it, for every list
 * parameter of the ten execution tools. (Clock_CreateAlarm.repeatDayOfWeek is
 * a set of checkboxes: nothing is typed there, a ticked day is what is kept.)
 */

test.describe.configure({ timeout: 120_000 })

interface ListCase {
  tool: string
  app: string
  button: string
  text: Record<string, string>
  choices?: Record<string, string>
  /** Per list parameter: items added with Add first, then one typed and left in the box. */
  lists: Record<string, { added: string[]; typed: string }>
  days?: Record<string, { labels: string[]; values: number[] }>
}

const CASES: ListCase[] = [
  {
    tool: 'Accommodation_Create',
    app: 'Hotels',
    button: 'Book hotel',
    text: { dateCheckIn: '2026-03-18', dateCheckOut: '2026-03-20', location: 'Riverside Inn Boise', telephone: '15811224476' },
    lists: { people: { added: [], typed: 'Daniel Hayes' } },
  },
  {
    tool: 'Clock_CreateAlarm',
    app: 'Alarm',
    button: 'New alarm',
    text: { time: '16:30:00' },
    lists: {},
    days: { repeatDayOfWeek: { labels: ['Wed', 'Fri'], values: [3, 5] } },
  },
  {
    tool: 'Meeting_Create',
    app: 'Meetings',
    button: 'New meeting',
    text: { dateStart: '2026-03-19', dateEnd: '2026-03-19', timeStart: '14:00:00', timeEnd: '15:00:00' },
    lists: { location: { added: [], typed: 'Room 5A' }, participants: { added: ['Priya Nair'], typed: 'Marco Silva' } },
  },
  {
    tool: 'Messages_Send',
    app: 'Messages',
    button: 'Send message',
    text: { telephone: '13822419087', text: 'The photos are attached.' },
    lists: { attach: { added: ['beach.jpg'], typed: 'dinner.jpg' } },
  },
  {
    tool: 'Transport_Create',
    app: 'Travel',
    button: 'Book trip',
    text: { date: '2026-03-20', time: '07:25:00', start: 'Seattle King Street Station', end: 'Portland Union Station', telephone: '15811224476' },
    choices: { transportType: 'Train' },
    lists: { passenger: { added: ['Daniel Hayes', 'Tom Reed'], typed: 'Grace Liu' } },
  },
]

/** Adds items with Add, then types one more and leaves it in the box. */
async function typeList(form: Locator, param: string, added: readonly string[], typed: string): Promise<void> {
  const group = form.getByRole('group', { name: parameterLabel(param, 'en'), exact: true })
  for (const value of added) {
    await group.getByRole('textbox').fill(value)
    await group.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(group.getByRole('listitem').filter({ hasText: value })).toBeVisible()
  }
  await group.getByRole('textbox').fill(`  ${typed} `)
}

async function lastCall(page: Page): Promise<{ name: string; arguments: Record<string, unknown> }> {
  const current = await api<{ calls: { name: string; arguments: Record<string, unknown> }[] } | null>(page, 'return api.current()')
  const call = current?.calls.at(-1)
  if (!call) throw new Error('no call recorded')
  return call
}

test('every list parameter of the execution tools: a typed value left in its box is in the submitted call', async ({ page }) => {
  const schemas = await page.request.get('data/tools.json').then((r) => r.json() as Promise<{ function: { name: string; parameters: { properties: Record<string, { type?: string }> } } }[]>)
  // The cases cover every list parameter the sample's tools have, no more and no fewer.
  const listParams = schemas.flatMap((s) =>
    Object.entries(s.function.parameters.properties)
      .filter(([, p]) => p.type === 'array')
      .map(([name]) => `${s.function.name}.${name}`),
  )
  const covered = CASES.flatMap((c) => [...Object.keys(c.lists), ...Object.keys(c.days ?? {})].map((name) => `${c.tool}.${name}`))
  expect(covered.sort()).toEqual(listParams.sort())

  await openTask(page, '偏好1')
  for (const c of CASES) {
    await page.keyboard.press('Escape')
    await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
    await openApp(page, c.app)
    const form = await startAction(page, c.button)
    for (const [param, value] of Object.entries(c.text)) await fillText(form, param, value)
    for (const [param, label] of Object.entries(c.choices ?? {})) await choose(form, param, label)
    for (const [param, { added, typed }] of Object.entries(c.lists)) await typeList(form, param, added, typed)
    for (const [param, { labels }] of Object.entries(c.days ?? {})) await checkDays(form, param, labels)
    await submit(page, form, c.tool)
    const call = await lastCall(page)
    expect(call.name).toBe(c.tool)
    for (const [param, { added, typed }] of Object.entries(c.lists)) expect(call.arguments[param], `${c.tool}.${param}`).toEqual([...added, typed])
    for (const [param, { values }] of Object.entries(c.days ?? {})) expect(call.arguments[param], `${c.tool}.${param}`).toEqual(values)
  }
})

test('a form that is refused keeps the typed value as an item and says what is missing', async ({ page }) => {
  await openTask(page, '偏好1')
  await openApp(page, 'Travel')
  const form = await startAction(page, 'Book trip')
  await fillText(form, 'date', '2026-03-20')
  await typeList(form, 'passenger', [], 'Grace Liu')
  await form.getByRole('button', { name: 'Submit' }).click()
  // What is missing is said at each field (the time among them), with the cursor in the first.
  await expect(form.getByRole('alert')).toHaveText('Not accepted: fix the 5 marked fields.')
  const time = form.locator('input[type="time"]')
  await expect(time).toHaveAttribute('aria-invalid', 'true')
  await expect(time).toHaveAccessibleDescription(/Required$/)
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(5)
  await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused()
  const passengers = form.getByRole('group', { name: 'Passengers', exact: true })
  await expect(passengers.getByRole('listitem')).toHaveText(['Grace Liu'])
  await expect(passengers.getByRole('textbox')).toHaveValue('')
  // Nothing was recorded: the form stays open with what the person typed.
  await expect(panelOf(page).getByRole('region', { name: 'Actions to submit' }).getByRole('listitem')).toHaveCount(0)
  // Looked at: the kept item and the marked field, in English and Chinese, on a phone and a laptop screen.
  for (const lang of ['en', 'zh'] as const) {
    if (lang === 'zh') {
      await resizeTo(page, { width: 1280, height: 720 })
      await chooseLanguage(page, 'zh')
    }
    for (const size of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await resizeTo(page, size)
      await phoneOf(page).getByRole('alert').scrollIntoViewIfNeeded()
      await page.screenshot({ path: test.info().outputPath(`list-kept-${lang}-${size.width}.png`) })
    }
  }
  await expect(phoneOf(page).getByRole('listitem').filter({ hasText: 'Grace Liu' })).toBeVisible()
})
