import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { cliArgs, tsxArgs } from './support/cli'
import { cliEntries } from './support/cliBundle'
import { ROOT, SAMPLE_DIR } from './fixtures'

/** Runs a command and keeps what a user sees of it. */
function answer(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

// The other tests start the bundles; this one holds that a bundle is the command `npm run` starts.
describe('each command answers through tsx, as npm run starts it, what its bundle answers', () => {
  const entries = cliEntries()
  it('covers the eleven commands', () => {
    expect(entries).toEqual(['agent.ts', 'analyze.ts', 'collect.ts', 'export.ts', 'gen.ts', 'mcp.ts', 'score.ts', 'seal.ts', 'serve.ts', 'study.ts', 'validate.ts'])
  })
  it.each(entries)('%s: an unknown flag', (entry) => {
    const flags = ['--no-such-flag']
    const viaTsx = answer([...tsxArgs(entry, ROOT), ...flags])
    expect(viaTsx.status).not.toBe(0)
    expect(viaTsx.stderr).not.toBe('')
    expect(answer([...cliArgs(entry), ...flags])).toEqual(viaTsx)
  })
  it('validate reads the published folder the same way (files found beside cli/ included)', () => {
    const viaTsx = answer([...tsxArgs('validate.ts', ROOT), SAMPLE_DIR])
    expect(viaTsx.status).toBe(0)
    expect(answer([...cliArgs('validate.ts'), SAMPLE_DIR])).toEqual(viaTsx)
  })
})
