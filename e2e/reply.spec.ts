// The assistant's reply to the user through window.spieval (#28), as an outside program gives it: kept with the attempt, shown in the trajectory, never scored.
import { join } from 'node:path'
import { chooseLanguage, expect, test } from './helpers'

/** Set REPLY_SHOTS to a folder to save the trajectory with its reply, in English and in Chinese. */
const SHOTS = process.env.REPLY_SHOTS

test('window.spieval.reply keeps the message with the attempt: the trajectory says it, in English and Chinese, and the verdict is the calls’', async ({ page }) => {
  await page.goto('./')
  await page.waitForFunction(() => window.spieval !== undefined)
  const said = 'I am calling Tom Ruiz in finance now.'
  await page.evaluate(async (text) => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    await api.open('推理1', { setting: 'paginated', actor: 'my-agent' })
    await api.call('Phone_Call', { telephone: '13822419087' })
    await api.reply(text)
  }, said)
  const reply = page.getByText(said)
  await expect(reply).toBeVisible()
  await expect(page.getByText('Said to the user:')).toBeVisible()
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'reply-en.png') })
  await chooseLanguage(page, 'zh')
  await expect(page.getByText('对用户说：')).toBeVisible()
  await expect(reply).toBeVisible()
  await reply.scrollIntoViewIfNeeded()
  if (SHOTS) await page.screenshot({ path: join(SHOTS, 'reply-zh.png') })

  const { verdict, steps, refused } = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('no window.spieval')
    const steps = (await api.current())?.calls.map((c) => c.name) ?? []
    const verdict = await api.submit()
    // A reply after submit belongs to no attempt.
    const refused = await api.reply('too late').then(
      () => '',
      (err: unknown) => String(err),
    )
    return { verdict, steps, refused }
  })
  expect(steps).toEqual(['Phone_Call', 'reply'])
  expect(verdict).toMatchObject({ correct: true, errorType: null })
  expect(verdict.calls.map((c) => c.name)).toEqual(['Phone_Call'])
  expect(refused).not.toBe('')
})
