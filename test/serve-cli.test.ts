import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { JsonClient } from '../bench/serve-client'
import type { OpenedEpisode } from '../bench/serve-client'
import { ROOT, SAMPLE_DIR } from './fixtures'
import { cliArgs } from './support/cli'

const SERVE = cliArgs('cli/serve.ts')

describe('npm run serve', () => {
  it('serves on a free port, appends verified episodes to --out, and stops cleanly on SIGTERM', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'serve-')), 'response.jsonl')
    const child = spawn(process.execPath, [...SERVE, '--data', SAMPLE_DIR, '--port', '0', '--out', out], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const base = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)
        if (match) resolve(match[0])
      })
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
    })
    const client = new JsonClient(base)
    const episode = await client.expect<OpenedEpisode>(201, 'POST', '/episodes', { task_id: '推理1' })
    await client.expect(200, 'POST', `/episodes/${episode.episode_id}/verify`)
    await client.expect(201, 'POST', '/episodes', { task_id: '推理2' })
    client.close()
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(stdout).toContain('stopped on SIGTERM (2 episodes dropped)')
    expect(stderr).toBe('')
    const lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ id: '推理1', run: 0, finished: true, calls: [], actor: 'agent', model: 'agent' })
  }, 30_000)

  it('refuses to listen beyond loopback without a token, naming --token-env', () => {
    const result = spawnSync(process.execPath, [...SERVE, '--data', SAMPLE_DIR, '--host', '0.0.0.0', '--port', '0'], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 })
    expect(result.status).toBe(2)
    expect(result.stderr).toContain('--token-env')
    const short = spawnSync(process.execPath, [...SERVE, '--data', SAMPLE_DIR, '--host', '0.0.0.0', '--port', '0', '--token-env', 'SERVE_TEST_TOKEN'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, SERVE_TEST_TOKEN: 'short' },
    })
    expect(short.status).toBe(2)
    expect(short.stderr).toContain('shorter than 16 characters')
  }, 30_000)
})
