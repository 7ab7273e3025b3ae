import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEALED_FILE, loadDataset } from '../src/core/index'
import { datasetFingerprints, readSealedManifest, unsealDataset } from '../src/core/seal'
import { StudyError, assignStudy, buildStudyFile, mulberry32, personNameProblem, readStudyFile, studyId } from '../src/core/study'
import type { StudyAssignment, StudyFile, StudyTask } from '../src/core/study'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { writeOwnCopy } from './ownCopy'
import { cliArgs } from './support/cli'

/** A value the test needs, or a failure naming it (instead of a non-null assertion). */
function must<T>(value: T | undefined | null, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`)
  return value
}

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
function readFolder(dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const name of [...NAMES, SEALED_FILE]) {
    try {
      files[name] = readFileSync(join(dir, name), 'utf8')
    } catch {
      // absent
    }
  }
  return files
}

const sampleFiles = readFolder(SAMPLE_DIR)
const sample = loadDataset(sampleFiles).dataset
const sampleTasks: StudyTask[] = sample.tasks.map((t) => ({ id: t.id, type: t.type }))
const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`)

const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs)

/** Every invariant the assignment promises; a message names the first broken one. */
function checkAssignment(tasks: readonly StudyTask[], people: readonly string[], perTask: number, a: StudyAssignment): void {
  expect(Object.keys(a.people)).toEqual([...people])
  expect(Object.keys(a.tasks)).toEqual(tasks.map((t) => t.id))
  for (const task of tasks) {
    const solvers = must(a.tasks[task.id])
    expect(solvers, task.id).toHaveLength(perTask)
    expect(new Set(solvers).size, task.id).toBe(perTask)
    for (const person of solvers) expect(a.people[person], `${person} has ${task.id}`).toContain(task.id)
    // In the order the people were given.
    expect(solvers).toEqual([...solvers].sort((x, y) => people.indexOf(x) - people.indexOf(y)))
  }
  for (const person of people) {
    const own = must(a.people[person])
    expect(new Set(own).size, person).toBe(own.length)
    for (const id of own) expect(a.tasks[id], `${id} lists ${person}`).toContain(person)
  }
  const total = tasks.length * perTask
  expect(people.reduce((n, p) => n + must(a.people[p]).length, 0)).toBe(total)
  expect(spread(people.map((p) => must(a.people[p]).length)), 'tasks per person').toBeLessThanOrEqual(1)
  for (const type of new Set(tasks.map((t) => t.type))) {
    const ofType = new Set(tasks.filter((t) => t.type === type).map((t) => t.id))
    expect(spread(people.map((p) => must(a.people[p]).filter((id) => ofType.has(id)).length)), `tasks of ${type} per person`).toBeLessThanOrEqual(1)
  }
}

describe('assignStudy', () => {
  it.each([
    [3, 2],
    [7, 3],
    [2, 2],
    [5, 1],
    [4, 4],
  ])('balances the 50-task sample over %i people, %i per task, per person and per capability', (m, k) => {
    const people = names(m)
    const a = assignStudy({ tasks: sampleTasks, people, perTask: k, seed: 1 })
    checkAssignment(sampleTasks, people, k, a)
  })

  it('gives 3 people, 2 per task, 33 or 34 tasks each and 6 or 7 of every capability', () => {
    const a = assignStudy({ tasks: sampleTasks, people: ['ann', 'bob', 'cy'], perTask: 2, seed: 1 })
    expect(Object.values(a.people).map((l) => l.length).sort()).toEqual([33, 33, 34])
    for (const type of ['推理', '辨析', '整合', '偏好', '多意图']) {
      const ofType = new Set(sampleTasks.filter((t) => t.type === type).map((t) => t.id))
      for (const list of Object.values(a.people)) expect([6, 7]).toContain(list.filter((id) => ofType.has(id)).length)
    }
  })

  it('lets every two of 7 people share tasks (K=3), so that their agreement can be measured', () => {
    const people = names(7)
    const a = assignStudy({ tasks: sampleTasks, people, perTask: 3, seed: 1 })
    const pairs = new Set<string>()
    for (const solvers of Object.values(a.tasks)) for (const x of solvers) for (const y of solvers) if (x < y) pairs.add(`${x}|${y}`)
    expect(pairs.size).toBe(21)
  })

  it('is deterministic for a seed and different for another; each person’s order is shuffled', () => {
    const input = { tasks: sampleTasks, people: ['ann', 'bob', 'cy'], perTask: 2 }
    const a = assignStudy({ ...input, seed: 1 })
    expect(assignStudy({ ...input, seed: 1 })).toEqual(a)
    expect(assignStudy({ ...input, seed: '1' })).toEqual(a)
    const b = assignStudy({ ...input, seed: 2 })
    expect(b).not.toEqual(a)
    expect(b.tasks).not.toEqual(a.tasks)
    const dataOrder = sampleTasks.map((t) => t.id)
    for (const person of input.people) {
      const own = must(a.people[person])
      expect(own).not.toEqual(dataOrder.filter((id) => own.includes(id)))
    }
    expect(a.people.ann).not.toEqual(b.people.ann)
  })

  it('holds its invariants on random studies (property)', () => {
    const study = fc
      .record({
        people: fc.integer({ min: 1, max: 12 }),
        types: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 80 }),
        seed: fc.oneof(fc.nat(), fc.string()),
        k: fc.nat(),
      })
      .map(({ people, types, seed, k }) => ({
        people: names(people),
        tasks: types.map((type, i) => ({ id: `t${i}`, type: `c${type}` })),
        perTask: 1 + (k % people),
        seed,
      }))
      // Fewer slots than people is refused (someone would get nothing); that case is tested below.
      .filter((s) => s.tasks.length * s.perTask >= s.people.length)
    fc.assert(
      fc.property(study, (s) => {
        const a = assignStudy(s)
        checkAssignment(s.tasks, s.people, s.perTask, a)
        expect(assignStudy(s)).toEqual(a)
      }),
      { numRuns: 400 },
    )
  })

  it('refuses what cannot be assigned, saying why', () => {
    const base = { tasks: sampleTasks, people: ['ann', 'bob'], perTask: 2, seed: 1 }
    const cases: [Partial<typeof base> & Record<string, unknown>, RegExp][] = [
      [{ perTask: 3 }, /Each task needs 3 different people, but only 2 are named/],
      [{ perTask: 0 }, /at least 1/],
      [{ perTask: 1.5 }, /whole number/],
      [{ people: [] }, /at least one person/],
      [{ people: ['ann', 'ann'] }, /"ann" is named twice/],
      [{ people: ['ann', 'Ann'] }, /differ only in case/],
      [{ people: ['ann', '../x'] }, /cannot name a person/],
      [{ people: ['ann', 'links.txt'] }, /has a file of that name/],
      [{ tasks: [] }, /at least one task/],
      [{ tasks: [{ id: 'a', type: 'x' }, { id: 'a', type: 'y' }] }, /"a" is listed twice/],
      [{ tasks: [{ id: 'a', type: 'x' }], perTask: 1 }, /1 task × 1 makes 1 for 2 people: someone would get no task/],
    ]
    for (const [edit, message] of cases) expect(() => assignStudy({ ...base, ...edit } as typeof base)).toThrow(message)
    expect(() => assignStudy({ ...base, perTask: 3 })).toThrow(StudyError)
  })

  it('takes names in any script, and none that a folder or link could not hold', () => {
    for (const ok of ['ann', '张三', 'José_2', 'a.b-c']) expect(personNameProblem(ok), ok).toBeUndefined()
    for (const bad of ['', '.hidden', 'a/b', 'a b', 'a\\b', 'x'.repeat(65), 'ASSIGNMENT.json']) expect(personNameProblem(bad), bad).toBeDefined()
  })
})

describe('mulberry32', () => {
  it('is the published generator', () => {
    // The reference code as published (bryc/code, PRNGs.md), kept as it is.
    function reference(a: number) {
      return function () {
        let t = (a += 0x6d2b79f5)
        t = Math.imul(t ^ (t >>> 15), t | 1)
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296
      }
    }
    for (const seed of [0, 1, 42, 0xffffffff]) {
      const ours = mulberry32(seed)
      const theirs = reference(seed)
      for (let i = 0; i < 1000; i++) expect(ours()).toBe(theirs())
    }
  })
})

describe('assignment.json', () => {
  it('reads a study’s setting, and refuses one that is not an access setting', () => {
    const base = { format: 'spieval-study', version: 1, id: 'x', seed: 1, perTask: 1, people: {}, tasks: {}, created: '2026-03-14T09:00:00.000Z' }
    const read = readStudyFile(JSON.stringify({ ...base, setting: 'paginated' }))
    expect('study' in read && read.study.setting).toBe('paginated')
    expect(readStudyFile(JSON.stringify({ ...base, setting: 'everything' }))).toEqual({ problems: ['"setting" must be "browse", "paginated" or "full"'] })
    const manifest = { format: 'spieval-sealed', version: 1, cipher: null, kdf: null, check: null, study: { id: 'x', person: 'ann', tasks: ['t'] } }
    expect(readSealedManifest(JSON.stringify({ ...manifest, study: { ...manifest.study, setting: 'full' } }))).toMatchObject({ manifest: { study: { setting: 'full' } } })
    expect(readSealedManifest(JSON.stringify({ ...manifest, study: { ...manifest.study, setting: 'no_search' } }))).toMatchObject({
      problems: ['"study.setting" must be "browse", "paginated" or "full"'],
    })
  })

  it('round-trips through readStudyFile and refuses one whose two sides disagree', async () => {
    const people = ['ann', 'bob', 'cy']
    const assignment = assignStudy({ tasks: sampleTasks, people, perTask: 2, seed: 1 })
    const fingerprints = await datasetFingerprints(sample)
    const id = studyId({ seed: 1, perTask: 2, people, fingerprints })
    expect(id).toMatch(/^[0-9a-f]{16}$/)
    expect(studyId({ seed: 2, perTask: 2, people, fingerprints })).not.toBe(id)
    const file = buildStudyFile({ id, seed: 1, perTask: 2, tasks: sampleTasks, fingerprints, assignment, created: '2026-03-14T09:00:00.000Z' })
    const text = JSON.stringify(file)
    expect(readStudyFile(text)).toEqual({ study: file })
    const edited = JSON.parse(text) as { tasks: Record<string, { people: string[] }> }
    const first = must(sampleTasks[0]).id
    const outsider = must(people.find((p) => !must(edited.tasks[first]).people.includes(p)))
    must(edited.tasks[first]).people = [outsider]
    const read = readStudyFile(JSON.stringify(edited))
    expect(read).toHaveProperty('problems')
    expect((read as { problems: string[] }).problems.join('\n')).toMatch(new RegExp(`"tasks.${first}" names ${outsider}, whose list does not have it`))
    expect(readStudyFile('{"format":"spieval-study","version":1}')).toHaveProperty('problems')
  })
})

function runStudy(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...cliArgs('cli/study.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    )
  })
}

/** The sample elsewhere, its instructions in capitals with doubled spaces: still the bundled sample's tasks. */
function respacedSample(): string {
  const folder = mkdtempSync(join(tmpdir(), 'respaced-'))
  for (const name of NAMES) {
    let text = must(sampleFiles[name], name)
    if (name === 'input_data.jsonl')
      text = text
        .trim()
        .split('\n')
        .map((line) => {
          const task = JSON.parse(line) as { messages: { role: string; content: string }[] }
          for (const m of task.messages) m.content = m.content.toUpperCase().replace(/ /g, '  ')
          return JSON.stringify(task)
        })
        .join('\n')
    writeFileSync(join(folder, name), text)
  }
  return folder
}

describe('npm run study', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'study-'))
  // The bundled sample's gold ships with the page: studies are made of a reworded copy (a study of the sample is refused below).
  const own = writeOwnCopy(SAMPLE_DIR)
  const ownFiles = readFolder(own)
  const ownDataset = loadDataset(ownFiles).dataset
  const out = join(tmp, 'study')
  const PASSPHRASE = 'study passphrase, long enough'
  let result: Awaited<ReturnType<typeof runStudy>>
  beforeAll(async () => {
    result = await runStudy(
      ['--data', own, '--people', 'ann,bob,cy', '--per-task', '2', '--seed', '1', '--out', out, '--passphrase-env', 'STUDY_TEST_PASSPHRASE', '--base-url', 'https://example.org/s'],
      { STUDY_TEST_PASSPHRASE: PASSPHRASE },
    )
  }, 120_000)

  it('writes one sealed folder per person, assignment.json and links.txt', () => {
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/Study [0-9a-f]{16} \(seed 1\): 50 tasks, each solved by 2 of 3 people/)
    expect(readdirSync(out).sort()).toEqual(['ann', 'assignment.json', 'bob', 'cy', 'links.txt'])
    expect(readFileSync(join(out, 'links.txt'), 'utf8')).toBe(
      // Whole links: without --page-url, to the page's local preview (vite preview's address).
      'ann\thttp://localhost:4173/?data=https://example.org/s/ann/\nbob\thttp://localhost:4173/?data=https://example.org/s/bob/\ncy\thttp://localhost:4173/?data=https://example.org/s/cy/\n',
    )
  })

  it('gives each person exactly their assigned tasks, in their order, with fingerprints matching the unsealed data set', async () => {
    const read = readStudyFile(readFileSync(join(out, 'assignment.json'), 'utf8'))
    if (!('study' in read)) throw new Error(read.problems.join('; '))
    const study = read.study
    expect(study).toMatchObject({ format: 'spieval-study', version: 1, seed: 1, perTask: 2, setting: 'browse' })
    expect({ people: study.people, tasks: Object.fromEntries(Object.entries(study.tasks).map(([id, t]) => [id, t.people])) }).toEqual(
      assignStudy({ tasks: sampleTasks, people: ['ann', 'bob', 'cy'], perTask: 2, seed: 1 }),
    )
    const unsealedPrints = await datasetFingerprints(ownDataset)
    for (const [id, entry] of Object.entries(study.tasks)) {
      expect(entry.fingerprint, id).toBe(unsealedPrints[id])
      expect(entry.type).toBe(ownDataset.tasks.find((t) => t.id === id)?.type)
    }
    for (const person of ['ann', 'bob', 'cy']) {
      const files = readFolder(join(out, person))
      const { dataset } = loadDataset(files)
      expect(dataset.tasks.map((t) => t.id)).toEqual(study.people[person])
      expect(Object.keys(dataset.records)).toEqual(study.people[person])
      // The study fixes the setting (browse unless --setting says otherwise): the participant's page offers no other.
      expect(dataset.sealed?.study).toEqual({ id: study.id, person, tasks: study.people[person], setting: 'browse' })
      const prints = await datasetFingerprints(dataset)
      for (const id of must(study.people[person])) expect(prints[id], `${person} ${id}`).toBe(study.tasks[id]?.fingerprint)
      expect(files['tools.json']).toBe(sampleFiles['tools.json'])
      expect(files['profile.json']).toBe(sampleFiles['profile.json'])
      expect(files['input_data.jsonl']).not.toMatch(/prompt_metadata|reasoning_path/)
    }
    // The collector's passphrase opens a person's folder back to the original lines of their tasks.
    const back = await unsealDataset(readFolder(join(out, 'bob')), PASSPHRASE)
    const originalLine = new Map(must(ownFiles['input_data.jsonl']).trim().split('\n').map((l) => [(JSON.parse(l) as { id: string }).id, l]))
    expect(back['input_data.jsonl']).toBe(must(study.people.bob).map((id) => originalLine.get(id)).join('\n') + '\n')
  })

  it('makes the same study again from the same seed', async () => {
    const again = join(tmp, 'again')
    const r = await runStudy(['--data', own, '--people', 'ann,bob,cy', '--per-task', '2', '--seed', '1', '--out', again])
    expect(r.code).toBe(0)
    const a = JSON.parse(readFileSync(join(out, 'assignment.json'), 'utf8')) as Record<string, unknown>
    const b = JSON.parse(readFileSync(join(again, 'assignment.json'), 'utf8')) as Record<string, unknown>
    expect({ ...b, created: '' }).toEqual({ ...a, created: '' })
    expect(JSON.parse(readFileSync(join(again, 'ann', SEALED_FILE), 'utf8'))).toMatchObject({ cipher: null, study: { person: 'ann' } })
    expect(readFileSync(join(again, 'links.txt'), 'utf8').split('\n')[0]).toBe('ann\thttp://localhost:4173/?data=ann/')
  })

  it('fixes the setting given: in every folder and in assignment.json, and a study in another setting is another study', async () => {
    const full = join(tmp, 'full')
    const r = await runStudy(['--data', own, '--people', 'ann,bob,cy', '--per-task', '2', '--seed', '1', '--setting', 'full', '--out', full])
    expect(r.stderr).toBe('')
    expect(r.stdout).toContain('in the full setting')
    const read = readStudyFile(readFileSync(join(full, 'assignment.json'), 'utf8'))
    if (!('study' in read)) throw new Error(read.problems.join('; '))
    expect(read.study.setting).toBe('full')
    const browse = JSON.parse(readFileSync(join(out, 'assignment.json'), 'utf8')) as StudyFile
    expect(read.study.id).not.toBe(browse.id)
    expect(read.study.people).toEqual(browse.people)
    for (const person of ['ann', 'bob', 'cy']) expect(loadDataset(readFolder(join(full, person))).dataset.sealed?.study?.setting).toBe('full')
  }, 120_000)

  it('refuses mistakes in one line, before writing anything', async () => {
    const fresh = join(tmp, 'fresh')
    const base = ['--data', own, '--out', fresh, '--seed', '1']
    const cases: [string[], RegExp][] = [
      [[...base, '--people', 'ann,bob', '--per-task', '3'], /Each task needs 3 different people, but only 2 are named/],
      [[...base, '--people', 'ann,,bob', '--per-task', '1'], /--people has an empty name/],
      [[...base, '--people', 'ann,ann', '--per-task', '1'], /"ann" is named twice/],
      [[...base, '--people', 'ann,../bob', '--per-task', '1'], /cannot name a person/],
      [[...base, '--people', 'ann,bob', '--per-task', 'two'], /--per-task must be a whole number/],
      [[...base, '--people', 'ann,bob'], /Missing --per-task/],
      [[...base, '--people', 'ann,bob', '--per-task', '1', '--base-url', 'https://x/#a'], /--base-url/],
      [[...base, '--people', 'ann,bob', '--per-task', '1', '--setting', 'no_search'], /--setting "no_search" is not one of browse, paginated, full/],
      [['--data', own, '--out', out, '--people', 'ann', '--per-task', '1'], /is not empty: pass --overwrite/],
      [['--data', join(out, 'ann'), '--out', fresh, '--people', 'ann', '--per-task', '1'], /already sealed/],
      // By content, wherever the copy lies and however it is spaced or cased: the page ships these tasks' gold.
      [['--data', SAMPLE_DIR, '--out', fresh, '--people', 'ann', '--per-task', '1'], /50 of the 50 tasks \(.+\) ask what a sample bundled with the page asks/],
      [['--data', join(ROOT, 'public/data-live'), '--out', fresh, '--people', 'ann', '--per-task', '1'], /ask what a sample bundled with the page asks/],
      [['--data', respacedSample(), '--out', fresh, '--people', 'ann', '--per-task', '1'], /50 of the 50 tasks/],
    ]
    const results = await Promise.all(cases.map(([args]) => runStudy(args)))
    results.forEach((r, i) => {
      const [args, message] = must(cases[i])
      expect(r.code, args.join(' ')).not.toBe(0)
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(message)
    })
    expect(() => readdirSync(fresh)).toThrow()
  }, 120_000)
})
