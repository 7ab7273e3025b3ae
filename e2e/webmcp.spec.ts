// WebMCP with an in-page fake of `modelContext` (the browser here has none).
import { readFileSync } from 'node:fs'
import { expect, openTask, panelOf, test } from './helpers'

const TOOL_NAMES = (JSON.parse(readFileSync('public/data/tools.json', 'utf8')) as { function: { name: string } }[]).map((t) => t.function.name)

type FakeTool = { name: string; description: string; inputSchema: { type?: string; properties?: object }; execute: (input: unknown) => Promise<{ content: { type: string; text: string }[]; isError?: boolean }> }
declare global {
  interface Window {
    __webmcp: { tools: Map<string, FakeTool>; log: string[] }
  }
}

/** The current draft's shape: `document.modelContext.registerTool(tool, { signal })`, plus `unregisterTool(name)`. */
function installDraftFake() {
  const tools = new Map<string, FakeTool>()
  const log: string[] = []
  window.__webmcp = { tools, log }
  const context = {
    registerTool(tool: FakeTool, options?: { signal?: AbortSignal }) {
      if (tools.has(tool.name)) throw new Error(`duplicate tool ${tool.name}`)
      tools.set(tool.name, tool)
      log.push(`register ${tool.name}`)
      options?.signal?.addEventListener('abort', () => {
        if (tools.get(tool.name) !== tool) return
        tools.delete(tool.name)
        log.push(`abort ${tool.name}`)
      })
    },
    unregisterTool(name: string) {
      log.push(`unregister ${name}`)
      tools.delete(name)
    },
  }
  Object.defineProperty(document, 'modelContext', { value: context, configurable: true })
}

/** An older build's shape: `navigator.modelContext.registerTool(tool)` returning `{ unregister() }`, no signal. */
function installOlderFake() {
  const tools = new Map<string, FakeTool>()
  const log: string[] = []
  window.__webmcp = { tools, log }
  const context = {
    registerTool(tool: FakeTool) {
      tools.set(tool.name, tool)
      log.push(`register ${tool.name}`)
      return {
        unregister() {
          tools.delete(tool.name)
          log.push(`unregister ${tool.name}`)
        },
      }
    },
  }
  Object.defineProperty(navigator, 'modelContext', { value: context, configurable: true })
}

const registered = (page: import('@playwright/test').Page) => page.evaluate(() => [...window.__webmcp.tools.keys()].sort())

test('an open task registers its 21 tools; calls resolve, failures with an error result; switching and finishing unregister', async ({ page }) => {
  await page.addInitScript(installDraftFake)
  await openTask(page, '推理1')
  await expect.poll(() => registered(page)).toEqual([...TOOL_NAMES].sort())
  const schemas = await page.evaluate(() => [...window.__webmcp.tools.values()].map((t) => ({ name: t.name, type: t.inputSchema.type, description: t.description })))
  expect(schemas).toHaveLength(21)
  for (const s of schemas) expect(s, s.name).toMatchObject({ type: 'object', description: expect.any(String) })

  // A search, through the one tool path: it lands in the trajectory with source webmcp.
  const found = await page.evaluate(() => window.__webmcp.tools.get('search_contacts')?.execute({ pattern: 'Tom' }))
  expect(found?.isError).toBeUndefined()
  expect(found?.content[0]?.text).toContain('Tom')
  // Bad calls resolve with an error result instead of throwing.
  const bad = await page.evaluate(() => window.__webmcp.tools.get('Phone_Call')?.execute({ telephone: 12 }))
  expect(bad?.isError).toBe(true)
  expect(bad?.content[0]?.text).toMatch(/telephone/)
  const notJson = await page.evaluate(() => window.__webmcp.tools.get('search_sms')?.execute('{"pattern":'))
  expect(notJson?.isError).toBe(true)
  const current = await page.evaluate(() => window.spieval?.current())
  expect(current?.calls.map((c) => [c.name, c.source, c.ok])).toEqual([
    ['search_contacts', 'webmcp', true],
    ['Phone_Call', 'webmcp', false],
    ['search_sms', 'webmcp', false],
  ])
  await expect(panelOf(page).getByText('"pattern":"Tom"').first()).toBeVisible()

  // Another task: the old registrations go, the new task's come.
  await page.evaluate(() => (window.__webmcp.log.length = 0))
  await panelOf(page).getByRole('combobox', { name: 'Task' }).selectOption('推理2')
  await expect.poll(() => page.evaluate(() => window.__webmcp.log.filter((l) => l.startsWith('register')).length)).toBe(21)
  const log = await page.evaluate(() => window.__webmcp.log)
  expect(log.filter((l) => l.startsWith('abort')).length).toBe(21)
  expect(log.findIndex((l) => l.startsWith('register'))).toBeGreaterThan(log.findLastIndex((l) => l.startsWith('abort')))
  expect(await registered(page)).toEqual([...TOOL_NAMES].sort())
  await page.evaluate(() => window.__webmcp.tools.get('search_contacts')?.execute({ pattern: 'Tom' }))
  expect((await page.evaluate(() => window.spieval?.current()))?.taskId).toBe('推理2')

  // Finishing closes the task: nothing is registered. (With no action to submit, Finish asks first.)
  await panelOf(page).getByRole('button', { name: 'Finish and check' }).click()
  await page.getByRole('dialog', { name: 'Finish this attempt?' }).getByRole('button', { name: 'Finish anyway' }).click()
  await expect.poll(() => registered(page)).toEqual([])
})

test('an older build: navigator.modelContext, registrations with unregister(); no_search registers the execution tools only', async ({ page }) => {
  await page.addInitScript(installOlderFake)
  await openTask(page, '推理1')
  await expect.poll(() => registered(page)).toEqual([...TOOL_NAMES].sort())
  await page.evaluate(() => window.spieval?.open('推理3', { setting: 'no_search', actor: 'agent' }))
  await expect.poll(() => registered(page)).toEqual(TOOL_NAMES.filter((n) => !n.startsWith('search_')).sort())
  const result = await page.evaluate(() => window.__webmcp.tools.get('Phone_Call')?.execute({ telephone: '13800000000' }))
  expect(result?.isError).toBeUndefined()
  await page.evaluate(() => window.spieval?.submit())
  await expect.poll(() => registered(page)).toEqual([])
})
