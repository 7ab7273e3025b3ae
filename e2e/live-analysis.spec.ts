// The Analysis view on live attempts: task, calls and state accuracy, the tasks where the calls and the state disagree, accuracy against the failure rate.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { api, expect, test, axeResults } from './helpers'

test.describe.configure({ timeout: 240_000 })

/** Set LIVE_ANALYSIS_SHOTS to a folder to save screenshots of the live sections there, in English and in Chinese. */
const SHOTS = process.env.LIVE_ANALYSIS_SHOTS

const DATA = join(import.meta.dirname, '..', 'public', 'data')
const read = (name: string) => readFileSync(join(DATA, name), 'utf8')

const ALARMS = [
  { 时间: '06:30:00', 闹钟名: 'Gym', 重复: 'Mon, Wed, Fri', 状态: 'On' },
  { 时间: '18:30:00', 闹钟名: 'Gym', 重复: 'Tue, Thu', 状态: 'On' },
  { 时间: '07:15:00', 闹钟名: 'Work', 重复: 'Weekdays', 状态: 'On' },
]

/**
 * The sample's tools and profile with an alarm delete tool, and two live
 * tasks. L1's gold accepts either Gym alarm while its expected change is the
 * early one (a fault in the task, on purpose: right calls can leave a wrong
 * state); L2 deletes the Work alarm.
 */
function liveFiles(): Record<string, string> {
  const tools = JSON.parse(read('tools.json')) as unknown[]
  tools.push({
    type: 'function',
    function: {
      name: 'Clock_DeleteAlarm',
      description: 'Delete an alarm, named by its name and time.',
      parameters: { type: 'object', properties: { name: { type: 'string' }, time: { type: 'string', description: 'H:M:S' } }, required: ['name', 'time'] },
      'x-effect': { app: 'alarm', op: 'delete', where: { 闹钟名: 'name', 时间: 'time' } },
    },
  })
  const task = (id: string, type: string, content: string, name: string, times: string[], time: string) => ({
    id,
    type,
    messages: [{ role: 'user', content }],
    prompt_metadata: {
      answer: [{ name: 'Clock_DeleteAlarm', arguments: { name: [name], time: times } }],
      free_params: [[]],
      expected_state: [{ app: 'alarm', op: 'delete', where: { 闹钟名: name, 时间: time } }],
    },
  })
  const tasks = [
    task('L1', '多意图', 'Delete my early gym alarm.', 'Gym', ['06:30:00', '18:30:00'], '06:30:00'),
    task('L2', '推理', 'Delete the work alarm.', 'Work', ['07:15:00'], '07:15:00'),
  ]
  return {
    'input_data.jsonl': tasks.map((t) => JSON.stringify(t)).join('\n') + '\n',
    'records_db.json': JSON.stringify({ L1: { alarm: ALARMS }, L2: { alarm: ALARMS } }),
    'tools.json': JSON.stringify(tools),
    'profile.json': read('profile.json'),
  }
}

const del = (name: string, time: string) => ({ name: 'Clock_DeleteAlarm', arguments: { name, time } })

/**
 * An agent's live runs at failure rates 0, 0.1 and 0.3, three repeats each
 * (a run either deletes the right alarm or submits nothing): 100 %, then
 * 100 / 50 / 100, then 50 / 0 / 50.
 */
function agentLines(): string {
  const solved: Record<string, boolean[][]> = {
    '0': [[true, true], [true, true], [true, true]],
    '0.1': [[true, true], [true, false], [true, true]],
    '0.3': [[true, false], [false, false], [true, false]],
  }
  const lines: unknown[] = []
  for (const [p, runs] of Object.entries(solved))
    runs.forEach((tasks, run) =>
      tasks.forEach((ok, i) =>
        lines.push({
          id: `L${i + 1}`,
          run,
          model: 'agent-x',
          setting: 'paginated',
          state: 'live',
          ...(p === '0' ? {} : { failure_rate: Number(p), seed: 7 }),
          calls: ok ? [i === 0 ? del('Gym', '06:30:00') : del('Work', '07:15:00')] : [],
        }),
      ),
    )
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n'
}

/** Another agent's static runs (two repeats) at failure rates 0, 0.1 and 0.3: 75 ± 25, 50 ± 0, 25 ± 25. */
function staticAgentLines(): string {
  const solved: Record<string, boolean[][]> = {
    '0': [[true, true], [true, false]],
    '0.1': [[true, false], [false, true]],
    '0.3': [[false, false], [true, false]],
  }
  const lines: unknown[] = []
  for (const [p, runs] of Object.entries(solved))
    runs.forEach((tasks, run) =>
      tasks.forEach((ok, i) =>
        lines.push({
          id: `L${i + 1}`,
          run,
          model: 'agent-y',
          ...(p === '0' ? {} : { failure_rate: Number(p), seed: 3 }),
          calls: ok ? [i === 0 ? del('Gym', '06:30:00') : del('Work', '07:15:00')] : [],
        }),
      ),
    )
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n'
}

/**
 * Three people, live: Ann right on both; Bob deletes the late Gym alarm on L1
 * (the calls pass, the state fails) and makes an extra call on L2 (the state
 * passes, the calls fail); Cara right on L1 and absent from L2.
 */
async function threePeople(page: Page): Promise<void> {
  await api(
    page,
    `const solve = async (actor, task, calls) => {
       await api.open(task, { setting: 'full', actor, state: 'live' })
       for (const [name, args] of calls) {
         const r = await api.call(name, args)
         if (!r.ok) throw new Error(name + ': ' + r.content)
       }
       return api.submit()
     }
     await solve('Ann', 'L1', [['Clock_DeleteAlarm', { name: 'Gym', time: '06:30:00' }]])
     await solve('Ann', 'L2', [['Clock_DeleteAlarm', { name: 'Work', time: '07:15:00' }]])
     await solve('Bob', 'L1', [['Clock_DeleteAlarm', { name: 'Gym', time: '18:30:00' }]])
     await solve('Bob', 'L2', [['Clock_DeleteAlarm', { name: 'Work', time: '07:15:00' }], ['Phone_Call', { telephone: '13911112222' }]])
     await solve('Cara', 'L1', [['Clock_DeleteAlarm', { name: 'Gym', time: '06:30:00' }]])`,
  )
}

/** The rows of a table (by test id) whose header cell has this name. */
function rowsOf(page: Page, testId: string, header: string): Locator {
  return page.getByTestId(testId).getByRole('row').filter({ has: page.getByRole('rowheader', { name: header, exact: true }) })
}

test('the Analysis view compares task, calls and state accuracy, lists disagreements, and plots accuracy against the failure rate', async ({ page }) => {
  await page.goto('./')
  await page.waitForFunction(() => window.spieval !== undefined)
  await page.evaluate((files) => {
    if (!window.spieval) throw new Error('no window.spieval')
    return window.spieval.importDataset(files, 'live analysis')
  }, liveFiles())
  await threePeople(page)
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Analysis' }).click()
  await expect(page.getByRole('heading', { name: 'Analysis', level: 2 })).toBeVisible({ timeout: 40_000 })
  await expect(page.getByText('Stored attempts: 5 lines')).toBeVisible()

  // Per person (units): task (verify both) 100 / 0 / 50, calls 100 / 50 / 50, state 100 / 50 / 50 (Cara's missing L2 fails all three).
  const section = page.getByTestId('live-accuracy')
  await expect(section).toBeVisible()
  const verdictRow = (name: string) => section.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  // Cells: (people, on the group's first line) tasks, Reasoning (L2), Multi-intent (L1), Overall: the capabilities in the paper's order.
  await expect(verdictRow('Task (verify)').getByRole('cell')).toHaveText(['3', '2', '33.3 ± 47.1', '66.7 ± 47.1', '50.0 ± 40.8'])
  await expect(verdictRow('Calls').getByRole('cell')).toHaveText(['2', '33.3 ± 47.1', '100.0 ± 0.0', '66.7 ± 23.6'])
  await expect(verdictRow('State').getByRole('cell')).toHaveText(['2', '66.7 ± 47.1', '66.7 ± 47.1', '66.7 ± 23.6'])
  await expect(section.getByRole('rowheader', { name: 'people · full pages · live', exact: true })).toBeVisible()
  await expect(section.getByRole('columnheader')).toHaveText(['Row', 'Runs or people', 'Verdict', 'Tasks', 'Reasoning', 'Multi-intent', 'Overall'])

  // Disagreements: L1 calls right and state wrong for Bob (1 of 3), L2 the reverse (1 of 2: Cara has no line).
  await expect(rowsOf(page, 'live-disagreements', 'Who solved L1 (calls only)').getByRole('cell')).toHaveText(['Multi-intent', 'calls only', '1 of 3', '—', 'Missing change', 'people · full pages · live'])
  await expect(rowsOf(page, 'live-disagreements', 'Who solved L2 (state only)').getByRole('cell')).toHaveText(['Reasoning', 'state only', '1 of 2', 'Wrong number of calls', '—', 'people · full pages · live'])
  // A task opens who solved it, with both verdicts, here.
  await page.getByRole('button', { name: 'Who solved L1 (calls only)' }).click()
  const detail = page.getByTestId('live-disagreements-section').getByRole('region', { name: 'Who solved L1' })
  await expect(detail.getByText('Bob: failed: Other (calls right; state wrong: Missing change)')).toBeVisible()
  await expect(page.getByTestId('per-task').locator('[aria-current]')).toHaveCount(0)

  // No failure rate yet: no curve. An agent's runs at three rates make one.
  await expect(page.getByTestId('live-failure-section')).toHaveCount(0)
  await page.getByLabel('Add response.jsonl…').setInputFiles([
    { name: 'agent-x.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(agentLines()) },
    { name: 'agent-y.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(staticAgentLines()) },
  ])
  const failure = page.getByTestId('live-failure-section')
  await expect(failure).toBeVisible()
  const rateTable = failure.getByRole('table', { name: 'Overall accuracy at each failure rate (mean ± std, %, and the number of repeats).' })
  await expect(rateTable.getByRole('columnheader')).toHaveText(['Model and setting', 'p = 0', 'p = 0.1', 'p = 0.3'])
  await expect(rateTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'agent-x · paginated · live', exact: true }) }).getByRole('cell')).toHaveText([
    '100.0 ± 0.0 (n = 3)',
    '83.3 ± 23.6 (n = 3)',
    '33.3 ± 23.6 (n = 3)',
  ])
  await expect(rateTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'agent-y · paginated', exact: true }) }).getByRole('cell')).toHaveText([
    '75.0 ± 25.0 (n = 2)',
    '50.0 ± 0.0 (n = 2)',
    '25.0 ± 25.0 (n = 2)',
  ])
  await expect(failure.getByRole('application', { name: 'Accuracy by failure rate p' })).toBeVisible()
  // The live agent's runs are live rows too; the static agent's are not.
  await expect(page.getByTestId('live-accuracy').getByRole('rowheader', { name: 'agent-x · paginated · live · p = 0.3', exact: true })).toBeVisible()
  await expect(page.getByTestId('live-accuracy').getByRole('rowheader', { name: /agent-y/ })).toHaveCount(0)

  // No axe violations in the live sections, with a chart's data table open.
  await failure.locator('figure summary').click()
  const axe = await axeResults(page, '[data-testid^="live-"]')
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  if (SHOTS) await screenshots(page, SHOTS)
})

/** The three live sections, in English and in Chinese. */
async function screenshots(page: Page, folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  for (const lang of ['en', 'zh'] as const) {
    if (lang === 'zh') await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })
    await page.evaluate(() => document.querySelectorAll('figure details').forEach((d) => d.removeAttribute('open')))
    await page.mouse.move(0, 0)
    await page.getByTestId('live-accuracy-section').screenshot({ path: join(folder, `live-analysis-accuracy-${lang}.png`) })
    await page.getByTestId('live-disagreements-section').screenshot({ path: join(folder, `live-analysis-disagreements-${lang}.png`) })
    await page.getByTestId('live-failure-section').screenshot({ path: join(folder, `live-analysis-failure-rate-${lang}.png`) })
  }
  await page.getByRole('combobox', { name: '语言' }).selectOption({ label: 'English' })
}
