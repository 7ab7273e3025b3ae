/**
 * tsx bench/sweep.ts [--quick] — episodes per second of `npm run agent` at 1
 * and 4 workers, against the local stub model answering each request in 50 ms,
 * measured in the same run. Prints JSON (stdout); never fails over timing.
 * The rate is the CLI's own (episodes over the sweep's time), so that Node's
 * start-up, the same for both, does not dilute the speed-up.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadDataset } from '../src/core/index'
import { readDatasetFolder } from '../cli/files'
import { startStubServer } from '../test/support/stub-server'

const ROOT = join(import.meta.dirname, '..')
const DATA = join(ROOT, 'public/data')
const quick = process.argv.includes('--quick')
const TARGET = 3.5

// A multiple of 4 tasks, so that four workers end together and the tail does not weigh on the figure.
const tasks = loadDataset(readDatasetFolder(DATA)).dataset.tasks.slice(0, quick ? 8 : 24).map((t) => t.id)

function sweep(url: string, workers: number): Promise<{ episodes: number; eps: number; wall_s: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-sweep-'))
  const args = ['--import', 'tsx', join(ROOT, 'cli/agent.ts'), '--data', DATA, '--model', 'delay50:solve-推理1', '--base_url', url, '--tasks', tasks.join(','), '--max_workers', String(workers), '--out', join(dir, 'r.jsonl')]
  const t0 = performance.now()
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, encoding: 'utf8' }, (err, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true })
      if (err) return reject(new Error(`agent failed: ${stderr}`))
      const m = /(\d+) episodes run in .*?\((\d+(?:\.\d+)?) ep\/s/.exec(stdout)
      if (!m) return reject(new Error(`no rate in the agent's output: ${stdout}`))
      resolve({ episodes: Number(m[1]), eps: Number(m[2]), wall_s: Math.round(performance.now() - t0) / 1000 })
    })
  })
}

const stub = await startStubServer()
try {
  process.stderr.write(`[bench] sweep: ${tasks.length} episodes, stub 50 ms a request, 1 then 4 workers\n`)
  const one = await sweep(stub.url, 1)
  const four = await sweep(stub.url, 4)
  const speedup = Math.round((four.eps / one.eps) * 100) / 100
  console.log(JSON.stringify({ stub_ms_per_request: 50, workers_1: one, workers_4: four, speedup, target: TARGET, meets_target: speedup >= TARGET }, null, 2))
} finally {
  await stub.close()
}
