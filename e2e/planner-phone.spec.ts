import { mkdirSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { api, baseExpect, callTomFromContacts, chooseLanguage, openTask, panelOf, phoneOf, resizeTo, seriousViolations, test } from './helpers'

/**
 * A planner task's apps on the phone, used by a person: the Memory app
 * (search_memory, get_memory, Memory_Update / Memory_Delete), the conversation
 * with the user (Ask_User, the reply), the skills (load_skill, then the
 * skill's action) and the assistants (a Delegate_* handoff from a record).
 * Each tap makes the call an agent would make, and the verdict and the review
 * read them as they read an agent's. The data set is the bundled planner
 * sample with three more memories on memory-5, so that its memory lists two
 * pages at 5 a page.
 */

// Importing a data set and finishing attempts: allow for a busy test machine.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 180_000 })

/** Set PLANNER_SHOTS to a folder to save the planner screens there (en and zh, 390 px and desktop). */
const SHOTS = process.env.PLANNER_SHOTS

const SAMPLE = 'public/data-planner'
const EXTRA_MEMORIES = [
  { id: 'mem_101', text: 'Prefers window seats on short flights.', tags: ['travel'], kind: 'preference', date: '2025-11-02', source: 'chat' },
  { id: 'mem_102', text: 'Owen plays football on Saturday mornings.', tags: ['owen', 'sport'], kind: 'fact', date: '2025-12-06', source: 'chat' },
  { id: 'mem_103', text: 'Claire takes the car on Tuesdays.', tags: ['claire', 'car'], kind: 'fact', date: '2026-01-13', source: 'calendar' },
]

/** The planner sample's files, memory-5 with the extra memories. */
function plannerFiles(): Record<string, string> {
  const files = Object.fromEntries(readdirSync(SAMPLE).map((f) => [f, readFileSync(join(SAMPLE, f), 'utf8')]))
  const records = JSON.parse(files['records_db.json'] ?? '{}') as Record<string, { memory?: unknown[] }>
  const task = records['memory-5']
  if (!task?.memory) throw new Error('the planner sample has no memory on memory-5')
  task.memory.push(...EXTRA_MEMORIES)
  return { ...files, 'records_db.json': JSON.stringify(records) }
}

/** The page with the planner data set active, new attempts searching 5 a page. */
async function loadPlanner(page: Page): Promise<void> {
  await page.goto('./')
  await expect(phoneOf(page).getByRole('button', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 40_000 })
  await page.getByRole('combobox', { name: 'Access' }).selectOption('paginated')
  // The sample's task open on the phone keeps its setting; new attempts (the planner tasks') search 5 a page.
  const change = page.getByRole('dialog', { name: 'Change the access setting?' })
  await change.getByRole('button', { name: 'Keep this attempt; “Search, 5 a page” for later ones' }).click()
  await expect(change).toBeHidden()
  await api(page, `return api.importDataset(${JSON.stringify(plannerFiles())}, 'Planner e2e')`)
  await expect(page.getByRole('banner')).toContainText('Planner e2e (24)')
}

/** The attempt's calls as the page stores them: name and arguments. */
async function calls(page: Page): Promise<{ name: string; arguments: unknown }[]> {
  const current = await api<{ calls: { name: string; arguments: unknown }[] } | null>(page, 'return api.current()')
  return (current?.calls ?? []).map((c) => ({ name: c.name, arguments: c.arguments }))
}

/** Waits until the trajectory holds this call. */
async function inTrajectory(page: Page, call: string): Promise<void> {
  await expect(panelOf(page).getByRole('region', { name: 'Trajectory' }).getByText(call, { exact: true })).toBeVisible()
}

/** Finish and check (through the confirmation, when the page asks), and the verdict. */
async function finish(page: Page): Promise<Locator> {
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  const confirm = page.getByRole('dialog', { name: 'Finish this attempt?' })
  const review = panelOf(page).getByRole('region', { name: 'Review' })
  await expect(confirm.or(review)).toBeVisible()
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Finish anyway' }).click()
  await expect(review).toBeVisible()
  return review
}

async function noSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page, '.phone')).toEqual([])
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}.png`) })
}

test('memory: search in pages, open, edit and delete make the tools’ calls; the verdict and the review read them', async ({ page }) => {
  await loadPlanner(page)
  const phone = await openTask(page, 'memory-5')
  await phone.getByRole('button', { name: 'Memory', exact: true }).click()
  const app = phone.getByRole('region', { name: 'Memory', exact: true })
  // Before any search: the pinned memory (an agent has it in its prompt), and nothing called.
  const cards = app.getByRole('list').getByRole('button')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('Pinned')
  await expect(cards.first()).toContainText('mem_002')
  expect(await calls(page)).toEqual([])
  await noSeriousViolations(page)

  // An empty search lists every memory, 5 a page; the pager asks for the next page.
  const box = app.getByRole('searchbox', { name: 'Search memory' })
  await box.press('Enter')
  await inTrajectory(page, 'search_memory({})')
  await expect(app.getByRole('status')).toContainText('8 results')
  await expect(app.getByRole('status')).toContainText('Page 1 of 2')
  await expect(cards).toHaveCount(5)
  await expect(cards.first()).toContainText('Pinned')
  await shot(page, 'memory-search-en-desktop')
  await app.getByRole('button', { name: 'Next page' }).click()
  await inTrajectory(page, 'search_memory({"page":2})')
  await expect(cards).toHaveCount(3)
  await expect(app.getByText('Claire takes the car on Tuesdays.')).toBeVisible()

  // Words, then a regular expression with a kind, behind the options.
  await box.fill('allergy')
  await box.press('Enter')
  await inTrajectory(page, 'search_memory({"query":"allergy"})')
  await expect(cards).toHaveCount(2)
  await app.getByRole('button', { name: 'Search options' }).click()
  await app.getByRole('combobox', { name: 'Mode' }).selectOption('regex')
  await app.getByRole('combobox', { name: 'Kind' }).selectOption('fact')
  await box.fill('peanut.*severe')
  await box.press('Enter')
  await inTrajectory(page, 'search_memory({"query":"peanut.*severe","mode":"regex","kind":"fact"})')
  await expect(cards).toHaveCount(1)

  // Opening a card is get_memory; its detail offers the memory's own actions.
  await cards.first().click()
  await inTrajectory(page, 'get_memory({"id":"mem_012"})')
  const detail = phone.getByRole('region', { name: 'mem_012', exact: true })
  await expect(detail).toContainText('No traces at all; she carries an EpiPen.')
  await noSeriousViolations(page)
  await detail.getByRole('button', { name: 'Edit memory' }).click()
  const edit = phone.getByRole('region', { name: 'Edit memory', exact: true })
  await expect(edit.getByRole('textbox', { name: 'Memory ID' })).toHaveValue('mem_012')
  await edit.getByRole('checkbox', { name: 'Pinned' }).check()
  await edit.getByRole('button', { name: 'Submit' }).click()
  const pending = panelOf(page).getByRole('region', { name: 'Actions to submit' }).getByRole('listitem')
  await expect(pending).toHaveCount(1)
  await expect(pending.first()).toContainText('Memory_Update({"id":"mem_012","pinned":true})')
  // Back in the app, the edited memory is marked, as the other apps mark a live change.
  await expect(app.getByRole('button', { name: /mem_012/ })).toContainText('Edited')

  // The options were closed with the screen; the bar kept its values.
  await box.fill('mild')
  await app.getByRole('button', { name: 'Search options' }).click()
  await app.getByRole('combobox', { name: 'Mode' }).selectOption('fixed')
  await app.getByRole('combobox', { name: 'Kind' }).selectOption('')
  await box.press('Enter')
  await inTrajectory(page, 'search_memory({"query":"mild"})')
  await app.getByRole('button', { name: /mem_006/ }).click()
  await phone.getByRole('region', { name: 'mem_006', exact: true }).getByRole('button', { name: 'Delete memory' }).click()
  await phone.getByRole('region', { name: 'Delete memory', exact: true }).getByRole('button', { name: 'Submit' }).click()
  await expect(pending).toHaveCount(2)
  await expect(app.getByRole('button', { name: 'Show the 1 deleted records of Memory' })).toBeVisible()
  await expect(app.getByRole('button', { name: /mem_006/ })).toContainText('Deleted')

  expect(await calls(page)).toEqual([
    { name: 'search_memory', arguments: {} },
    { name: 'search_memory', arguments: { page: 2 } },
    { name: 'search_memory', arguments: { query: 'allergy' } },
    { name: 'search_memory', arguments: { query: 'peanut.*severe', mode: 'regex', kind: 'fact' } },
    { name: 'get_memory', arguments: { id: 'mem_012' } },
    { name: 'Memory_Update', arguments: { id: 'mem_012', pinned: true } },
    { name: 'search_memory', arguments: { query: 'mild' } },
    { name: 'get_memory', arguments: { id: 'mem_006' } },
    { name: 'Memory_Delete', arguments: { id: 'mem_006' } },
  ])
  const review = await finish(page)
  await expect(review.getByRole('status').first()).toHaveText('Correct')
  await expect(review.locator('.memory-lines.used')).toContainText('mem_012')
  await expect(review.locator('.memory-lines.used')).toContainText('peanut allergy is severe')
  await expect(review.getByText('Required memories not used:')).toBeVisible()
  await expect(review.locator('.memory-lines.missing')).toHaveCount(0)
  await review.scrollIntoViewIfNeeded()
  await shot(page, 'review-memory-en-desktop')
})

test('memory: a memory added in a live attempt is listed at once, marked new, with the id the tool gave it', async ({ page }) => {
  await loadPlanner(page)
  const phone = await openTask(page, 'memory-4')
  await phone.getByRole('button', { name: 'Memory', exact: true }).click()
  const app = phone.getByRole('region', { name: 'Memory', exact: true })
  await app.getByRole('button', { name: 'Add memory' }).click()
  const form = phone.getByRole('region', { name: 'Add memory', exact: true })
  await form.getByRole('textbox', { name: 'Memory', exact: true }).fill('Cancelled the FitZone membership in March 2026.')
  await form.getByRole('combobox', { name: 'Kind', exact: true }).selectOption('fact')
  const tags = form.getByRole('group', { name: 'Tags', exact: true })
  await tags.getByRole('textbox').fill('gym')
  await tags.getByRole('button', { name: 'Add', exact: true }).click()
  await form.getByRole('button', { name: 'Submit' }).click()
  const card = app.getByRole('button', { name: /Cancelled the FitZone membership/ })
  await expect(card).toContainText('New')
  await expect(card).toContainText('#gym')
  await expect(card).toContainText('from assistant')
  await expect(card).toContainText(/mem_\w+/)
  expect(await calls(page)).toEqual([{ name: 'Memory_Add', arguments: { text: 'Cancelled the FitZone membership in March 2026.', kind: 'fact', tags: ['gym'] } }])
})

test('memory: a required memory never read is named in the review', async ({ page }) => {
  await loadPlanner(page)
  await openTask(page, 'memory-1')
  const review = await finish(page)
  await expect(review.getByRole('status').first()).toHaveText('Wrong: a required memory not read before the last action')
  await expect(review.locator('.memory-lines.missing')).toContainText('mem_011')
  await expect(review.locator('.memory-lines.missing')).toContainText('Kimpton Cottonwood')
  await expect(review.getByText('Memories used:')).toBeVisible()
  await chooseLanguage(page, 'zh')
  const reviewZh = page.getByRole('region', { name: '复核' })
  await expect(reviewZh.getByText('未用到的必需记忆：')).toBeVisible()
  await expect(reviewZh.locator('.memory-lines.used')).toHaveCount(0)
  await expect(reviewZh.getByText('用到的记忆：')).toBeVisible()
})

test('the user: a question gets the scripted answer, and the final reply is part of the attempt', async ({ page }) => {
  await loadPlanner(page)
  const phone = await openTask(page, 'basic-6')
  await phone.getByRole('button', { name: 'Message the user' }).click()
  const sheet = phone.getByRole('region', { name: 'Message the user' })
  await expect(sheet.getByText('Nothing said yet.', { exact: false })).toBeVisible()
  const ask = sheet.getByRole('form', { name: 'Ask the user' })
  await ask.getByRole('button', { name: 'Ask' }).click()
  await expect(ask.getByRole('alert')).toHaveText('Write the question first.')
  await ask.getByRole('textbox', { name: 'Question' }).fill('Which Tom: Tom Becker (plumber) or Tom Ruiz (colleague)?')
  await ask.getByRole('textbox', { name: /^Choices/ }).fill('Tom Becker\nTom Ruiz')
  await ask.getByRole('button', { name: 'Ask' }).click()
  const chat = sheet.getByRole('list', { name: 'Conversation with the user' })
  await expect(chat).toContainText('You asked')
  await expect(chat).toContainText('Choices: Tom Becker · Tom Ruiz')
  await expect(chat.locator('.chat-bubble.in')).toContainText('The user answered')
  await expect(chat.locator('.chat-bubble.in')).toContainText('Tom Becker, the plumber, about the water heater.')
  await inTrajectory(page, 'Ask_User({"question":"Which Tom: Tom Becker (plumber) or Tom Ruiz (colleague)?","options":["Tom Becker","Tom Ruiz"]})')
  await noSeriousViolations(page)
  await shot(page, 'user-asked-en-desktop')

  await phone.getByRole('button', { name: 'Back to the home screen' }).click()
  await callTomFromContacts(page, 'Tom Becker')
  await phone.getByRole('button', { name: 'Message the user' }).click()
  const reply = sheet.getByRole('form', { name: 'Reply to the user' })
  await reply.getByRole('textbox', { name: 'Your reply' }).fill('I am calling Tom Becker about the water heater now.')
  await reply.getByRole('button', { name: 'Send reply' }).click()
  await expect(chat.locator('.chat-bubble.final')).toContainText('I am calling Tom Becker about the water heater now.')
  await expect(panelOf(page).getByRole('region', { name: 'Trajectory' })).toContainText('Said to the user:')

  const review = await finish(page)
  await expect(review.getByRole('status').first()).toHaveText('Correct')
  expect((await calls(page)).map((c) => c.name)).toEqual(['Ask_User', 'search_contacts', 'Phone_Call', 'reply'])
})

test('skills: an action appears only once its skill is loaded, and the loaded skill counts', async ({ page }) => {
  await loadPlanner(page)
  const phone = await openTask(page, 'skill-1')
  await expect(phone.getByRole('button', { name: 'Expense submit' })).toHaveCount(0)
  await phone.getByRole('button', { name: 'Skills', exact: true }).click()
  const drawer = phone.getByRole('region', { name: 'Skills' })
  const skill = drawer.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Expense filing/ }) })
  await expect(skill).toContainText('Claim back work costs')
  await skill.locator('summary').click()
  await expect(skill.getByText('# Filing expenses at Maple Ridge Foods', { exact: false })).toBeVisible()
  await noSeriousViolations(page)
  await skill.getByRole('button', { name: 'Load the skill Expense filing' }).click()
  await expect(skill).toContainText('Loaded')
  await inTrajectory(page, 'load_skill({"name":"expense-filing"})')
  await shot(page, 'skills-en-desktop')

  // The skill's action is offered now: on the home screen (no app takes it) and in the drawer.
  await phone.getByRole('button', { name: 'Back to the home screen' }).click()
  await expect(phone.getByRole('navigation', { name: 'Other actions' }).getByRole('button', { name: 'Expense submit' })).toBeVisible()
  await phone.getByRole('button', { name: 'Skills', exact: true }).click()
  await skill.getByRole('group', { name: 'Its actions' }).getByRole('button', { name: 'Expense submit' }).click()
  const form = phone.getByRole('region', { name: 'Expense submit', exact: true })
  await form.getByRole('spinbutton', { name: 'Amount', exact: true }).fill('86.4')
  await form.getByRole('textbox', { name: 'merchant', exact: true }).fill('Lotus Garden')
  await form.getByRole('textbox', { name: 'Date', exact: true }).fill('2026-03-12')
  await form.getByRole('combobox', { name: 'category', exact: true }).selectOption('meals')
  await form.getByRole('textbox', { name: 'purpose', exact: true }).fill('Q2 pricing lunch with Sunfield Farms')
  const attendees = form.getByRole('group', { name: 'attendees', exact: true })
  for (const name of ['Victor Lam', 'Julia Park']) {
    await attendees.getByRole('textbox').fill(name)
    await attendees.getByRole('button', { name: 'Add', exact: true }).click()
  }
  await form.getByRole('button', { name: 'Submit' }).click()
  await expect(panelOf(page).getByRole('region', { name: 'Actions to submit' }).getByRole('listitem')).toContainText('Expense_Submit')
  const review = await finish(page)
  await expect(review.getByRole('status').first()).toHaveText('Correct')
  await expect(review.getByText('Skills loaded: expense-filing')).toBeVisible()
})

test('assistants: a handoff from a record is filled in from it, and the agent’s answer arrives as a notification', async ({ page }) => {
  await loadPlanner(page)
  const phone = await openTask(page, 'subagent-2')
  // The Assistants app: each agent's card.
  await phone.getByRole('button', { name: 'Assistants', exact: true }).click()
  const cards = phone.getByRole('region', { name: 'Assistants' }).getByRole('listitem')
  await expect(cards.filter({ hasText: 'Finance desk' })).toContainText('Company card disputes')
  await expect(cards.filter({ hasText: 'IT helpdesk' })).toContainText('Devices and connections')
  await noSeriousViolations(page)
  await shot(page, 'assistants-en-desktop')

  // Delegate… on the charge itself.
  await phone.getByRole('button', { name: 'Back to the home screen' }).click()
  await phone.getByRole('button', { name: 'Wallet', exact: true }).click()
  const search = phone.getByRole('searchbox', { name: 'Search Wallet' })
  await search.fill('Grove')
  await search.press('Enter')
  await phone.getByRole('button', { name: /Grove Hotel Boise/ }).first().click()
  await phone.getByRole('button', { name: 'Delegate…' }).click()
  await expect(phone.getByText('Choose who takes it')).toBeVisible()
  await phone.getByRole('button', { name: 'Delegate to Finance desk' }).click()
  const form = phone.getByRole('region', { name: 'Delegate finance', exact: true })
  // The amount comes from the charge (金额, "Amount"); the rest is the person's to write.
  await expect(form.getByRole('spinbutton', { name: 'Amount', exact: true })).toHaveValue('412')
  await expect(phone.getByText('Filled in from “The Grove Hotel Boise – booking BK-77812” where the fields match.')).toBeVisible()
  await form.getByRole('textbox', { name: 'request', exact: true }).fill('The Grove Hotel charged the company card twice for booking BK-77812: refund the duplicate.')
  await form.getByRole('textbox', { name: 'reference', exact: true }).fill('BK-77812')
  await form.getByRole('textbox', { name: 'vendor', exact: true }).fill('The Grove Hotel')
  await form.getByRole('button', { name: 'Submit' }).click()
  const notice = phone.getByRole('status').filter({ hasText: 'Finance desk replied' })
  await expect(notice).toContainText('Reference: BK-77812. Amount: 412.')
  await shot(page, 'notice-en-desktop')
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(phone.getByText('Finance desk replied')).toHaveCount(0)

  const review = await finish(page)
  await expect(review.getByRole('status').first()).toHaveText('Correct')
  expect((await calls(page)).map((c) => c.name)).toEqual(['search_transaction', 'Delegate_Finance'])
})

test('the planner screens in Chinese and on a phone-sized screen, without serious accessibility violations', async ({ page }) => {
  await loadPlanner(page)
  const phone = await openTask(page, 'memory-5')
  for (const language of ['en', 'zh'] as const) {
    if (language === 'zh') {
      // The language control is in the top bar at desktop width (in a menu on a phone).
      await resizeTo(page, { width: 1280, height: 900 })
      await chooseLanguage(page, 'zh')
    }
    const zh = language === 'zh'
    for (const size of [
      { width: 1280, height: 900, name: 'desktop' },
      { width: 390, height: 844, name: '390' },
    ]) {
      await resizeTo(page, size)
      const home = zh ? '返回主屏幕' : 'Back to the home screen'
      await phone.getByRole('button', { name: zh ? '记忆' : 'Memory', exact: true }).click()
      await expect(phone.getByRole('searchbox', { name: zh ? '搜索记忆' : 'Search memory' })).toBeVisible()
      await expect(phone.getByText(zh ? '置顶的记忆随时可见' : 'Pinned memories are always at hand', { exact: false })).toBeVisible()
      await noSeriousViolations(page)
      await shot(page, `memory-${language}-${size.name}`)
      await phone.getByRole('button', { name: home }).click()
      for (const [icon, title] of [
        [zh ? '技能' : 'Skills', zh ? '技能' : 'Skills'],
        [zh ? '助理' : 'Assistants', zh ? '助理' : 'Assistants'],
      ] as const) {
        await phone.getByRole('button', { name: icon, exact: true }).click()
        await expect(phone.getByRole('heading', { name: title, exact: true })).toBeVisible()
        await noSeriousViolations(page)
        await shot(page, `${icon === 'Skills' || icon === '技能' ? 'skills' : 'assistants'}-${language}-${size.name}`)
        await phone.getByRole('button', { name: home }).click()
      }
      await phone.getByRole('button', { name: zh ? '给用户发消息' : 'Message the user' }).click()
      await expect(phone.getByRole('form', { name: zh ? '回复用户' : 'Reply to the user' })).toBeVisible()
      await noSeriousViolations(page)
      await shot(page, `user-${language}-${size.name}`)
      await phone.getByRole('button', { name: home }).click()
    }
  }
})
