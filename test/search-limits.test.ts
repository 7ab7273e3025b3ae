import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { APP_KEYS, ToolRuntime } from '../src/core/index'
import type { SearchMode, TaskRecords, ToolCall } from '../src/core/index'
import { PATTERN_LIMITS, REGEX_MAX_INSTRUCTIONS, patternProblem } from '../src/core/search/limits'
import { generateTasks } from '../cli/gen/tasks'
import { TOOLS } from './fixtures'
import { cpuTimed } from './support/cpuTime'

/** The task with the most text of the published-size data set, as `npm run gen -- --size spieval` writes it. */
function largestTask(): TaskRecords {
  let best: { chars: number; records: TaskRecords } | undefined
  for (const task of generateTasks({ tasks: 250, records: 4335, seed: 1 })) {
    const chars = JSON.stringify(task.records).length
    if (!best || chars > best.chars) best = { chars, records: task.records }
  }
  return (best as { records: TaskRecords }).records
}

const MODES: SearchMode[] = ['fixed', 'regex', 'fuzzy']
const fill = (unit: string, length: number) => Array.from({ length }, (_, i) => Array.from(unit)[i % Array.from(unit).length]).join('')

describe('pattern length limits', () => {
  it('refuse one character over the limit, counted in code points, with a message a model can act on', () => {
    for (const mode of MODES) {
      const limit = PATTERN_LIMITS[mode]
      expect(patternProblem('x'.repeat(limit), mode)).toBeUndefined()
      expect(patternProblem('😀'.repeat(limit), mode), 'two UTF-16 units, one character').toBeUndefined()
      expect(patternProblem('x'.repeat(limit + 1), mode)).toBe(
        `The pattern is ${limit + 1} characters; the limit for ${mode} search is ${limit}. Search for a shorter distinctive part of it (a name, a number, a word or two).`,
      )
    }
    expect(PATTERN_LIMITS).toEqual({ fixed: 1000, regex: 1000, fuzzy: 200 })
  })

  it('the runtime answers ok: false and changes nothing, for every search tool', () => {
    const runtime = new ToolRuntime(TOOLS, { contacts: [{ 姓名: 'x'.repeat(300) }] }, { setting: 'paginated' })
    for (const mode of MODES) {
      const over = runtime.call('search_contacts', { pattern: 'x'.repeat(PATTERN_LIMITS[mode] + 1), mode }, 'test')
      expect(over.ok, mode).toBe(false)
      expect(over.content).toContain(`search_contacts: The pattern is ${PATTERN_LIMITS[mode] + 1} characters; the limit for ${mode} search is ${PATTERN_LIMITS[mode]}.`)
      expect(runtime.call('search_contacts', { pattern: 'x'.repeat(PATTERN_LIMITS[mode]), mode }, 'test').ok, mode).toBe(true)
    }
    const phone = runtime.call('search_phone', { pattern: 'x'.repeat(1001) }, 'test')
    expect(phone.ok).toBe(false)
    expect(phone.content).toContain('the limit for fixed search is 1000')
  })

  it('refuses a regex that compiles to a huge program, and says why', () => {
    const runtime = new ToolRuntime(TOOLS, { contacts: [{ 姓名: 'Tom' }] }, { setting: 'paginated' })
    const search = (pattern: string) => runtime.call('search_contacts', { pattern, mode: 'regex' }, 'test')
    // Refused from the pattern's text, before compiling.
    const huge = search('.{1000}'.repeat(20))
    expect(huge.ok).toBe(false)
    expect(huge.content).toContain('expands to about 20001 matching steps')
    expect(huge.content).toContain(`the limit is ${REGEX_MAX_INSTRUCTIONS}`)
    expect(huge.content).toContain('smaller repeat counts')
    // Refused once compiled.
    const big = search('.{999}'.repeat(3))
    expect(big.ok).toBe(false)
    expect(big.content).toContain('expands to 2999 matching steps')
    for (const fine of ['\\d{1000}', '.{0,1000}', 'Tom|Rachel|Claire'.repeat(50)]) expect(search(fine).ok, fine).toBe(true)
  })
})

describe('every pattern answers within a second over the largest task', () => {
  const records = largestTask()
  const records_ = Object.values(records).reduce((n, list) => n + (list?.length ?? 0), 0)
  const runtime = new ToolRuntime(TOOLS, records, { setting: 'paginated' })
  const someApp = APP_KEYS.find((app) => (records[app]?.length ?? 0) > 0) ?? 'contacts'
  // The search's own work (CPU time): a bound on the wall clock failed whenever the machine was busy.
  const timed = (name: string, args: Record<string, unknown>): { call: ToolCall; ms: number } => {
    const { result: call, ms } = cpuTimed(() => runtime.call(name, args, 'test'))
    return { call, ms }
  }

  it('is the task it should be', () => {
    expect(records_).toBeGreaterThanOrEqual(17)
  })

  const atLimit: Record<SearchMode, string[]> = {
    fixed: [fill('a', 1000), fill('Tom Becker 13761190254 ', 1000), fill('张三（经理）', 1000), fill('😀', 1000)],
    fuzzy: [fill('a', 200), fill('e ', 200), fill('Tom Becker 13761190254 ', 200), fill('张三经理', 200), fill('😀', 200), fill('ab', 200)],
    regex: [
      // Backtracking killers, at the limit; RE2 runs them in linear time.
      fill('(x+x+)+y', 1000),
      fill('(a|aa)*', 1000),
      'a?'.repeat(333) + 'a'.repeat(333),
      fill('(.*)*', 1000),
      fill('((((a*)*)*)*)', 1000),
      // Large programs: the biggest refused, the ones below the limit run.
      fill('.{1000}', 1000),
      fill('\\pL{999}', 1000),
      `(?:\\pL{999}){1}`.repeat(8),
      // The largest programs allowed (about REGEX_MAX_INSTRUCTIONS), with the costliest classes.
      '\\pL{999}\\pL{999}\\pL{499}',
      '(?i)[^k]{999}[^s]{999}[^x]{499}',
      '[\\pL\\pN\\pM\\pS\\pP]{999}[\\pL\\pN\\pM\\pS\\pP]{999}[\\pL\\pN]{499}',
      '.{0,1000}',
      `(?i)${'[a-z0-9 张三]{99}'.repeat(60)}`.slice(0, 1000),
      fill('(?:\\w|\\s|\\d){300}', 1000),
      fill('[\\x{0}-\\x{10FFFF}]{999}', 1000),
      fill('(?s).*a.*b.*c', 1000),
      fill('Tom|', 1000),
      fill('\\bTom\\b.*?Becker', 1000),
    ],
  }

  for (const mode of MODES)
    it(`${mode}: patterns at the limit, every case setting, all fields and one`, () => {
      for (const pattern of atLimit[mode]) {
        expect(Array.from(pattern).length).toBeLessThanOrEqual(PATTERN_LIMITS[mode])
        for (const ignore_case of [true, false])
          for (const field of [undefined, '姓名']) {
            const tool = field ? 'search_contacts' : `search_${someApp}`
            const { call, ms } = timed(tool, { pattern, mode, ignore_case, ...(field ? { field } : {}) })
            expect(ms, `${mode} ${pattern.slice(0, 30)}… ${ignore_case} ${field ?? ''}: ${call.content.slice(0, 80)}`).toBeLessThan(1000)
          }
      }
      if (mode === 'fixed')
        for (const pattern of atLimit.fixed) expect(timed('search_phone', { pattern }).ms).toBeLessThan(1000)
    })

  it('random patterns at or near the limit, in every mode', () => {
    const unit = fc.constantFrom('a', 'e', 'T', 'o', 'm', ' ', '1', '3', '张', '三', '.', '*', '+', '?', '(', ')', '|', '[', ']', '\\', '{', '}', '^', '$', '😀')
    const regexAtom = fc.constantFrom('a', 'Tom', '.', '.*', '\\w+', '\\d{4}', '(a|b)*', '[a-z]+', '\\pL{99}', '(x+x+)+', '张三', '(?i)', '\\b', '|', '{2,5}', '?')
    const arbitrary = fc.oneof(
      fc.constantFrom(...MODES).chain((mode) => fc.string({ unit, minLength: PATTERN_LIMITS[mode] - 20, maxLength: PATTERN_LIMITS[mode] }).map((pattern) => ({ mode, pattern }))),
      fc.array(regexAtom, { minLength: 50, maxLength: 400 }).map((atoms) => ({ mode: 'regex' as SearchMode, pattern: Array.from(atoms.join('')).slice(0, 1000).join('') })),
    )
    fc.assert(
      fc.property(arbitrary, fc.boolean(), ({ mode, pattern }, ignore_case) => {
        const { call, ms } = timed(`search_${someApp}`, { pattern, mode, ignore_case })
        expect(ms, `${mode} ${JSON.stringify(pattern.slice(0, 40))}: ${call.content.slice(0, 80)}`).toBeLessThan(1000)
      }),
      { numRuns: 60 },
    )
  })
})
