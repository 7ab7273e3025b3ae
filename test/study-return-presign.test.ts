// The upload URLs of a study that comes back by itself (issue #30), checked against a SigV4 signer written here from
// AWS's description of query-string signing (node:crypto only), not the SDK's code path.
import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { bucketClient, presignPut, readBucketUrl } from '../cli/s3'

const CREDENTIALS = { id: 'AKIAIOSFODNN7EXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'eu-west-2' }
const SIGNED_AT = new Date('2026-03-14T09:26:53Z')

/** A client made as the commands make it, from the AWS_* variables (set only while it is made: it reads them then). */
function clientWith(endpoint: string | undefined) {
  const saved = { ...process.env }
  Object.assign(process.env, { AWS_ACCESS_KEY_ID: CREDENTIALS.id, AWS_SECRET_ACCESS_KEY: CREDENTIALS.secret, AWS_REGION: CREDENTIALS.region })
  delete process.env.AWS_SESSION_TOKEN
  try {
    return bucketClient(endpoint)
  } finally {
    for (const key of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION', 'AWS_SESSION_TOKEN'] as const) {
      if (saved[key] === undefined) Reflect.deleteProperty(process.env, key)
      else process.env[key] = saved[key]
    }
  }
}

/** RFC 3986 percent-encoding, as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ (and "/" in a path). */
function uriEncode(text: string, keepSlash: boolean): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/') ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest()

/**
 * A pre-signed PUT URL made by hand: the canonical request (method, path, sorted query without the signature,
 * the signed headers, UNSIGNED-PAYLOAD), the string to sign, the derived key and the signature.
 */
function presignByHand(input: { origin: string; path: string; headers: Record<string, string>; expires: number; query?: Record<string, string> }): URL {
  const date = SIGNED_AT.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
  const day = date.slice(0, 8)
  const scope = `${day}/${CREDENTIALS.region}/s3/aws4_request`
  const host = new URL(input.origin).host
  const headers = { host, ...input.headers }
  const signedHeaders = Object.keys(headers).sort().join(';')
  const query: Record<string, string> = {
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Credential': `${CREDENTIALS.id}/${scope}`,
    'X-Amz-Date': date,
    'X-Amz-Expires': String(input.expires),
    'X-Amz-SignedHeaders': signedHeaders,
    ...input.query,
  }
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((k) => `${uriEncode(k, false)}=${uriEncode(query[k] ?? '', false)}`)
    .join('&')
  const canonicalHeaders = Object.keys(headers)
    .sort()
    .map((k) => `${k}:${(headers as Record<string, string>)[k]?.trim()}\n`)
    .join('')
  const canonicalPath = uriEncode(input.path, true)
  const canonicalRequest = ['PUT', canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n')
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${CREDENTIALS.secret}`, day), CREDENTIALS.region), 's3'), 'aws4_request')
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex')
  return new URL(`${input.origin}${canonicalPath}?${canonicalQuery}&X-Amz-Signature=${signature}`)
}

/** A URL as parts that do not depend on the order of its query. */
const parts = (url: URL) => ({ origin: url.origin, path: url.pathname, query: Object.fromEntries([...url.searchParams].sort(([a], [b]) => (a < b ? -1 : 1))) })

describe('pre-signed upload URLs', () => {
  it('equal a hand-made SigV4 signature: a path-style store (--endpoint), If-None-Match signed, a key with spaces and Chinese', async () => {
    const client = await clientWith('http://127.0.0.1:9000')
    const key = 'pilot run/研究/0123456789abcdef/s001/r1/task-001.age'
    const url = await presignPut(client, 'study-uploads', key, { expiresIn: 604_800, writeOnce: true, signingDate: SIGNED_AT })
    const expected = presignByHand({ origin: 'http://127.0.0.1:9000', path: `/study-uploads/${key}`, headers: { 'if-none-match': '*' }, expires: 604_800, query: { 'x-id': 'PutObject' } })
    expect(parts(new URL(url))).toEqual(parts(expected))
    // No checksum of an empty body signed in (the SDK's default would make every upload fail).
    expect(url).not.toMatch(/checksum/i)
  })

  it('equal a hand-made signature on AWS itself (virtual-hosted bucket), and without If-None-Match when objects may be written over', async () => {
    const client = await clientWith(undefined)
    const url = await presignPut(client, 'study-uploads', 'p/claim.age', { expiresIn: 3600, writeOnce: false, signingDate: SIGNED_AT })
    const expected = presignByHand({ origin: `https://study-uploads.s3.${CREDENTIALS.region}.amazonaws.com`, path: '/p/claim.age', headers: {}, expires: 3600, query: { 'x-id': 'PutObject' } })
    expect(parts(new URL(url))).toEqual(parts(expected))
  })

  it('differ from the hand-made one for another key, time or secret (the comparison can fail)', async () => {
    const client = await clientWith('http://127.0.0.1:9000')
    const url = await presignPut(client, 'study-uploads', 'a/b.age', { expiresIn: 60, writeOnce: true, signingDate: SIGNED_AT })
    const other = presignByHand({ origin: 'http://127.0.0.1:9000', path: '/study-uploads/a/c.age', headers: { 'if-none-match': '*' }, expires: 60, query: { 'x-id': 'PutObject' } })
    expect(new URL(url).searchParams.get('X-Amz-Signature')).not.toBe(other.searchParams.get('X-Amz-Signature'))
    const later = await presignPut(client, 'study-uploads', 'a/b.age', { expiresIn: 60, writeOnce: true, signingDate: new Date(SIGNED_AT.getTime() + 1000) })
    expect(new URL(later).searchParams.get('X-Amz-Signature')).not.toBe(new URL(url).searchParams.get('X-Amz-Signature'))
  })

  it('reads s3://BUCKET/PREFIX and refuses what is not one', () => {
    expect(readBucketUrl('s3://study-uploads/pilot', 'upload-to', '')).toEqual({ bucket: 'study-uploads', prefix: 'pilot/' })
    expect(readBucketUrl('s3://study-uploads', 'upload-to', '')).toEqual({ bucket: 'study-uploads', prefix: '' })
    expect(readBucketUrl('s3://study-uploads/a/b/', 'upload-to', '')).toEqual({ bucket: 'study-uploads', prefix: 'a/b/' })
    for (const bad of ['https://x/y', 's3://Bad_Bucket/x', 's3://ab', 's3:///x']) expect(() => readBucketUrl(bad, 'upload-to', ''), bad).toThrow(/--upload-to/)
  })
})
