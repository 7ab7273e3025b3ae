// A production build served by a plain static server: no dev server, no rewrites, no policy header of its own.
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { SHARED_BUILD } from '../playwright.config'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

export interface StaticSite {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  origin: string
  /** The folder the build was written to (the site's `subPath`). */
  dir: string
  /** Every path asked for, decoded, in order. */
  requested: string[]
  close(): Promise<void>
}

/**
 * Serves the production build under `subPath` on a free port: the build the run's web server serves (made once,
 * before the specs; `base: './'` lets it work from any path), or, on the dev server (E2E_DEV), one built here into a
 * temporary folder.
 */
export async function serveBuild(name: string, subPath = '/'): Promise<StaticSite> {
  const shared = SHARED_BUILD !== undefined && existsSync(join(SHARED_BUILD, 'index.html')) ? SHARED_BUILD : undefined
  const root = shared ? undefined : mkdtempSync(join(tmpdir(), `spieval-${name}-`))
  const dir = shared ?? join(root ?? '', 'site')
  if (root) await promisify(execFile)('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'error'], { timeout: 240_000 })
  const requested: string[] = []
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    requested.push(path)
    if (!path.startsWith(subPath)) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    let file = resolve(dir, `./${path.slice(subPath.length)}`)
    if (file !== dir && !file.startsWith(dir + sep)) return void res.writeHead(403).end()
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html')
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dir,
    requested,
    close: async () => {
      await new Promise((closed) => server.close(closed))
      if (root) rmSync(root, { recursive: true, force: true })
    },
  }
}
