// Authoring (#16) end to end: gold by demonstration for each execution tool, a revision that flips a verdict, and the
// exported folder on the command line.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync, strFromU8 } from 'fflate'
import type { Page } from '@playwright/test'
import { agreeToSeeGold, api, expect, openTask, panelOf, test } from './helpers'

test.describe.configure({ timeout: 180_000 })

const ROOT = join(import.meta.dirname, '..')
const SAMPLE = join(ROOT, 'public/data')
const sampleLines = readFileSync(join(SAMPLE, 'input_data.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as SampleTask)

interface SampleTask {
  id: string
  prompt_metadata: { answer: { name: string; arguments: Record<string, unknown[]> }[]; free_params: string[][] }
}

/**
 * A task of the sample whose one gold call uses `tool`, and a demonstration of it: each parameter's first acceptable
 * value, and a text of the author's own for each parameter the gold leaves free (it then becomes gold too).
 */
function demonstration(tool: string): { id: string; calls: { name: string; arguments: Record<string, unknown> }[] } {
  const task = sampleLines.find((t) => t.prompt_metadata.answer.length === 1 && t.prompt_metadata.answer[0]?.name === tool)
  if (!task) throw new Error(`no sample task uses ${tool} alone`)
  const calls = task.prompt_metadata.answer.map((call, i) => ({
    name: call.name,
    arguments: {
      ...Object.fromEntries(Object.entries(call.arguments).flatMap(([k, values]) => (values[0] === null || values[0] === undefined ? [] : [[k, values[0]]]))),
      ...Object.fromEntries((task.prompt_metadata.free_params[i] ?? []).map((k) => [k, ownValue(call.name, k)])),
    },
  }))
  return { id: task.id, calls }
}

const TOOLS = JSON.parse(readFileSync(join(SAMPLE, 'tools.json'), 'utf8')) as { function: { name: string; parameters: { properties: Record<string, { enum?: unknown[] }> } } }[]

/** The author's own value for a parameter the gold leaves free: its schema's first choice, else a text. */
function ownValue(tool: string, param: string): unknown {
  const schema = TOOLS.find((t) => t.function.name === tool)?.function.parameters.properties[param]
  return schema?.enum?.[0] ?? 'See you at six'
}

const EXECUTION_TOOLS = ['Phone_Call', 'Messages_Send', 'Contacts_Create', 'Schedule_Create', 'Meeting_Create', 'Clock_CreateAlarm', 'TodoList_Create', 'Consumption_Create', 'Transport_Create', 'Accommodation_Create']

/** Opens the editor on a task by its address, as a link would; `asked`: the person has not finished it, so the editor asks before it shows the gold. */
async function editTask(page: Page, id: string, asked = false) {
  await page.evaluate((hash) => (window.location.hash = hash), `#/edit/${encodeURIComponent(id)}`)
  if (asked) await agreeToSeeGold(page, id)
  await expect(page.getByRole('heading', { level: 2, name: `Edit task ${id}` })).toBeVisible()
}

async function exported(page: Page): Promise<Record<string, string>> {
  return api<Record<string, string>>(page, 'return await api.exportDataset()')
}

function goldOf(files: Record<string, string>, id: string) {
  const line = (files['input_data.jsonl'] ?? '').split('\n').find((l) => l.includes(`"id":${JSON.stringify(id)}`))
  return (JSON.parse(line ?? '{}') as SampleTask).prompt_metadata.answer
}

test('gold by demonstration, one task of each execution tool: the kept actions become the gold, each value the one acceptable value', async ({ page }) => {
  await openTask(page, '推理1')
  for (const tool of EXECUTION_TOOLS) {
    const { id, calls } = demonstration(tool)
    // Solved on the phone through the page's own tools, with a refused slip first (no arguments) that must not become gold.
    await api(page, `await api.open(${JSON.stringify(id)}, { setting: 'full', actor: 'e2e' })`)
    expect((await api<{ ok: boolean }>(page, `return await api.call(${JSON.stringify(tool)}, {})`)).ok).toBe(false)
    for (const call of calls) {
      const answer = await api<{ ok: boolean; content: string }>(page, `return await api.call(${JSON.stringify(call.name)}, ${JSON.stringify(call.arguments)})`)
      expect(answer.ok, `${tool}: ${answer.content}`).toBe(true)
    }
    const verdict = await api<{ correct: boolean }>(page, 'return await api.submit()')
    expect(verdict.correct, `${id} solved with the first acceptable values`).toBe(true)
    await editTask(page, id)
    await page.getByRole('button', { name: 'Use my actions as the gold answer' }).click()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('Saved as revision 1.')).toBeVisible()
    const gold = goldOf(await exported(page), id)
    expect(gold, tool).toEqual(calls.map((c) => ({ name: c.name, arguments: Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, [v]])) })))
  }
})

test('a revision flips a wrong verdict; the review says which version the attempt was made on; the downloaded folder validates and scores the same', async ({ page }) => {
  await openTask(page, '推理1')
  // Tom Becker, the plumber: the distractor. Wrong under the published gold.
  await api(page, "await api.open('推理1', { setting: 'full', actor: 'e2e' }); await api.call('Phone_Call', { telephone: '13655208731' })")
  const wrong = await api<{ correct: boolean }>(page, 'return await api.submit()')
  expect(wrong.correct).toBe(false)

  await editTask(page, '推理1')
  await page.getByRole('textbox', { name: 'New acceptable value of telephone in gold call 1' }).fill('13655208731')
  await page.getByRole('button', { name: 'Add an acceptable value of telephone in gold call 1' }).click()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved as revision 1.')).toBeVisible()
  // The attempts whose verdict flipped are listed: this one, wrong before and right now.
  await expect(page.getByRole('table', { name: '1 attempt changed its verdict' })).toContainText('e2e')

  // Back on the phone: the attempt's review is under the revision, and says what it was under revision 0.
  await page.evaluate(() => (window.location.hash = '#/task/推理1'))
  const review = panelOf(page).getByRole('region', { name: 'Review' })
  await expect(review.getByRole('status')).toHaveText('Correct')
  await expect(review.getByRole('note')).toContainText('This attempt was made on revision 0 of the task')
  await expect(review.getByRole('note')).toContainText('Wrong: a wrong value')

  // Data sets → Export: the folder with CHANGES.md.
  await page.getByRole('button', { name: 'Data sets' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Download Sample \(Daniel Hayes\) in the published format/ }).click(),
  ])
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())))
  const dir = mkdtempSync(join(tmpdir(), 'revise-e2e-'))
  try {
    for (const [name, bytes] of Object.entries(zip)) if (!name.endsWith('/')) writeFileSync(join(dir, name.split('/').pop() ?? name), strFromU8(bytes))
    const changes = readFileSync(join(dir, 'CHANGES.md'), 'utf8')
    expect(changes).toContain('## 推理1')
    expect(changes).toContain('gold call 1 (Phone_Call) telephone: [“13822419087”] → [“13822419087”, “13655208731”]')
    const validate = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'cli/validate.ts'), dir], { cwd: ROOT, encoding: 'utf8' })
    expect(validate.status, validate.stdout + validate.stderr).toBe(0)
    // The person's export, scored on the command line against the revised folder: correct, as the page re-scored it.
    await page.keyboard.press('Escape')
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'People' }).click()
    const [people] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export my attempts (e2e)' }).click()])
    const archive = unzipSync(new Uint8Array(readFileSync(await people.path())))
    writeFileSync(join(dir, 'response.jsonl'), strFromU8(archive['response.jsonl'] ?? new Uint8Array()))
    const score = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'cli/score.ts'), '--input_data', join(dir, 'input_data.jsonl'), '--input_response_data', join(dir, 'response.jsonl'), '--output_file', join(dir, 'result.json')],
      { cwd: ROOT, encoding: 'utf8' },
    )
    expect(score.status, score.stderr).toBe(0)
    const details = readFileSync(join(dir, 'details.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; correct: boolean })
    expect(details.filter((d) => d.id === '推理1').map((d) => d.correct)).toEqual([true])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the data set’s profile is edited as profile.json: bad JSON is refused, a good one shows on the phone and in the export', async ({ page }) => {
  await openTask(page, '推理1')
  await editTask(page, '推理1', true)
  const profile = page.getByRole('region', { name: 'Profile of the data set' })
  await profile.getByRole('button', { name: 'Edit the profile' }).click()
  const text = profile.getByRole('textbox', { name: 'profile.json' })
  const original = JSON.parse(await text.inputValue()) as { name: string }
  expect(original.name).toBe('Daniel Hayes')
  await text.fill('{ "name": ')
  await profile.getByRole('button', { name: 'Save the profile' }).click()
  await expect(profile.getByRole('alert')).toContainText('not valid JSON')
  await text.fill(JSON.stringify({ ...original, name: 'Dana Hayes' }))
  await profile.getByRole('button', { name: 'Save the profile' }).click()
  await expect(profile.getByRole('status')).toHaveText('Profile saved. 0 live attempts changed their verdict (live effects stamp the profile).')
  await expect(profile).toContainText('Dana Hayes')
  const files = await exported(page)
  expect(JSON.parse(files['profile.json'] ?? '{}')).toMatchObject({ name: 'Dana Hayes' })
  await page.evaluate(() => (window.location.hash = '#/task/推理2'))
  await expect(panelOf(page)).toContainText('Dana Hayes')
})

test('closing the page with unsaved changes in the editor asks first; with none it does not', async ({ page }) => {
  await openTask(page, '推理1')
  await editTask(page, '推理1', true)
  const asked: string[] = []
  page.on('dialog', (dialog) => {
    asked.push(dialog.type())
    void dialog.dismiss()
  })
  await page.getByRole('textbox', { name: 'Instruction (the user message)' }).fill('Call my manager’s cover')
  await expect(page.getByText('unsaved changes')).toBeVisible()
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => asked).toEqual(['beforeunload'])
  expect(page.isClosed()).toBe(false)
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByText('unsaved changes')).toBeHidden()
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => page.isClosed()).toBe(true)
  expect(asked).toEqual(['beforeunload'])
})
