/** A small static server for the browser benchmark: the built site at `/`, data set folders at `/bench-data/<name>/`. */
import { createReadStream, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
}

function fileIn(root: string, urlPath: string): string | undefined {
  const path = normalize(join(root, decodeURIComponent(urlPath)))
  if (!path.startsWith(root)) return undefined
  try {
    const stat = statSync(path)
    if (stat.isDirectory()) return fileIn(root, join(urlPath, 'index.html'))
    return stat.isFile() ? path : undefined
  } catch {
    return undefined
  }
}

/** Serves `site` and the named data folders on 127.0.0.1:`port`; resolves once listening. */
export async function serve(site: string, data: Record<string, string>, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const match = /^\/bench-data\/([^/]+)(\/.*)$/.exec(url.pathname)
    const folder = match?.[1] ? data[match[1]] : undefined
    const file = match ? (folder && match[2] ? fileIn(normalize(folder), match[2]) : undefined) : fileIn(normalize(site), url.pathname)
    if (!file) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return server
}
