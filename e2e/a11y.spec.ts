import { expect, openTask, phoneOf, seriousViolations, test } from './helpers'

const LANGUAGES = [
  { code: 'en', option: 'English', contacts: 'Contacts', travel: 'Travel', bookTrip: 'Book trip', add: 'Add', passengers: 'Passengers' },
  { code: 'zh', option: '中文', contacts: '联系人', travel: '出行', bookTrip: '预订行程', add: '添加', passengers: '乘客' },
] as const

for (const lang of LANGUAGES) {
  test(`axe finds no serious or critical violations on the home screen, an app list, a record and a form (${lang.code})`, async ({ page }) => {
    test.slow() // four full-page axe runs; slow on a loaded machine
    await openTask(page, '推理1')
    const phone = phoneOf(page)
    if (lang.code !== 'en') {
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: lang.option })
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    }
    const report: Record<string, string[]> = {}

    await expect(phone.getByRole('button', { name: lang.contacts, exact: true })).toBeVisible()
    report.home = await seriousViolations(page)

    await phone.getByRole('button', { name: lang.contacts, exact: true }).click()
    await expect(phone.getByRole('heading', { name: lang.contacts, exact: true })).toBeVisible()
    await expect(phone.getByRole('button', { name: 'Tom Ruiz', exact: true })).toBeVisible()
    report.appList = await seriousViolations(page)

    await phone.getByRole('button', { name: 'Tom Ruiz', exact: true }).click()
    await expect(phone.getByRole('region', { name: 'Tom Ruiz', exact: true })).toBeVisible()
    report.record = await seriousViolations(page)

    // A form with every kind of control: text inputs, a chips input with one chip, a select.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await phone.getByRole('button', { name: lang.travel, exact: true }).click()
    await phone.getByRole('button', { name: lang.bookTrip, exact: true }).click()
    const form = phone.getByRole('region', { name: lang.bookTrip, exact: true })
    await form.getByRole('group', { name: lang.passengers, exact: true }).getByRole('textbox').fill('Daniel Hayes')
    await form.getByRole('group', { name: lang.passengers, exact: true }).getByRole('button', { name: lang.add, exact: true }).click()
    await expect(form.getByRole('listitem').filter({ hasText: 'Daniel Hayes' })).toBeVisible()
    report.form = await seriousViolations(page)

    expect(report).toEqual({ home: [], appList: [], record: [], form: [] })
  })
}
