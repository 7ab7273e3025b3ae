import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { DatasetError, SEALED_FILE, loadDataset } from '../src/core/index'
import type { Dataset } from '../src/core/index'
import {
  MIN_ITERATIONS,
  SealError,
  canonicalJson,
  checkSealedManifest,
  datasetFingerprints,
  isSealed,
  readSealedManifest,
  sealDataset,
  studyFingerprint,
  unsealDataset,
} from '../src/core/seal'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { cliArgs } from './support/cli'

/** A value the test needs, or a failure naming it (instead of a non-null assertion). */
function must<T>(value: T | undefined | null, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`)
  return value
}

const NAMES = ['input_data.jsonl', 'records_db.json', 'tools.json', 'profile.json']
const PASSPHRASE = 'correct horse battery staple'

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

const original = readFolder(SAMPLE_DIR)
const originalLines = must(original['input_data.jsonl']).split('\n').filter((l) => l !== '')
const originalTasks = originalLines.map((l) => JSON.parse(l) as Record<string, unknown>)

/** Every scalar inside a value, as text. */
function scalars(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => scalars(v, out))
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((v) => scalars(v, out))
  else if (value !== null && value !== undefined) out.add(String(value))
  return out
}

function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (err: unknown) => err,
  )
}

function withLines(files: Record<string, string>, edit: (line: Record<string, unknown>, i: number) => Record<string, unknown>): Record<string, string> {
  const lines = must(files['input_data.jsonl']).split('\n').filter((l) => l !== '')
  return { ...files, 'input_data.jsonl': lines.map((l, i) => JSON.stringify(edit(JSON.parse(l) as Record<string, unknown>, i))).join('\n') + '\n' }
}

function loadErrors(files: Record<string, string>): string[] {
  try {
    loadDataset(files)
  } catch (err) {
    if (err instanceof DatasetError) return err.issues.filter((i) => i.level === 'error').map((i) => `${i.file}: ${i.message}`)
    throw err
  }
  return []
}

let sealed: Record<string, string>
let stripped: Record<string, string>

beforeAll(async () => {
  ;[sealed, stripped] = await Promise.all([sealDataset(original, { passphrase: PASSPHRASE }), sealDataset(original)])
})

describe('sealDataset with a passphrase', () => {
  it('keeps records, tools and profile as they were, and only id, type, messages and sealed of each task', () => {
    expect(Object.keys(sealed).sort()).toEqual([...NAMES, SEALED_FILE].sort())
    for (const name of ['records_db.json', 'tools.json', 'profile.json']) expect(sealed[name], name).toBe(original[name])
    const lines = must(sealed['input_data.jsonl']).split('\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(originalTasks.length)
    lines.forEach((line, i) => {
      const task = JSON.parse(line) as Record<string, unknown>
      const source = must(originalTasks[i])
      expect(Object.keys(task)).toEqual(['id', 'type', 'messages', 'sealed'])
      expect(task.id).toBe(source.id)
      expect(task.type).toBe(source.type)
      expect(task.messages).toEqual(source.messages)
      expect(task.sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    })
  })

  it('writes sealed.json in the documented format', () => {
    const manifest = JSON.parse(must(sealed[SEALED_FILE])) as Record<string, unknown>
    expect(manifest).toEqual({
      format: 'spieval-sealed',
      version: 1,
      cipher: 'AES-GCM',
      kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: MIN_ITERATIONS, salt: expect.any(String) },
      check: expect.any(String),
    })
    expect(MIN_ITERATIONS).toBe(600_000)
    const salt = Buffer.from((manifest.kdf as { salt: string }).salt, 'base64')
    expect(salt.length).toBeGreaterThanOrEqual(16)
    expect(isSealed(sealed)).toBe(true)
    expect(isSealed(original)).toBe(false)
  })

  it('leaves no gold in the folder: no reasoning path, distractor or gold value that the records, tools, profile and instructions do not already show', () => {
    const everything = Object.values(sealed).join('\n')
    // The sealed values are ciphertext; outside them, not even a short value may show.
    const outside = [...Object.entries(sealed)].map(([name, text]) => (name === 'input_data.jsonl' ? text.replace(/"sealed":"[^"]*"/g, '') : text)).join('\n')
    const publicText = [original['records_db.json'], original['tools.json'], original['profile.json'], ...originalTasks.map((t) => JSON.stringify(t.messages))].join('\n')
    let secrets = 0
    for (const task of originalTasks) {
      for (const key of ['reasoning_path', 'distractors'] as const) {
        const text = task[key]
        expect(typeof text).toBe('string')
        expect(everything.includes(text as string), `${String(task.id)} ${key}`).toBe(false)
        expect(everything.includes((text as string).slice(0, 40)), `${String(task.id)} ${key} (start)`).toBe(false)
      }
      expect(everything.includes(JSON.stringify(task.prompt_metadata))).toBe(false)
      const meta = task.prompt_metadata as { answer: { arguments: unknown }[] }
      for (const value of scalars(meta.answer.map((c) => c.arguments))) {
        if (publicText.includes(value)) continue // findable by design: the task is to find it
        secrets++
        expect(outside.includes(value), `${String(task.id)}: ${value}`).toBe(false)
        if (value.length >= 8) expect(everything.includes(value), `${String(task.id)}: ${value}`).toBe(false)
      }
    }
    expect(secrets).toBeGreaterThan(30)
    expect(everything).not.toMatch(/prompt_metadata|reasoning_path|distractors|free_params/)
  })

  it('uses a fresh salt and fresh IVs: sealing twice gives other bytes', async () => {
    const again = await sealDataset(original, { passphrase: PASSPHRASE })
    expect(again[SEALED_FILE]).not.toBe(sealed[SEALED_FILE])
    const ivs = (files: Record<string, string>) => must(files['input_data.jsonl']).trim().split('\n').map((l) => (JSON.parse(l) as { sealed: string }).sealed.slice(0, 16))
    expect(new Set([...ivs(sealed), ...ivs(again)]).size).toBe(2 * originalTasks.length)
  })

  it('refuses fewer than 600,000 iterations, an empty passphrase and a data set already sealed', async () => {
    for (const iterations of [599_999, 1000, 0, 1.5])
      expect(await failure(sealDataset(original, { passphrase: PASSPHRASE, iterations }))).toMatchObject({ code: 'options', message: expect.stringMatching(/600000/) })
    expect(await failure(sealDataset(original, { passphrase: '' }))).toMatchObject({ code: 'options' })
    expect(await failure(sealDataset(sealed, { passphrase: PASSPHRASE }))).toMatchObject({ code: 'already-sealed' })
  })

  it('refuses a data set that does not load', async () => {
    const broken = { ...original, 'tools.json': '[' }
    expect(await failure(sealDataset(broken, { passphrase: PASSPHRASE }))).toBeInstanceOf(DatasetError)
  })
})

describe('unsealDataset', () => {
  it('gives back every original line byte for byte, and the other files', async () => {
    const back = await unsealDataset(sealed, PASSPHRASE)
    expect(Object.keys(back).sort()).toEqual([...NAMES].sort())
    // public/data has one task a line and a final newline, so the whole file comes back as it was.
    expect(back['input_data.jsonl']).toBe(original['input_data.jsonl'])
    for (const name of NAMES) expect(back[name], name).toBe(original[name])
  })

  it('gives back a live data set (expected_state, friction, verify) too', async () => {
    const live = readFolder(join(ROOT, 'public/data-live'))
    const back = await unsealDataset(await sealDataset(live, { passphrase: 'another passphrase' }), 'another passphrase')
    expect(back).toEqual(live)
    expect(loadDataset(back).dataset).toEqual(loadDataset(live).dataset)
  })

  it('keeps odd lines exactly: unicode escapes, key order, spacing, and a passphrase in another Unicode form', async () => {
    const base = must(originalTasks[0])
    const odd = [
      `{ "messages": ${JSON.stringify(base.messages)}, "id" : "a\\u00e9", "type":"推理", "prompt_metadata": {"answer": [], "extra": [1.50, 2e3]} ,"zz": null }`,
      JSON.stringify({ ...base, id: 'b', note: 'é\u2028 𝄞' }),
    ]
    const files = {
      ...original,
      'input_data.jsonl': odd.join('\r\n') + '\r\n\r\n',
      'records_db.json': JSON.stringify({ aé: {}, b: {} }),
    }
    // "é" composed (NFC) to seal, decomposed (NFD) to open: the same passphrase to a person.
    const sealedOdd = await sealDataset(files, { passphrase: 'caf\u00e9 au lait' })
    const back = await unsealDataset(sealedOdd, 'cafe\u0301 au lait')
    expect(back['input_data.jsonl']).toBe(odd.join('\n') + '\n')
  })

  it('says a wrong passphrase is wrong', async () => {
    const err = await failure(unsealDataset(sealed, 'correct horse battery stapler'))
    expect(err).toBeInstanceOf(SealError)
    expect(err).toMatchObject({ code: 'wrong-passphrase', message: expect.stringMatching(/wrong passphrase/i) })
  })

  it('names a task whose sealed value was altered, or moved from another task', async () => {
    const target = must(originalTasks[7]).id as string
    const flipped = withLines(sealed, (line) => {
      if (line.id !== target) return line
      const value = line.sealed as string
      const at = 40
      return { ...line, sealed: value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1) }
    })
    expect(await failure(unsealDataset(flipped, PASSPHRASE))).toMatchObject({ code: 'tampered', taskId: target, message: expect.stringContaining(`"${target}"`) })

    const other = must(originalTasks[8]).id as string
    const values = new Map(must(sealed['input_data.jsonl']).trim().split('\n').map((l) => [(JSON.parse(l) as { id: string }).id, (JSON.parse(l) as { sealed: string }).sealed]))
    const swapped = withLines(sealed, (line) => (line.id === target ? { ...line, sealed: values.get(other) } : line))
    expect(await failure(unsealDataset(swapped, PASSPHRASE))).toMatchObject({ code: 'tampered', taskId: target })

    // The instruction shown changed, the sealed value kept: the original line does not match it.
    const reworded = withLines(sealed, (line) => (line.id === target ? { ...line, messages: [{ role: 'user', content: 'Something else' }] } : line))
    expect(await failure(unsealDataset(reworded, PASSPHRASE))).toMatchObject({ code: 'tampered', taskId: target, message: expect.stringMatching(/does not match/) })
  })

  it('refuses a folder that is not sealed, and one sealed without a passphrase', async () => {
    expect(await failure(unsealDataset(original, PASSPHRASE))).toMatchObject({ code: 'not-sealed' })
    expect(await failure(unsealDataset(stripped, PASSPHRASE))).toMatchObject({ code: 'no-gold' })
  })

  it('refuses a sealed.json asking for fewer than 600,000 iterations before deriving anything', async () => {
    const manifest = JSON.parse(must(sealed[SEALED_FILE])) as { kdf: { iterations: number } }
    manifest.kdf.iterations = 1000
    const weak = { ...sealed, [SEALED_FILE]: JSON.stringify(manifest) }
    expect(await failure(unsealDataset(weak, PASSPHRASE))).toMatchObject({ code: 'malformed', message: expect.stringMatching(/iterations/) })
  })
})

describe('sealDataset without a passphrase', () => {
  it('removes the gold: sealed.json says cipher null, and lines are id, type and messages only', () => {
    expect(JSON.parse(must(stripped[SEALED_FILE]))).toEqual({ format: 'spieval-sealed', version: 1, cipher: null, kdf: null, check: null })
    for (const line of must(stripped['input_data.jsonl']).trim().split('\n')) expect(Object.keys(JSON.parse(line) as object)).toEqual(['id', 'type', 'messages'])
    expect(must(stripped['input_data.jsonl']).length).toBeLessThan(must(original['input_data.jsonl']).length / 2)
  })
})

describe('sealed.json validation (the one validator)', () => {
  const good = () => JSON.parse(must(sealed[SEALED_FILE])) as Record<string, unknown>
  it('accepts what sealDataset writes, with or without a study', () => {
    expect(readSealedManifest(must(sealed[SEALED_FILE]))).toHaveProperty('manifest')
    expect(readSealedManifest(must(stripped[SEALED_FILE]))).toHaveProperty('manifest')
    expect(checkSealedManifest({ ...good(), study: { id: 's', person: 'ann', tasks: ['a', 'b'] } })).toHaveProperty('manifest.study.person', 'ann')
  })

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['a list', '[]', /JSON object/],
    ['another format', JSON.stringify({ format: 'x', version: 1 }), /"format"/],
    ['a newer version', JSON.stringify({ format: 'spieval-sealed', version: 2 }), /newer/],
    ['another cipher', JSON.stringify({ format: 'spieval-sealed', version: 1, cipher: 'AES-CBC' }), /"cipher"/],
  ])('refuses %s', (_, text, message) => {
    const read = readSealedManifest(text)
    expect(read).toHaveProperty('problems')
    expect((read as { problems: string[] }).problems.join('; ')).toMatch(message)
  })

  it.each([
    ['too few iterations', (m: Record<string, unknown>) => ({ ...m, kdf: { ...(m.kdf as object), iterations: 599_999 } }), /iterations/],
    ['too many iterations', (m: Record<string, unknown>) => ({ ...m, kdf: { ...(m.kdf as object), iterations: 1e12 } }), /iterations/],
    ['a short salt', (m: Record<string, unknown>) => ({ ...m, kdf: { ...(m.kdf as object), salt: 'AAAA' } }), /salt/],
    ['another hash', (m: Record<string, unknown>) => ({ ...m, kdf: { ...(m.kdf as object), hash: 'SHA-1' } }), /hash/],
    ['no check', (m: Record<string, unknown>) => ({ ...m, check: undefined }), /check/],
    ['a check that is not base64', (m: Record<string, unknown>) => ({ ...m, check: 'not base64!' }), /check/],
    ['a study without tasks', (m: Record<string, unknown>) => ({ ...m, study: { id: 's', person: 'ann' } }), /study\.tasks/],
    ['a study listing a task twice', (m: Record<string, unknown>) => ({ ...m, study: { id: 's', person: 'ann', tasks: ['a', 'a'] } }), /twice/],
    ['a key with no cipher', (m: Record<string, unknown>) => ({ ...m, cipher: null }), /"kdf" must be null/],
  ])('refuses %s', (_, edit, message) => {
    const read = checkSealedManifest(edit(good()))
    expect(read).toHaveProperty('problems')
    expect((read as { problems: string[] }).problems.join('; ')).toMatch(message)
  })
})

describe('loadDataset and sealed folders', () => {
  let sealedSet: Dataset
  let warnings: { file: string; message: string }[]
  beforeAll(() => {
    ;({ dataset: sealedSet, warnings } = loadDataset(sealed))
  })

  it('loads a sealed folder as sealed: tasks without gold, each with its sealed value', () => {
    expect(sealedSet.sealed).toMatchObject({ format: 'spieval-sealed', cipher: 'AES-GCM' })
    expect(sealedSet.tasks.map((t) => t.id)).toEqual(originalTasks.map((t) => t.id))
    for (const task of sealedSet.tasks) {
      expect(task.answer).toEqual([])
      expect(task.reasoningPath).toBe('')
      expect(task.distractors).toBe('')
      expect(task.live).toBeUndefined()
      expect(task.sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/)
    }
    expect(warnings).toEqual([expect.objectContaining({ level: 'warning', file: SEALED_FILE, message: expect.stringMatching(/sealed data set.*50 tasks.*encrypted/) })])
    const strippedSet = loadDataset(stripped).dataset
    expect(strippedSet.sealed?.cipher).toBeNull()
    expect(strippedSet.tasks.every((t) => t.sealed === undefined && t.answer.length === 0)).toBe(true)
  })

  it('loads the unsealed folder unchanged: no sealed mark, the gold there', () => {
    const plain = loadDataset(original)
    expect(plain.dataset.sealed).toBeUndefined()
    expect('sealed' in plain.dataset).toBe(false)
    expect(plain.dataset.tasks.every((t) => !('sealed' in t) && t.answer.length > 0)).toBe(true)
    expect(plain.warnings).toEqual([])
  })

  it('gives the same fingerprints sealed and unsealed', async () => {
    const plain = loadDataset(original).dataset
    expect(await datasetFingerprints(sealedSet)).toEqual(await datasetFingerprints(plain))
  })

  it('does not loosen the checks of an unsealed folder', () => {
    // A line without gold is still an error without sealed.json; one that looks sealed says so.
    expect(loadErrors(withLines(original, ({ prompt_metadata: _, ...rest }) => rest)).join('\n')).toMatch(/"prompt_metadata" must be an object with "answer"/)
    expect(loadErrors({ ...sealed, [SEALED_FILE]: undefined as unknown as string }).length).toBe(originalTasks.length)
    const { [SEALED_FILE]: _, ...withoutManifest } = sealed
    expect(loadErrors(withoutManifest)[0]).toMatch(/the task is sealed/)
  })

  it('refuses gold, or any other key, left in a sealed folder', () => {
    const leaked = withLines(sealed, (line, i) => (i === 3 ? { ...line, prompt_metadata: must(originalTasks[3]).prompt_metadata } : line))
    expect(loadErrors(leaked)).toEqual([expect.stringMatching(/input_data.jsonl: task ".*": a sealed task has only .* \(found "prompt_metadata"\)/)])
    const extra = withLines(stripped, (line, i) => (i === 0 ? { ...line, reasoning_path: 'x' } : line))
    expect(loadErrors(extra)).toEqual([expect.stringMatching(/found "reasoning_path"/)])
  })

  it('refuses lines that do not agree with sealed.json, and a malformed sealed.json', () => {
    expect(loadErrors(withLines(sealed, ({ sealed: _, ...rest }, i) => (i === 0 ? rest : { ...rest, sealed: _ })))).toEqual([expect.stringMatching(/"sealed" is missing/)])
    expect(loadErrors(withLines(stripped, (line, i) => (i === 0 ? { ...line, sealed: 'QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB' } : line)))).toEqual([expect.stringMatching(/"sealed" is not expected/)])
    expect(loadErrors(withLines(sealed, (line, i) => (i === 0 ? { ...line, sealed: 'short' } : line)))).toEqual([expect.stringMatching(/base64/)])
    expect(loadErrors({ ...sealed, [SEALED_FILE]: '{"format":"spieval-sealed","version":1,"cipher":"rot13"}' })).toEqual([expect.stringMatching(/^sealed.json: "cipher"/)])
  })

  it('refuses a study whose task list is not the folder’s', async () => {
    const ids = originalTasks.map((t) => t.id as string)
    const bundle = await sealDataset(original, { study: { id: 's1', person: 'ann', tasks: [must(ids[4]), must(ids[1])] } })
    const loaded = loadDataset(bundle).dataset
    expect(loaded.tasks.map((t) => t.id)).toEqual([ids[4], ids[1]])
    expect(Object.keys(loaded.records)).toEqual([ids[4], ids[1]])
    expect(loaded.sealed?.study).toEqual({ id: 's1', person: 'ann', tasks: [ids[4], ids[1]] })
    const manifest = JSON.parse(must(bundle[SEALED_FILE])) as { study: { tasks: string[] } }
    manifest.study.tasks = [must(ids[1]), must(ids[4])]
    expect(loadErrors({ ...bundle, [SEALED_FILE]: JSON.stringify(manifest) })).toEqual([expect.stringMatching(/"study.tasks" is not the list .* at position 1/)])
    expect(await failure(sealDataset(original, { study: { id: 's1', person: 'ann', tasks: ['nope'] } }))).toMatchObject({ code: 'options', message: expect.stringContaining('"nope"') })
  })
})

describe('studyFingerprint', () => {
  it('hashes the canonical JSON of the instruction and the records (keys sorted)', async () => {
    expect(canonicalJson({ b: [1, { d: 'x', c: null }], a: 'é' })).toBe('{"a":"é","b":[1,{"c":null,"d":"x"}]}')
    const a = await studyFingerprint('Call Tom', { contacts: [{ 姓名: 'Tom', 电话号码: '1' }] })
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(await studyFingerprint(['Call Tom'], { contacts: [{ 电话号码: '1', 姓名: 'Tom' }] })).toBe(a)
    expect(await studyFingerprint('Call Tom', { contacts: [{ 姓名: 'Tom', 电话号码: '2' }] })).not.toBe(a)
    expect(await studyFingerprint('Call Tom.', { contacts: [{ 姓名: 'Tom', 电话号码: '1' }] })).not.toBe(a)
    // Known value: SHA-256 of {"instruction":["x"],"records":{}}.
    expect(await studyFingerprint('x', {})).toBe(
      (await import('node:crypto')).createHash('sha256').update('{"instruction":["x"],"records":{}}').digest('hex'),
    )
  })

  it('takes an empty app list as no list, since the page stores none (a file and the page fingerprint alike)', async () => {
    const stored = await studyFingerprint('Call Tom', { contacts: [{ 姓名: 'Tom', 电话号码: '1' }] })
    expect(await studyFingerprint('Call Tom', { contacts: [{ 姓名: 'Tom', 电话号码: '1' }], sms: [] })).toBe(stored)
    expect(await studyFingerprint('Call Tom', { contacts: [{ 姓名: 'Tom', 电话号码: '1' }], sms: [{ 内容: 'hi' }] })).not.toBe(stored)
  })
})

/** Runs a command without blocking, so that independent runs go side by side. */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...cliArgs(script), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    )
  })
}

describe('npm run seal', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'seal-'))
  const out = join(tmp, 'sealed')
  let written: Awaited<ReturnType<typeof run>>
  beforeAll(async () => {
    written = await run('cli/seal.ts', ['--data', SAMPLE_DIR, '--out', out, '--passphrase-env', 'SEAL_TEST_PASSPHRASE'], { SEAL_TEST_PASSPHRASE: PASSPHRASE })
  }, 120_000)

  it('writes a sealed folder that validate accepts (saying the gold is not checked) and that opens with the passphrase', async () => {
    expect(written.stderr).toBe('')
    expect(written.code).toBe(0)
    expect(written.stdout).toMatch(/Sealed 50 tasks .*gold encrypted .*600000 iterations/)
    expect(written.stdout).not.toContain(PASSPHRASE)
    expect(readdirSync(out).sort()).toEqual([...NAMES, SEALED_FILE].sort())
    const [v, agent, score] = await Promise.all([
      run('cli/validate.ts', [out]),
      // Agents and the scorer refuse it: its tasks have no gold to be scored against.
      run('cli/agent.ts', ['--data', out, '--agent', 'oracle', '--out', join(tmp, 'r.jsonl')]),
      run('cli/score.ts', ['--input_data', join(out, 'input_data.jsonl'), '--input_response_data', join(SAMPLE_DIR, 'input_data.jsonl'), '--output_file', join(tmp, 'result.json')]),
    ])
    expect(v.code).toBe(0)
    expect(v.stdout).toMatch(/warning: sealed.json: a sealed data set/)
    expect(v.stdout).toMatch(/50 tasks, .* 0 errors, 1 warning/)
    expect(agent.code).toBe(1)
    expect(agent.stderr).toMatch(/is a sealed data set/)
    expect(score.code).not.toBe(0)
    expect(score.stderr).toMatch(/the task is sealed/)
    const back = await unsealDataset(readFolder(out), PASSPHRASE)
    expect(back['input_data.jsonl']).toBe(original['input_data.jsonl'])
  }, 120_000)

  it('without --passphrase-env removes the gold', async () => {
    const bare = join(tmp, 'stripped')
    const r = await run('cli/seal.ts', ['--data', SAMPLE_DIR, '--out', bare])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/gold removed/)
    expect(JSON.parse(readFileSync(join(bare, SEALED_FILE), 'utf8'))).toMatchObject({ cipher: null })
    expect((await run('cli/validate.ts', [bare])).code).toBe(0)
  }, 120_000)

  it('refuses mistakes in one line, before writing anything', async () => {
    const empty = join(tmp, 'empty')
    const full = join(tmp, 'full')
    mkdirSync(full)
    writeFileSync(join(full, 'x.txt'), 'x')
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['--data', SAMPLE_DIR], {}, /Missing --out/],
      [['--data', SAMPLE_DIR, '--out', SAMPLE_DIR], {}, /--out is the data folder/],
      [['--data', SAMPLE_DIR, '--out', join(ROOT, 'public')], {}, /holds the data folder/],
      [['--data', SAMPLE_DIR, '--out', full], {}, /is not empty: pass --overwrite/],
      [['--data', SAMPLE_DIR, '--out', empty, '--iterations', '1000'], {}, /--iterations must be a whole number of at least 600000/],
      [['--data', SAMPLE_DIR, '--out', empty, '--passphrase-env', 'SEAL_TEST_UNSET'], {}, /names SEAL_TEST_UNSET, which is not set/],
      [['--data', SAMPLE_DIR, '--out', empty, '--passphrase-env', 'SEAL_TEST_EMPTY'], { SEAL_TEST_EMPTY: '' }, /which is empty/],
      [['--data', join(tmp, 'nope'), '--out', empty], {}, /Data set folder not found/],
      [['--data', out, '--out', empty], {}, /already sealed/],
    ]
    const results = await Promise.all(cases.map(([args, env]) => run('cli/seal.ts', args, env)))
    results.forEach((r, i) => {
      const [args, , message] = must(cases[i])
      expect(r.code, args.join(' ')).not.toBe(0)
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(message)
      expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/)
    })
    expect(() => readdirSync(empty)).toThrow()
    expect(readdirSync(full)).toEqual(['x.txt'])
    const over = await run('cli/seal.ts', ['--data', SAMPLE_DIR, '--out', full, '--overwrite'])
    expect(over.code).toBe(0)
    expect(readdirSync(full).sort()).toEqual([...NAMES, SEALED_FILE, 'x.txt'].sort())
  }, 120_000)
})
