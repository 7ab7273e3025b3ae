// Sealed planner data sets (#28): a sealed copy keeps readable what a planner task's runtime reads (that it is a planner
// task, what Ask_User answers; the skills and sub-agents as files) and nothing that judges it, so a participant meets
// each task as everyone else does, and the answers import into the unsealed data set, where they are judged.
import 'fake-indexeddb/auto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DatasetError, MemorySink, TaskHost, defaultState, judgeAttempt, loadDataset } from '../src/core/index'
import type { Dataset, Task } from '../src/core/index'
import { MIN_ITERATIONS, datasetFingerprints, sealDataset, unsealDataset } from '../src/core/seal'
import { Attempt } from '../src/core/attempt'
import { IndexedDbSink, SpievalDatabase, importAttempts, importDataset, loadTask, unsealStoredDataset } from '../src/db/index'
import { exportAttempts } from '../src/state/attemptExport'
import { plannerFiles } from './support/plannerFixture'
import { ROOT } from './fixtures'

const FOLDER = join(ROOT, 'public/data-planner')
const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json', 'skills.json', 'agents.json']
const ORIGINAL: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(FOLDER, name), 'utf8')]))
const PASSPHRASE = 'correct horse battery staple'
const HOW = [
  ['with a passphrase', { passphrase: PASSPHRASE, iterations: MIN_ITERATIONS }],
  ['without one', {}],
] as const

const original = loadDataset(ORIGINAL).dataset
const byId = (dataset: Dataset, id: string): Task => {
  const task = dataset.tasks.find((t) => t.id === id)
  if (!task) throw new Error(`no task ${id}`)
  return task
}

/** What the runtime reads of a planner task: that it is one, and its replies to Ask_User. */
const runtimePart = (task: Task) => (task.planner ? (task.planner.userReplies ? { userReplies: task.planner.userReplies } : {}) : undefined)

describe('a sealed planner data set', () => {
  it.each(HOW)('loads %s, each task with only what its runtime reads, the same fingerprints, the files beside as they were', async (_how, options) => {
    const sealed = await sealDataset(ORIGINAL, options)
    const { dataset } = loadDataset(sealed)
    expect(dataset.tasks.map((t) => t.id)).toEqual(original.tasks.map((t) => t.id))
    for (const task of dataset.tasks) {
      const was = byId(original, task.id)
      expect(task.planner, task.id).toEqual(runtimePart(was))
      expect(defaultState(task), task.id).toBe(defaultState(was))
      expect(task.live?.friction, task.id).toEqual(was.live?.friction)
      expect(task.answer).toEqual([])
    }
    expect(dataset.tasks.filter((t) => t.planner?.userReplies).map((t) => t.id)).toEqual(['basic-6'])
    expect(dataset.skills).toEqual(original.skills)
    expect(dataset.agents).toEqual(original.agents)
    for (const name of ['records_db.json', 'tools.json', 'profile.json', 'skills.json', 'agents.json']) expect(sealed[name], name).toBe(ORIGINAL[name])
    // Tasks are matched on import by these: what a participant met is what the unsealed data set has.
    expect(await datasetFingerprints(dataset)).toEqual(await datasetFingerprints(original))
  })

  it('opens back to the original files byte for byte', async () => {
    const sealed = await sealDataset(ORIGINAL, { passphrase: PASSPHRASE, iterations: MIN_ITERATIONS })
    expect(await unsealDataset(sealed, PASSPHRASE)).toEqual(ORIGINAL)
  })

  it.each(HOW)('holds no value of a judging key %s, in any of its files', async (_how, options) => {
    const sealed = await sealDataset(ORIGINAL, options)
    // What participants may read anyway: the files as they are, the instructions, the scripted replies.
    const lines = ORIGINAL['input_data.jsonl']?.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>) ?? []
    const readable = [
      ...['records_db.json', 'tools.json', 'profile.json', 'skills.json', 'agents.json'].map((name) => ORIGINAL[name] ?? ''),
      ...lines.map((line) => JSON.stringify(line.messages)),
      ...original.tasks.flatMap((t) => t.planner?.userReplies ?? []),
      // The sealed format's own words ("state": "live", a verify mode's name too).
      JSON.stringify({ runtime: { state: ['live', 'static'], planner: { user_replies: [{ reply: '' }] } }, sealed: '' }),
    ].join('\n')
    const secrets = new Set<string>()
    for (const line of lines) {
      const { user_replies: _replies, friction: _friction, ...judging } = line.prompt_metadata as Record<string, unknown>
      for (const text of strings([judging, line.reasoning_path, line.distractors])) if (text.length >= 4 && !readable.includes(text)) secrets.add(text)
    }
    // Rubric criteria, mentions, memory ids the task requires, skill conditions, buckets, policies: a few hundred values.
    expect(secrets.size).toBeGreaterThan(100)
    expect([...secrets]).toEqual(expect.arrayContaining(['Asks the user which Tom is meant', 'agent_behavior', 'no_extra_writes']))
    // The ciphertext is opaque by design: only the text around it is searched.
    const shown = Object.values(sealed).join('\n').replace(/"sealed":"[A-Za-z0-9+/=]*"/g, '"sealed":""')
    expect([...secrets].filter((text) => shown.includes(text))).toEqual([])
    for (const key of ['prompt_metadata', 'dimension', 'bucket', 'rubric', 'mentions', 'alternatives', 'order', 'extraneous', 'memory', 'skills'])
      expect(sealed['input_data.jsonl'], key).not.toContain(`"${key}"`)
  })

  it('answers Ask_User, memory, skills and sub-agents as the unsealed data set does, with the same prompt and tools', async () => {
    const sealed = loadDataset(await sealDataset(ORIGINAL)).dataset
    const script = callScript(original)
    for (const { id } of original.tasks) {
      const runs = await Promise.all([original, sealed].map((dataset) => run(dataset, id, script)))
      const [plain, blind] = runs
      expect(blind?.opened, id).toEqual(plain?.opened)
      expect(blind?.steps, id).toEqual(plain?.steps)
      expect(blind?.keepsAnswers, id).toBe(true)
    }
    // basic-6's one scripted reply, then the same again; a task without replies answers that the user did not reply.
    const asked = (await run(sealed, 'basic-6', script)).steps.filter((s) => s.name === 'Ask_User').map((s) => s.content)
    expect(asked).toEqual(Array(3).fill('Tom Becker, the plumber, about the water heater.'))
    expect((await run(sealed, 'basic-1', script)).steps.find((s) => s.name === 'Ask_User')?.content).toBe('The user did not reply.')
  })

  it("keeps a planner task's last answer as its reply where only its metadata makes it one (no skills, no sub-agents)", async () => {
    const files = plannerFiles({
      skills: undefined,
      agents: undefined,
      tools: (tools) => tools.filter((t) => !/^(Expense_File|Delegate_Finance)$/.test((t as { function: { name: string } }).function.name)),
      metadata: { dimension: 'basic', bucket: 'agent_behavior', rubric: { items: [{ id: 'r1', criterion: 'Says which number was called', points: 1 }] } },
    })
    const plain = loadDataset(files).dataset
    const sealed = loadDataset(await sealDataset(files)).dataset
    for (const dataset of [plain, sealed]) {
      const keeps = await Promise.all(dataset.tasks.map(async (task) => (await run(dataset, task.id, [])).keepsAnswers))
      expect(keeps).toEqual([true, false])
    }
    expect(sealed.tasks.map((t) => t.planner)).toEqual([{}, undefined])
  })

  it("imports a participant's answers into the unsealed data set, where the rubric judges the reply and the question asked", async () => {
    const sealed = await sealDataset(ORIGINAL, { passphrase: PASSPHRASE, iterations: MIN_ITERATIONS })
    const db = new SpievalDatabase('planner-seal-participant')
    const row = await importDataset(sealed, { name: 'sealed', source: 'files' }, db)
    const loaded = await loadTask(row.id, 'basic-6', db)
    if (!loaded) throw new Error('no task basic-6')
    const sink = new IndexedDbSink({ datasetId: row.id, homeScreen: (id) => `#/task/${id}`, elapsedMs: () => 30_000, db })
    const attempt = await Attempt.open({
      ...loaded,
      tools: row.tools,
      profile: row.profile,
      ...(row.skills ? { skills: row.skills } : {}),
      ...(row.agents ? { agents: row.agents } : {}),
      sealed: true,
      setting: 'browse',
      state: defaultState(loaded.task),
      actor: 'ann',
      sink,
    })
    const question = await attempt.call('Ask_User', { question: 'Which Tom: the plumber or your colleague?' }, 'ui')
    expect(question.content).toBe('Tom Becker, the plumber, about the water heater.')
    await attempt.call('Phone_Call', { telephone: '13655208731', type: 'VOICE' }, 'ui')
    await attempt.reply('Calling Tom Becker about the water heater now.', 'ui')
    expect(await attempt.finish()).toBeUndefined()
    const files = (await exportAttempts(row.id, {}, db)).files

    const collector = new SpievalDatabase('planner-seal-collector')
    const target = await importDataset(ORIGINAL, { name: 'planner', source: 'files' }, collector)
    const imported = await importAttempts(target.id, files, 'ann.zip', judgeAttempt, collector)
    expect(imported).toMatchObject({ added: 1 })
    expect(imported.refused).toBeUndefined()
    const [stored] = await collector.attempts.toArray()
    // r1 (asked), r2 (asked before calling) and r3 (the right Tom) are automatic and required or enough; r4 and r5 wait for people.
    expect(stored?.verdict).toMatchObject({ correct: true })

    // Unsealing the participant's own copy judges the same stored steps: one verdict on both paths.
    await unsealStoredDataset(row.id, PASSPHRASE, judgeAttempt, db)
    const [unsealed] = await db.attempts.toArray()
    expect(unsealed?.verdict).toEqual(stored?.verdict)
  })

  it('refuses a sealed line whose runtime holds anything else: an unknown key, a judging planner key, a reply with more than its text', async () => {
    const sealed = await sealDataset(ORIGINAL)
    const refusal = (runtime: Record<string, unknown>) => {
      const lines = (sealed['input_data.jsonl'] ?? '').split('\n')
      const line = JSON.parse(lines[5] ?? '{}') as Record<string, unknown>
      lines[5] = JSON.stringify({ ...line, runtime })
      try {
        loadDataset({ ...sealed, 'input_data.jsonl': lines.join('\n') })
      } catch (err) {
        if (err instanceof DatasetError) return err.message
        throw err
      }
      return 'loaded'
    }
    const replies = [{ reply: 'Tom Becker, the plumber, about the water heater.' }]
    expect(refusal({ state: 'static', planner: { user_replies: replies } })).toBe('loaded')
    expect(refusal({ state: 'static', planner: { user_replies: replies }, dimension: 'basic' })).toMatch(/line 6: task "basic-6": "runtime" has unknown key "dimension"/)
    expect(refusal({ state: 'static', planner: { user_replies: replies, rubric: { items: [] } } })).toMatch(/"runtime"\.planner has unknown key "rubric"/)
    expect(refusal({ state: 'static', planner: { user_replies: [{ reply: 'yes', note: 'the gold is 13655208731' }] } })).toMatch(/user_replies must be a list of \{"reply": text\}, with no other key/)
    expect(refusal({ state: 'static', planner: 'basic' })).toMatch(/"runtime"\.planner must be an object/)
    expect(refusal({ state: 'static', friction: [{ tool: 'Phone_Call', error: 'busy' }] })).toMatch(/friction is for a task that runs live/)
    expect(refusal({ state: 'paused' })).toMatch(/"runtime"\.state must be "live" or "static"/)
  })
})

/** Every string inside a value, keys of objects included (a judging key's name is a value too). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => [key, ...strings(v)])
  return []
}

type Call = [name: string, args: Record<string, unknown>]

/**
 * Calls that reach every planner answer: the user asked three times, memory searched and opened, each skill's tools
 * called before and after it is loaded, each sub-agent called as the gold calls it. Calls of one task's world may fail
 * in another's; they must fail the same way sealed or not.
 */
function callScript(dataset: Dataset): Call[] {
  const planner = new Set(dataset.tools.filter((t) => t.function['x-skill'] !== undefined || t.function['x-agent'] !== undefined).map((t) => t.function.name))
  const gold: Call[] = []
  for (const task of dataset.tasks)
    for (const call of task.answer)
      if (planner.has(call.name)) gold.push([call.name, Object.fromEntries(Object.entries(call.arguments).flatMap(([k, v]) => (v[0] === null || v[0] === undefined ? [] : [[k, v[0]]])))])
  const ask: Call = ['Ask_User', { question: 'Which one do you mean?' }]
  return [
    ask,
    ['search_memory', { query: 'Tom' }],
    ['get_memory', { id: 'mem_005' }],
    ...gold,
    ...(dataset.skills ?? []).map((skill): Call => ['load_skill', { name: skill.name }]),
    ...gold,
    ask,
    ask,
  ]
}

/** One attempt at a task through the kernel's Node host: what opening it gives, each call's step, and whether it keeps answers. */
async function run(dataset: Dataset, id: string, calls: readonly Call[]) {
  const host = new TaskHost(dataset, new MemorySink())
  const { attemptId: _id, ...opened } = await host.open(id, 'paginated', { state: defaultState(byId(dataset, id)) })
  for (const [name, args] of calls) await host.call(name, args, 'agent')
  await host.reply('Done.', 'agent')
  const keepsAnswers = host.openAttempt?.keepsAnswers
  return { opened, steps: host.trajectory().map(({ seq: _seq, ...step }) => step), keepsAnswers }
}
