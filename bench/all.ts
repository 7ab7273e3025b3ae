/**
 * npm run bench [-- --quick] [-- --port N] [-- --no-browser] [-- --only regex]
 * One JSON document: `node` (bench/run.ts: core figures), `live`
 * (bench/live.ts: live state through the kernel and alone), `sweep`
 * (bench/sweep.ts: agent episodes per second at 1 and 4 workers against a
 * stub model), `serve` (bench/serve-load.ts: oracle episodes at once against `npm run serve`
 * beside the kernel in process) and `browser` (bench/browser.ts: headless Chromium against a production build).
 * `--only regex`: only regex search against its Python baseline (no browser).
 * Progress goes to stderr. Never fails over timing.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { browserFigures } from './browser'

const argv = process.argv.slice(2)
const quick = argv.includes('--quick')
const portAt = argv.indexOf('--port')
const port = Number(portAt >= 0 ? argv[portAt + 1] : (process.env.BENCH_PORT ?? 5304))

process.stderr.write('[bench] node figures (bench/run.ts)\n')
const onlyAt = argv.indexOf('--only')
const only = onlyAt >= 0 ? argv[onlyAt + 1] : undefined
const nodeOut = execFileSync('npx', ['tsx', join(import.meta.dirname, 'run.ts'), ...(quick ? ['--quick'] : []), ...(only ? ['--only', only] : [])], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
  maxBuffer: 64 * 1024 * 1024,
})
const node = JSON.parse(nodeOut) as unknown
let live: unknown = 'skipped (--only)'
let sweep: unknown = 'skipped (--only)'
let serve: unknown = 'skipped (--only)'
if (!only) {
  process.stderr.write('[bench] live state (bench/live.ts)\n')
  live = JSON.parse(
    execFileSync('npx', ['tsx', join(import.meta.dirname, 'live.ts'), ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 }),
  ) as unknown
  process.stderr.write('[bench] agent sweep (bench/sweep.ts)\n')
  sweep = JSON.parse(
    execFileSync('npx', ['tsx', join(import.meta.dirname, 'sweep.ts'), ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  ) as unknown
  process.stderr.write('[bench] episode server under load (bench/serve-load.ts)\n')
  serve = JSON.parse(
    execFileSync('npx', ['tsx', join(import.meta.dirname, 'serve-load.ts'), ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
  ) as unknown
}
const browser = argv.includes('--no-browser') || only ? `skipped (${only ? '--only' : '--no-browser'})` : await browserFigures({ quick, port })
console.log(JSON.stringify({ node, live, sweep, serve, browser }, null, 2))
