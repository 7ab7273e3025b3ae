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

test('window.spieval.submit right behind a call it did not wait for scores that call and lists it', async ({ page }) => {
  await page.goto('./')
  const verdict = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('the page has no window.spieval')
    await api.open('推理1', { actor: 'my-agent' })
    const call = api.call('Phone_Call', { telephone: '13822419087' })
    const submitted = api.submit()
    await call
    return submitted
  })
  // The list was taken before the finish waited for the call: it was scored (correct) but not listed.
  expect(verdict).toMatchObject({ id: '推理1', correct: true, calls: [{ name: 'Phone_Call', arguments: { telephone: '13822419087' } }] })
})
