// window.spieval in live state: calls change the attempt's records, friction refuses and is marked, a reload resumes the same state, submit judges the state.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { api, expect, test } from './helpers'

const DATA = join(import.meta.dirname, '..', 'public', 'data')
const read = (name: string) => readFileSync(join(DATA, name), 'utf8')

/** The sample's tools and profile, with a delete tool, and one task: delete the 6:30 "Gym" alarm (two are named so) and text Claire, whose first text fails. */
function liveFiles(): Record<string, string> {
  const tools = JSON.parse(read('tools.json')) as unknown[]
  tools.push({
    type: 'function',
    function: {
      name: 'Clock_DeleteAlarm',
      description: 'Delete an alarm, named by its name and, where two share it, its time.',
      parameters: { type: 'object', properties: { name: { type: 'string' }, time: { type: 'string', description: 'H:M:S' } }, required: ['name'] },
      'x-effect': { app: 'alarm', op: 'delete', where: { 闹钟名: 'name', 时间: 'time' } },
    },
  })
  const task = {
    id: 'L1',
    type: '多意图',
    messages: [{ role: 'user', content: 'Delete my early gym alarm and text Claire that I will sleep in.' }],
    prompt_metadata: {
      answer: [
        { name: 'Clock_DeleteAlarm', arguments: { name: ['Gym'], time: ['06:30:00'] } },
        { name: 'Messages_Send', arguments: { telephone: ['13911112222'], text: ['I will sleep in'] } },
      ],
      free_params: [[], ['text']],
      expected_state: [
        { app: 'alarm', op: 'delete', where: { 闹钟名: 'Gym', 时间: '06:30:00' } },
        { app: 'sms', op: 'insert', record: { 收件人电话号码: ['13911112222'] } },
      ],
      friction: [{ tool: 'Messages_Send', on: [1], error: 'The network is busy; the message was not sent. Try again.' }],
    },
  }
  const records = {
    L1: {
      alarm: [
        { 时间: '06:30:00', 闹钟名: 'Gym', 重复: 'Mon, Wed, Fri', 状态: 'On' },
        { 时间: '18:30:00', 闹钟名: 'Gym', 重复: 'Tue, Thu', 状态: 'On' },
        { 时间: '07:15:00', 闹钟名: 'Work', 重复: 'Weekdays', 状态: 'On' },
      ],
      contacts: [{ 姓名: 'Claire Hayes', 电话号码: '13911112222', 与本人关系: 'wife' }],
    },
  }
  return {
    'input_data.jsonl': JSON.stringify(task) + '\n',
    'records_db.json': JSON.stringify(records),
    'tools.json': JSON.stringify(tools),
    'profile.json': read('profile.json'),
  }
}

test('live state through window.spieval: changes, friction, a reload, and the state verdict', async ({ page }) => {
  await page.goto('./')
  await page.evaluate((files) => window.spieval?.importDataset(files, 'live api'), liveFiles())
  // A task that expects changes opens live by default; an unknown state is refused by name.
  await expect(api(page, "return api.open('L1', { state: 'stateful' })")).rejects.toThrow(/use one of static, live/)
  const opened = await api<{ attemptId: string }>(page, "return api.open('L1', { setting: 'full' })")
  expect((await api<{ state: string }>(page, 'return api.current()')).state).toBe('live')

  const ambiguous = await api<{ ok: boolean; content: string }>(page, "return api.call('Clock_DeleteAlarm', { name: 'Gym' })")
  expect(ambiguous).toMatchObject({ ok: false })
  expect(ambiguous.content).toContain('2 alarm records')
  expect((await api<{ ok: boolean }>(page, "return api.call('Clock_DeleteAlarm', { name: 'Gym', time: '06:30:00' })")).ok).toBe(true)
  const alarms = await api<{ content: string }>(page, "return api.call('search_alarm', { pattern: 'Gym' })")
  expect(alarms.content).toContain('18:30:00')
  expect(alarms.content).not.toContain('06:30:00')

  const busy = await api<{ ok: boolean; content: string }>(page, "return api.call('Messages_Send', { telephone: '13911112222', text: 'I will sleep in' })")
  expect(busy).toEqual({ ok: false, content: 'Error: The network is busy; the message was not sent. Try again.' })

  // A reload resumes the attempt, and with it the same state: the deleted alarm stays deleted.
  await page.reload()
  const resumed = await api<{ attemptId: string; state: string; calls: { name: string; ok: boolean; friction?: boolean }[] }>(page, 'return api.current()')
  expect(resumed.attemptId).toBe(opened.attemptId)
  expect(resumed.state).toBe('live')
  expect(resumed.calls.map((c) => [c.name, c.ok, c.friction === true])).toEqual([
    ['Clock_DeleteAlarm', false, false],
    ['Clock_DeleteAlarm', true, false],
    ['search_alarm', true, false],
    ['Messages_Send', false, true],
  ])
  expect((await api<{ content: string }>(page, "return api.call('search_alarm', { pattern: '06:30' })")).content).not.toContain('Gym')
  expect((await api<{ ok: boolean }>(page, "return api.call('Messages_Send', { telephone: '13911112222', text: 'I will sleep in' })")).ok).toBe(true)
  const verdict = await api<{ correct: boolean; calls: { name: string }[]; state?: { correct: boolean } }>(page, 'return api.submit()')
  expect(verdict).toMatchObject({ correct: true, state: { correct: true } })
  // The refused calls are never submitted actions.
  expect(verdict.calls.map((c) => c.name)).toEqual(['Clock_DeleteAlarm', 'Messages_Send'])

  // A static attempt of the same task changes nothing and is judged on its calls alone.
  await api(page, "return api.open('L1', { state: 'static' })")
  expect((await api<{ state: string }>(page, 'return api.current()')).state).toBe('static')
  await api(page, "return api.call('Clock_DeleteAlarm', { name: 'Gym', time: '06:30:00' })")
  expect((await api<{ content: string }>(page, "return api.call('search_alarm', { pattern: '06:30' })")).content).toContain('Gym')
  const staticVerdict = await api<{ state?: unknown }>(page, 'return api.submit()')
  expect(staticVerdict.state).toBeUndefined()
})
