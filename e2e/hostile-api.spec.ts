// window.spieval and WebMCP refuse what JSON cannot carry, prototype-named keys and unknown settings,
// and give the same verdict as `npm run score` on the exported line.
import { baseExpect as expect, test } from './helpers'

declare global {
  interface Window {
    __tools: Map<string, { name: string; execute: (input: unknown) => Promise<{ content: { text: string }[]; isError?: boolean }> }>
  }
}

test('window.spieval: non-JSON values are refused and stored nowhere; prototype keys are unknown parameters', async ({ page }) => {
  await page.goto('./')
  const result = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('the page has no window.spieval')
    await api.open('辨析2', { setting: 'paginated', actor: 'hostile' })
    const cyclic: Record<string, unknown> = { telephone: '13800990011' }
    cyclic.self = cyclic
    const refused = [
      await api.call('Phone_Call', { telephone: '13800990011', type: Number.NaN }),
      await api.call('Phone_Call', { telephone: Infinity } as object),
      await api.call('Phone_Call', { telephone: 13800990011n } as unknown as object),
      await api.call('Phone_Call', cyclic),
      await api.call('Phone_Call', { telephone: () => '13800990011' }),
    ]
    const afterRefused = (await api.current())?.calls.length
    const proto = await api.call('Phone_Call', '{"__proto__": {"telephone": "13800990011"}}')
    const ctor = await api.call('Phone_Call', { telephone: '13800990011', constructor: 'x' })
    const good = await api.call('Phone_Call', { telephone: '13800990011' })
    const calls = (await api.current())?.calls.map((c) => [c.ok, JSON.stringify(c.arguments)])
    const verdict = await api.submit()
    return { refused, afterRefused, proto, ctor, good, calls, verdict }
  })
  for (const r of result.refused) {
    expect(r.ok).toBe(false)
    expect(r.content).toMatch(/JSON cannot carry|cycle/)
  }
  expect(result.afterRefused).toBe(0)
  expect(result.proto).toMatchObject({ ok: false, content: expect.stringContaining('Unknown parameter "__proto__"') })
  expect(result.ctor).toMatchObject({ ok: false, content: expect.stringContaining('Unknown parameter "constructor"') })
  expect(result.good.ok).toBe(true)
  expect(result.calls).toEqual([
    [false, JSON.stringify('{"__proto__": {"telephone": "13800990011"}}')],
    [false, JSON.stringify({ telephone: '13800990011', constructor: 'x' })],
    [true, JSON.stringify({ telephone: '13800990011' })],
  ])
  expect(result.verdict).toMatchObject({ correct: true, calls: [{ name: 'Phone_Call', arguments: { telephone: '13800990011' } }] })
})

test('window.spieval.open refuses an unknown setting or state, naming the valid ones, and opens nothing', async ({ page }) => {
  await page.goto('./')
  const outcome = await page.evaluate(async () => {
    const api = window.spieval
    if (!api) throw new Error('the page has no window.spieval')
    const first = await api.open('推理1', { actor: 'hostile' })
    const errors: string[] = []
    for (const opts of [{ setting: 'Paginated' }, { setting: 'FULL' }, { state: 'Live' }])
      await api.open('推理2', opts as never).catch((err: unknown) => errors.push(err instanceof Error ? err.message : String(err)))
    return { errors, still: (await api.current())?.attemptId === first.attemptId }
  })
  expect(outcome.errors).toEqual([
    'Unknown setting "Paginated": use one of paginated, full, no_search.',
    'Unknown setting "FULL": use one of paginated, full, no_search.',
    'Unknown state "Live": use one of static, live.',
  ])
  expect(outcome.still).toBe(true)
})

test('WebMCP refuses non-JSON values the same way', async ({ page }) => {
  await page.addInitScript(() => {
    const tools = new Map()
    window.__tools = tools
    const context = { registerTool: (tool: { name: string }) => void tools.set(tool.name, tool), unregisterTool: (name: string) => void tools.delete(name) }
    Object.defineProperty(document, 'modelContext', { value: context, configurable: true })
  })
  await page.goto('./#/task/推理1')
  await expect.poll(() => page.evaluate(() => window.__tools.size)).toBe(21)
  const answer = await page.evaluate(async () => {
    const call = window.__tools.get('Phone_Call')
    const refused = await call?.execute({ telephone: Number.NaN })
    return { refused, calls: (await window.spieval?.current())?.calls.length }
  })
  expect(answer.refused?.isError).toBe(true)
  expect(answer.refused?.content[0]?.text).toMatch(/NaN, which JSON cannot carry/)
  expect(answer.calls).toBe(0)
})
