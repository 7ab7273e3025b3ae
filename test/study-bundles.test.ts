import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SEALED_FILE, loadDataset } from '../src/core/index'
import { MIN_ITERATIONS, SealError, datasetFingerprints, sealDataset, unsealDataset } from '../src/core/seal'
import { BundledTasksError, StudyError, assignStudy, bundledQuestions, makeStudy, taskQuestion, readStudyFile, studyBaseUrl, studyFileText, studyFolderFiles } from '../src/core/study'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { ownCopyFiles, writeOwnCopy } from './ownCopy'
import { cliArgs } from './support/cli'

function must<T>(value: T | undefined | null, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`)
  return value
}

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const sampleFiles: Record<string, string> = Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(SAMPLE_DIR, name), 'utf8')]))
const sample = loadDataset(sampleFiles).dataset
const CREATED = '2026-03-14T09:00:00.000Z'

/** Every file under a folder, by path relative to it. */
function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else out[relative(dir, path)] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return out
}

function runStudy(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...cliArgs('cli/study.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    )
  })
}

describe('makeStudy', () => {
  const people = ['ann', 'bob', 'cy', 'dee']
  const input = { files: sampleFiles, bundled: new Set<string>(), people, perTask: 2, seed: 11, baseUrl: 'https://example.org/s', created: CREATED }

  it('is deterministic: the same inputs give the same study, folders and links, byte for byte', async () => {
    const [a, b] = await Promise.all([makeStudy(input), makeStudy(input)])
    expect(studyFolderFiles(b)).toEqual(studyFolderFiles(a))
    expect(a.study.created).toBe(CREATED)
    // Another seed is another study.
    const c = await makeStudy({ ...input, seed: 12 })
    expect(c.study.id).not.toBe(a.study.id)
    expect(c.study.people).not.toEqual(a.study.people)
  })

  it('assigns as assignStudy does and gives each person their sealed share, with the data set’s fingerprints', async () => {
    const made = await makeStudy(input)
    const tasks = sample.tasks.map((t) => ({ id: t.id, type: t.type }))
    expect(made.assignment).toEqual(assignStudy({ tasks, people, perTask: 2, seed: 11 }))
    expect(made.study.people).toEqual(made.assignment.people)
    expect(Object.keys(made.bundles)).toEqual(people)
    const prints = await datasetFingerprints(sample)
    for (const [id, entry] of Object.entries(made.study.tasks)) expect(entry.fingerprint, id).toBe(prints[id])
    for (const person of people) {
      const { dataset } = loadDataset(must(made.bundles[person]))
      expect(dataset.tasks.map((t) => t.id)).toEqual(made.study.people[person])
      expect(dataset.sealed).toMatchObject({ cipher: null, study: { id: made.study.id, person } })
    }
    expect(made.links).toBe(people.map((p) => `${p}\t?data=https://example.org/s/${p}/`).join('\n') + '\n')
    expect(readStudyFile(studyFileText(made.study))).toEqual({ study: made.study })
    expect(Object.keys(studyFolderFiles(made)).sort()).toEqual(
      ['assignment.json', 'links.txt', ...people.flatMap((p) => [...NAMES, SEALED_FILE].map((n) => `${p}/${n}`))].sort(),
    )
  })

  it('encrypts with a passphrase: the collector’s passphrase opens each folder back to the person’s original lines', async () => {
    const passphrase = 'a long enough study passphrase'
    const made = await makeStudy({ ...input, people: ['ann', 'bob'], passphrase, iterations: MIN_ITERATIONS })
    const original = new Map(must(sampleFiles['input_data.jsonl']).trim().split('\n').map((l) => [(JSON.parse(l) as { id: string }).id, l]))
    for (const person of ['ann', 'bob']) {
      const bundle = must(made.bundles[person])
      expect(JSON.parse(must(bundle[SEALED_FILE]))).toMatchObject({ cipher: 'AES-GCM', kdf: { iterations: MIN_ITERATIONS }, study: { person } })
      const back = await unsealDataset(bundle, passphrase)
      expect(back['input_data.jsonl']).toBe(must(made.study.people[person]).map((id) => original.get(id)).join('\n') + '\n')
    }
  }, 60_000)

  it('refuses what cannot make a study, in the words the command line prints', async () => {
    await expect(makeStudy({ ...input, people: ['ann', 'bob'], perTask: 3 })).rejects.toThrow(new StudyError('Each task needs 3 different people, but only 2 are named.'))
    await expect(makeStudy({ ...input, people: ['ann', '../bob'] })).rejects.toThrow(/cannot name a person/)
    await expect(makeStudy({ ...input, baseUrl: 'https://x/#a' })).rejects.toThrow(StudyError)
    const sealed = await sealDataset(sampleFiles)
    await expect(makeStudy({ ...input, files: sealed })).rejects.toMatchObject({ code: 'already-sealed' })
    await expect(makeStudy({ ...input, files: sealed })).rejects.toBeInstanceOf(SealError)
    await expect(makeStudy({ ...input, passphrase: '' })).rejects.toMatchObject({ code: 'options' })
  })

  it('refuses tasks that ask what a bundled sample asks, by content, and only those', async () => {
    const shipped = bundledQuestions([must(sampleFiles['input_data.jsonl'])])
    expect(shipped.size).toBe(50)
    const refused = makeStudy({ ...input, bundled: shipped })
    await expect(refused).rejects.toBeInstanceOf(BundledTasksError)
    await expect(refused).rejects.toMatchObject({ total: 50, ids: expect.arrayContaining(['推理1']) as unknown })
    // One task asked differently is no longer the sample's; the other 49 still are.
    const lines = must(sampleFiles['input_data.jsonl']).trim().split('\n')
    const first = JSON.parse(must(lines[0])) as { id: string; messages: { role: string; content: string }[] }
    for (const m of first.messages) m.content = `Tomorrow: ${m.content}`
    const oneChanged = { ...sampleFiles, 'input_data.jsonl': [JSON.stringify(first), ...lines.slice(1)].join('\n') + '\n' }
    await expect(makeStudy({ ...input, files: oneChanged, bundled: shipped })).rejects.toMatchObject({ ids: expect.not.arrayContaining([first.id]) as unknown })
    const onlyFirst = { ...oneChanged, 'input_data.jsonl': JSON.stringify(first) + '\n' }
    await expect(makeStudy({ ...input, files: onlyFirst, people: ['ann', 'bob'], bundled: shipped })).resolves.toHaveProperty('study')
    expect(taskQuestion({ messages: [{ role: 'user', content: '  CALL  my\tmanager ' }] })).toBe(taskQuestion({ messages: [{ role: 'user', content: 'call my manager' }] }))
  }, 60_000)

  it('normalizes base URLs as links.txt uses them', () => {
    expect(studyBaseUrl('')).toBe('')
    expect(studyBaseUrl('https://example.org/s')).toBe('https://example.org/s/')
    expect(studyBaseUrl('study/')).toBe('study/')
    for (const bad of ['a b', 'x#y', 'a"b', '<x>']) expect(studyBaseUrl(bad), bad).toBeUndefined()
  })
})

describe('npm run study and makeStudy', () => {
  // The command line refuses the bundled sample itself: a reworded copy of it is a data set of one's own.
  const ownFolder = writeOwnCopy(SAMPLE_DIR)
  const out = join(mkdtempSync(join(tmpdir(), 'study-bundles-')), 'study')
  let cli: Awaited<ReturnType<typeof runStudy>>
  beforeAll(async () => {
    cli = await runStudy(['--data', ownFolder, '--people', 'ann,bob,cy', '--per-task', '2', '--seed', '5', '--out', out, '--base-url', 'https://example.org/a&b/'])
  }, 120_000)

  it('write the same folder for the same seed: every file byte for byte, assignment.json but its date', async () => {
    expect(cli.stderr).toBe('')
    expect(cli.code).toBe(0)
    const written = readTree(out)
    const study = readStudyFile(must(written['assignment.json']))
    if (!('study' in study)) throw new Error(study.problems.join('; '))
    const made = await makeStudy({ files: ownCopyFiles(SAMPLE_DIR), bundled: new Set(), people: ['ann', 'bob', 'cy'], perTask: 2, seed: 5, baseUrl: 'https://example.org/a&b/', pageUrl: 'http://localhost:4173/', created: study.study.created })
    expect(written).toEqual(studyFolderFiles(made))
    // Whole links: the command line's default page is the local preview (--page-url gives the published one).
    expect(written['links.txt']).toBe(
      'ann\thttp://localhost:4173/?data=https://example.org/a%26b/ann/\nbob\thttp://localhost:4173/?data=https://example.org/a%26b/bob/\ncy\thttp://localhost:4173/?data=https://example.org/a%26b/cy/\n',
    )
    expect(cli.stdout).toContain(`Study ${made.study.id} (seed 5)`)
  })
})
