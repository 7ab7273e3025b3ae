/**
 * A local S3-compatible store for the tests of studies that come back by
 * themselves (issue #30): s3rver on 127.0.0.1, a random port, a temporary
 * folder, one bucket, path-style addresses.
 *
 * s3rver 3.7.1 does not support conditional writes: it reads If-None-Match
 * on GET only (lib/controllers/object.js) and a PUT always writes over the
 * object. `writeOnce` (the default) puts S3's rule in front of it: a PUT
 * with `If-None-Match: *` on an object that exists is refused with 412
 * PreconditionFailed, as AWS S3 answers. s3rver also accepts any SigV4
 * signature without checking it, so the signatures are checked apart (test/study-return-presign.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface KoaContext {
  method: string
  path: string
  get(name: string): string
  status: number
  type: string
  body: unknown
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>
interface S3rverServer {
  middleware: Middleware[]
  run(): Promise<{ port: number; address: string }>
  close(): Promise<void>
  store: { existsObject(bucket: string, key: string): Promise<boolean> }
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

/** s3rver's built-in account: any request signed with it is taken. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' } as const

export interface LocalStore {
  endpoint: string
  bucket: string
  directory: string
  close(): Promise<void>
}

/**
 * S3's conditional write: refuses a PUT with `If-None-Match: *` when the
 * object is there (path-style /bucket/key), or being written: S3 decides
 * two racing writes of one name atomically, so the rule keeps the names it
 * has let through rather than only asking the store, which would let both
 * of two simultaneous writes pass.
 */
function writeOnceRule(server: S3rverServer): Middleware {
  const taken = new Set<string>()
  return async (ctx, next) => {
    if (ctx.method !== 'PUT' || ctx.get('if-none-match').trim() !== '*') return next()
    const [bucket = '', ...rest] = ctx.path.replace(/^\//, '').split('/')
    const key = rest.map(decodeURIComponent).join('/')
    const name = `${bucket}/${key}`
    const there = await server.store.existsObject(decodeURIComponent(bucket), key)
    // Asked after the wait: another write of the name may have been let through meanwhile.
    if (!there && !taken.has(name)) {
      taken.add(name)
      try {
        await next()
      } finally {
        if (ctx.status >= 300) taken.delete(name)
      }
      return
    }
    ctx.status = 412
    ctx.type = 'application/xml'
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>'
  }
}

/** The bucket CORS rule the guide asks for (docs/guide-baselines.md), for a page on another origin that PUTs with If-None-Match. */
const PAGE_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>`

/** Starts a store with one bucket; `close` stops it and removes its folder. `cors`: a browser page may PUT to it (the e2e tests). */
export async function startLocalStore(options: { bucket?: string; writeOnce?: boolean; cors?: boolean } = {}): Promise<LocalStore> {
  const bucket = options.bucket ?? 'study-uploads'
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'))
  const configs = options.cors ? [Buffer.from(PAGE_CORS)] : []
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs }], vhostBuckets: false })
  if (options.writeOnce !== false) server.middleware.unshift(writeOnceRule(server))
  const { port } = await server.run()
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
