// The README's window.spieval example, kept here so that it always runs.
import { baseExpect as expect, test } from './helpers'

test('README example: an agent solves a task through window.spieval', async ({ page }) => {
  await page.goto('./') // the phone, with the sample data set
  const verdict = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('the page has no window.spieval')
    const task = await api.open('辨析2', { setting: 'paginated', actor: 'my-agent' })
    console.log(task.instruction, task.systemPrompt.length, task.tools.length)
    await api.call('search_contacts', { pattern: 'landlord' }) // what a model would call
    await api.call('search_sms', { pattern: 'Harold' })
    await api.call('Phone_Call', { telephone: '13800990011' })
    return api.submit() // { id, correct, errorType, calls, mismatches }
  })
  expect(verdict, JSON.stringify(verdict)).toMatchObject({ correct: true })
})
