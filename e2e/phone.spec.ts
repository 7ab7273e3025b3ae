import { join } from 'node:path'
import { readDatasetFolder } from '../cli/files'
import { TaskHost, loadDataset } from '../src/core/index'
import { baseExpect as expect, test } from './helpers'

const SAMPLE_DIR = join(import.meta.dirname, '..', 'public/data')

test('a person solves 推理1 on the phone, and the verdict is correct', async ({ page }) => {
  await page.goto('./#/task/推理1')
  await expect(page.getByText('“Call whoever is covering for my manager”')).toBeVisible()
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })
  await phone.getByRole('button', { name: 'Contacts' }).click()
  // The app's back chevron and the home indicator both go home, but they are two controls with two names.
  await expect(phone.getByRole('button', { name: 'Back to the home screen' })).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Home', exact: true })).toHaveCount(1)
  await phone.getByRole('searchbox', { name: 'Search Contacts' }).fill('Tom')
  await phone.getByRole('searchbox', { name: 'Search Contacts' }).press('Enter')
  await expect(phone.getByRole('status')).toContainText('2 results')
  await phone.getByRole('button', { name: 'Tom Ruiz' }).click()
  await expect(phone.getByText('Finance, budget controller')).toBeVisible()
  await phone.getByRole('button', { name: 'Voice call' }).click()
  await phone.getByRole('button', { name: 'Submit' }).click()
  await expect(phone.getByText('New', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Finish and check' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Correct' })).toBeVisible()
})

test('the home indicator puts a search of the whole phone away, as a phone’s does', async ({ page }) => {
  await page.goto('./#/task/推理1')
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })
  const box = phone.getByRole('searchbox', { name: 'Search the phone' })
  await box.fill('RideNow')
  await box.press('Enter')
  await expect(phone.getByRole('status')).toContainText('results')
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeHidden()
  await phone.getByRole('button', { name: 'Home', exact: true }).click()
  await expect(phone.getByRole('button', { name: 'Contacts', exact: true })).toBeVisible()
  await expect(box).toHaveValue('')
})

test('window.spieval solves a task through the same runtime, and a wrong answer gets its error type', async ({ page }) => {
  await page.goto('./')
  const first = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    const opened = await api.open('推理1', { setting: 'paginated', actor: 'bot' })
    const search = await api.call('search_contacts', { pattern: 'Finance' })
    return { opened, search }
  })
  // The API's search shows on the phone: its app opens with the hits highlighted.
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })
  await expect(phone.getByRole('heading', { name: 'Contacts' })).toBeVisible()
  await expect(phone.locator('mark', { hasText: 'Finance' })).toBeVisible()
  const rest = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    const bad = await api.call('Phone_Call', { telephone: 13822419087 })
    const call = await api.call('Phone_Call', '{"telephone": "13822419087"}')
    const current = await api.current()
    const verdict = await api.submit()
    await api.open('推理1')
    await api.call('Phone_Call', { telephone: '13655208731' })
    const wrong = await api.submit()
    return { bad, call, current, verdict, wrong }
  })
  const result = { ...first, ...rest }
  expect(result.opened.systemPrompt).toContain('Daniel Hayes')
  // The page's host answers what the Node host (MCP, npm run agent) answers: one prompt, one tool list, one verdict shape.
  const node = new TaskHost(loadDataset(readDatasetFolder(SAMPLE_DIR)).dataset)
  const nodeOpened = await node.open('推理1', 'paginated', { actor: 'bot' })
  expect({ ...result.opened, attemptId: '' }).toEqual({ ...nodeOpened, attemptId: '' })
  await node.call('search_contacts', { pattern: 'Finance' }, 'agent')
  await node.call('Phone_Call', { telephone: '13822419087' }, 'agent')
  expect(result.verdict).toEqual(await node.submit())
  expect(result.opened.tools).toHaveLength(21)
  expect(result.search.content).toContain('Tom Ruiz')
  expect(result.bad).toMatchObject({ ok: false })
  expect(result.bad.content).toContain('expected string, got number')
  expect(result.call.ok).toBe(true)
  expect(result.current?.calls.map((c) => [c.name, c.source, c.ok])).toEqual([
    ['search_contacts', 'api', true],
    ['Phone_Call', 'api', false],
    ['Phone_Call', 'api', true],
  ])
  expect(result.verdict).toMatchObject({ id: '推理1', correct: true, errorType: null })
  expect(result.wrong).toMatchObject({ correct: false, errorType: 'wrong_value' })
})

test('an invalid form says at the field what the runtime refused, and records nothing', async ({ page }) => {
  await page.goto('./#/task/推理1/app/contacts/action/Contacts_Create')
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })
  await phone.getByRole('textbox', { name: /^Name/ }).fill('Someone')
  await phone.getByRole('button', { name: 'Submit' }).click()
  await expect(phone.getByRole('alert')).toHaveText('Not accepted: fix the marked field.')
  // The field to fix is marked, named in words, and has the focus; no parameter name or JSON is shown.
  const number = phone.getByRole('textbox', { name: /^Phone number/ })
  await expect(number).toHaveAttribute('aria-invalid', 'true')
  await expect(number).toHaveAccessibleDescription(/Required$/)
  await expect(number).toBeFocused()
  await expect(phone.getByText('Missing required parameter')).toHaveCount(0)
  await expect(page.getByText('No calls yet.')).toBeVisible()
  await number.fill('13800000000')
  await expect(number).not.toHaveAttribute('aria-invalid')
  await expect(phone.getByRole('alert')).toHaveCount(0)
})

test.describe('a fresh browser, with no annotator named yet', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('a program’s open does not ask a person for a name: the dialog gives way', async ({ page }) => {
    await page.goto('./')
    const dialog = page.getByRole('dialog', { name: 'Who is solving?' })
    await expect(dialog).toBeVisible({ timeout: 40_000 })
    const opened = await page.evaluate(async () => {
      const api = window.spieval
      if (!api) throw new Error('no window.spieval')
      const task = await api.open('推理1', { actor: 'bot' })
      await api.call('search_contacts', { pattern: 'Tom' })
      return task.id
    })
    expect(opened).toBe('推理1')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // The search shows on the phone, with nothing over it.
    await expect(page.getByRole('region', { name: 'SPIEval Phone' }).getByRole('heading', { name: 'Contacts' })).toBeVisible()
  })

  test.describe('in a Chinese browser', () => {
    test.use({ locale: 'zh-CN' })

    test('the page speaks Chinese from the first visit, and keeps a language chosen later', async ({ page }) => {
      await page.goto('./')
      await expect(page.getByRole('dialog', { name: '谁在作答？' })).toBeVisible({ timeout: 40_000 })
      await expect(page.getByRole('combobox', { name: '语言' })).toHaveValue('zh')
      await page.getByRole('combobox', { name: '语言' }).selectOption('en')
      await page.reload()
      await expect(page.getByRole('dialog', { name: 'Who is solving?' })).toBeVisible({ timeout: 40_000 })
    })
  })
})

test('stored enum values are shown by their labels in English, in lists and in a record (never in what is submitted)', async ({ page }) => {
  await page.goto('./#/task/推理1')
  const phone = page.getByRole('region', { name: 'SPIEval Phone' })
  await phone.getByRole('button', { name: 'Calendar', exact: true }).click()
  const row = phone.getByRole('button', { name: /Owen – football practice/ })
  await expect(row).toContainText('30 minutes before')
  await expect(row).toContainText('Does not repeat')
  await expect(row).not.toContainText('30分钟前')
  await row.click()
  const detail = phone.getByRole('region', { name: 'Owen – football practice' })
  await expect(detail).toContainText('30 minutes before')
  await expect(detail).not.toContainText('分钟前')
  // In Chinese the stored value is its own label.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
  await expect(page.getByRole('region', { name: 'Owen – football practice' })).toContainText('30分钟前')
})
