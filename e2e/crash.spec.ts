import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callTomFromContacts, chromium, expect, goHome, openApp, panelOf, phoneOf, searchIn, test } from './helpers'
import type { Browser, Page } from '@playwright/test'
import { chromiumLaunch } from '../playwright.config'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Chromium as its own process on a profile folder, so that the test can kill it like a crash. */
async function launch(profile: string): Promise<{ process: ChildProcess; browser: Browser }> {
  const port = await freePort()
  const child = spawn(chromiumLaunch.executablePath, [...chromiumLaunch.args, '--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
    // Its own process group, so that a kill takes Chromium's helper processes too, as a crash would.
    detached: true,
  })
  const endpoint = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${endpoint}/json/version`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { process: child, browser: await chromium.connectOverCDP(endpoint) }
}

/** SIGKILL to Chromium's whole process group; resolves when the main process is gone. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = new Promise((r) => child.once('exit', r))
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    child.kill('SIGKILL')
  }
  await exited
}

async function newPage(browser: Browser): Promise<Page> {
  const context = browser.contexts()[0] ?? (await browser.newContext())
  const page = await context.newPage()
  await page.setViewportSize({ width: 1280, height: 960 })
  page.setDefaultTimeout(30_000)
  return page
}

async function snapshot(page: Page) {
  const panel = panelOf(page)
  return {
    trajectory: await panel.getByRole('region', { name: 'Trajectory' }).getByRole('listitem').allInnerTexts(),
    pending: await panel.getByRole('region', { name: 'Actions to submit' }).getByRole('listitem').allInnerTexts(),
    calls: await page.evaluate(async () => (await window.spieval?.current())?.calls),
  }
}

test('a crash mid-attempt: the browser is killed, and on reopening the attempt resumes exactly', async ({ baseURL }) => {
  test.setTimeout(180_000)
  const profile = mkdtempSync(join(tmpdir(), 'spieval-crash-'))
  let run = await launch(profile)
  try {
    let page = await newPage(run.browser)
    await page.goto(`${baseURL}#/task/${encodeURIComponent('推理1')}`)
    // A fresh profile: the page asks for the annotator's name once.
    const dialog = page.getByRole('dialog', { name: 'Who is solving?' })
    await dialog.getByRole('textbox', { name: 'Your name' }).fill('Crash Tester')
    await dialog.getByRole('button', { name: 'Start' }).click()
    await expect(dialog).toBeHidden()
    // The first visit imports the sample before it opens the task, which can take long under load: wait for the task,
    // as a person waits for the panel. (A tap during the open itself waits on its own: a shield covers the phone's screen meanwhile.)
    await expect(panelOf(page).getByRole('combobox', { name: 'Task' })).toHaveValue('推理1', { timeout: 40_000 })
    await callTomFromContacts(page, 'Tom Ruiz')
    await goHome(page)
    await openApp(page, 'Contacts')
    await searchIn(page, 'Contacts', 'Rachel')
    await phoneOf(page).getByRole('button', { name: 'Rachel Kim' }).click()
    await expect(phoneOf(page).getByRole('region', { name: 'Rachel Kim' })).toBeVisible()
    // Past the 5-second checkpoint of the timer.
    await page.waitForTimeout(6_500)
    const before = await snapshot(page)
    const timeBefore = await panelOf(page).getByRole('time').textContent()
    expect(before.calls).toHaveLength(3)

    await kill(run.process)
    run = await launch(profile)
    page = await newPage(run.browser)
    await page.goto(`${baseURL}#/task/${encodeURIComponent('推理1')}`)
    await expect(page.getByRole('button', { name: 'Change annotator (now Crash Tester)' })).toBeVisible({ timeout: 40_000 })
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // The screen: Rachel Kim's card in Contacts, with the last search's results kept.
    await expect(phoneOf(page).getByRole('region', { name: 'Rachel Kim' })).toBeVisible()
    await expect(panelOf(page).getByRole('region', { name: 'Trajectory' }).getByRole('listitem')).toHaveCount(3)
    expect(await snapshot(page)).toEqual(before)
    // The timer goes on from the time stored at the last checkpoint (it is written every 5 s and with every call).
    const seconds = (text: string | null) => Number(text?.split(':')[0]) * 60 + Number(text?.split(':')[1])
    expect(seconds(await panelOf(page).getByRole('time').textContent())).toBeGreaterThanOrEqual(seconds(timeBefore) - 5)
    await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
    await expect(panelOf(page).getByRole('region', { name: 'Review' }).getByRole('status')).toHaveText('Correct')
  } finally {
    await run.browser.close().catch(() => undefined)
    await kill(run.process)
    // Best effort: a leftover temporary profile must not hide the test's own result.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
    } catch {
      // left in the temporary folder
    }
  }
})
