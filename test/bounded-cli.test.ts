import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { writeOwnCopy } from './ownCopy'
import { cliArgs } from './support/cli'

/** Runs a command of cli/ from its bundle, or (`tsx`) any TypeScript file as npm run would. */
function run(script: string, args: string[], env: Record<string, string> = {}, tsx = false): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...(tsx ? ['--import', 'tsx', script] : cliArgs(script)), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    )
  })
}

describe('seal and study never write through a symbolic link', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'bounded-'))
  const victim = join(tmp, 'victim')
  cpSync(SAMPLE_DIR, victim, { recursive: true })
  const gold = readFileSync(join(victim, 'input_data.jsonl'), 'utf8')

  it('study --overwrite refuses a person folder that links to a data set', async () => {
    const out = join(tmp, 'study')
    mkdirSync(out)
    symlinkSync(victim, join(out, 'ann'), 'dir')
    // A data set of one's own (the bundled sample itself is refused before any folder is looked at).
    const r = await run(join(ROOT, 'cli/study.ts'), ['--data', writeOwnCopy(SAMPLE_DIR), '--out', out, '--people', 'ann,bob', '--per-task', '1', '--seed', '1', '--overwrite'])
    expect(r.code).not.toBe(0)
    expect(r.stderr.split('\n')[0]).toMatch(/ann leads to .*victim, outside --out .* \(a symbolic link\)/)
    expect(readFileSync(join(victim, 'input_data.jsonl'), 'utf8')).toBe(gold)
    // Nothing was written for anyone.
    expect(() => readFileSync(join(out, 'bob', 'input_data.jsonl'))).toThrow()
  }, 120_000)

  it('seal --overwrite refuses a file in --out that links to a data set file, and an --out that is a link', async () => {
    const out = join(tmp, 'sealed')
    mkdirSync(out)
    writeFileSync(join(out, 'x.txt'), 'x')
    symlinkSync(join(victim, 'input_data.jsonl'), join(out, 'input_data.jsonl'))
    const r = await run(join(ROOT, 'cli/seal.ts'), ['--data', SAMPLE_DIR, '--out', out, '--overwrite'])
    expect(r.code).not.toBe(0)
    expect(r.stderr.split('\n')[0]).toMatch(/input_data\.jsonl leads to .*victim.*outside --out/)
    const linked = join(tmp, 'linked')
    symlinkSync(victim, linked, 'dir')
    const r2 = await run(join(ROOT, 'cli/seal.ts'), ['--data', SAMPLE_DIR, '--out', linked, '--overwrite'])
    expect(r2.code).not.toBe(0)
    expect(r2.stderr.split('\n')[0]).toMatch(/outside --out/)
    expect(readFileSync(join(victim, 'input_data.jsonl'), 'utf8')).toBe(gold)
  }, 120_000)
})

describe('secrets on the command line', () => {
  it('SPIEVAL_DEBUG prints the stack without a secret the command named', async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'bounded-')), 'throws.ts')
    writeFileSync(
      script,
      `import { exitOnError, keepSecret } from ${JSON.stringify(join(ROOT, 'cli/errors.ts'))}\nexitOnError()\nkeepSecret('sk-test-0123456789')\nthrow new Error('the server refused key sk-test-0123456789')\n`,
    )
    const r = await run(script, [], { SPIEVAL_DEBUG: '1' }, true)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/at .*throws\.ts/)
    expect(r.stderr).not.toContain('sk-test-0123456789')
  }, 60_000)

  it('agent --help says that --api_key shows in ps', async () => {
    const r = await run(join(ROOT, 'cli/agent.ts'), ['--help'])
    expect(r.stdout).toMatch(/--api_key puts the key on the command line, where other users of the machine see it \(ps/)
  }, 60_000)
})
