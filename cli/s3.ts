/**
 * The bucket of a study's return channel, for `npm run study --upload-to` and
 * `npm run collect`: any S3-compatible object store (AWS S3, or another with
 * `--endpoint`), through the AWS SDK. Credentials come from the standard
 * variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN,
 * AWS_REGION); nothing else is read. Only the command line loads this: the
 * page uploads with fetch and the pre-signed URLs.
 */
import type { S3Client } from '@aws-sdk/client-s3'
import { CliError, keepSecret } from './errors'

/**
 * The SDK is loaded when a bucket is first used: it costs a command about 0.3 s of CPU to load, and `npm run study`
 * loads this file for its options whether or not it uploads.
 */
const sdk = () => import('@aws-sdk/client-s3')

// The SDK warns on every start under Node 20 about its releases of 2027; the project pins this release, which supports Node 20.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

/** Seven days: the longest a SigV4 pre-signed URL may live. */
export const MAX_EXPIRY_SECONDS = 7 * 24 * 3600

export interface BucketPlace {
  bucket: string
  /** '' or ending in "/". */
  prefix: string
}

/** `s3://BUCKET/PREFIX` (the prefix optional); anything else is refused, naming the option. */
export function readBucketUrl(value: string, option: string, usage: string): BucketPlace {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value)
  if (!match) throw new CliError(`--${option} ${JSON.stringify(value)} is not s3://BUCKET/PREFIX (a bucket name of 3 to 63 lowercase letters, digits, "." and "-").`, { usage })
  const [, bucket = '', rest = ''] = match
  const prefix = rest.replace(/^\/+/, '')
  if ([...prefix].some((c) => c === '\\' || c.charCodeAt(0) < 0x20)) throw new CliError(`--${option}: the prefix ${JSON.stringify(prefix)} has a control character or a backslash.`, { usage })
  return { bucket, prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/` }
}

/** `--endpoint`: an http(s) URL, for a store other than AWS (MinIO, R2, s3rver). */
export function readEndpoint(value: string | boolean | undefined, usage: string): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^https?:\/\/[^\s/?#]+\/?$/.test(value)) throw new CliError(`--endpoint ${JSON.stringify(value)} is not a store's address (http(s)://host[:port]).`, { usage })
  return value.replace(/\/$/, '')
}

/** The credentials in the environment; missing ones are refused naming the variables. */
function credentials(): { accessKeyId: string; secretAccessKey: string; sessionToken?: string } {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID ?? ''
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY ?? ''
  if (accessKeyId === '' || secretAccessKey === '')
    throw new CliError('The bucket needs credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones, AWS_REGION for the region).')
  keepSecret(secretAccessKey)
  const sessionToken = process.env.AWS_SESSION_TOKEN
  if (sessionToken) keepSecret(sessionToken)
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
}

/** Whether the credentials are temporary: pre-signed URLs then stop working when they expire, whatever their own expiry. */
export const temporaryCredentials = (): boolean => Boolean(process.env.AWS_SESSION_TOKEN)

/**
 * A client for the bucket. With `--endpoint`, addresses are path-style
 * (`ENDPOINT/BUCKET/KEY`), as MinIO and s3rver want. No checksum is added
 * unless the operation requires one: the SDK would otherwise sign the
 * checksum of an empty body into every pre-signed PUT URL.
 */
export async function bucketClient(endpoint: string | undefined): Promise<S3Client> {
  // The environment is read before the SDK loads: what the caller had set when it asked is what the client gets.
  const region = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || 'us-east-1'
  const given = credentials()
  const { S3Client } = await sdk()
  return new S3Client({
    region,
    credentials: given,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
  })
}

/**
 * A pre-signed PUT URL for one object, valid `expiresIn` seconds from
 * `signingDate` (default now). With `writeOnce`, `If-None-Match: *` is a
 * signed header: the URL works only with it, so the store refuses (412) to
 * write over an object that is there.
 */
export async function presignPut(client: S3Client, bucket: string, key: string, options: { expiresIn: number; writeOnce: boolean; signingDate?: Date }): Promise<string> {
  const [{ PutObjectCommand }, { getSignedUrl }] = await Promise.all([sdk(), import('@aws-sdk/s3-request-presigner')])
  const command = new PutObjectCommand({ Bucket: bucket, Key: key, ...(options.writeOnce ? { IfNoneMatch: '*' } : {}) })
  return getSignedUrl(client, command, {
    expiresIn: options.expiresIn,
    ...(options.signingDate ? { signingDate: options.signingDate } : {}),
    ...(options.writeOnce ? { signableHeaders: new Set(['if-none-match']) } : {}),
  })
}

/** The headers a PUT to such a URL must send. */
export const putHeaders = (writeOnce: boolean): Record<string, string> => (writeOnce ? { 'If-None-Match': '*' } : {})

/** Every object name under a prefix. */
export async function listKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const { ListObjectsV2Command } = await sdk()
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }))
    for (const item of page.Contents ?? []) if (item.Key !== undefined) keys.push(item.Key)
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return keys
}

/** An object's bytes. */
export async function getObjectBytes(client: S3Client, bucket: string, key: string): Promise<Uint8Array> {
  const { GetObjectCommand } = await sdk()
  const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
  if (!answer.Body) throw new Error(`${key} has no body`)
  return answer.Body.transformToByteArray()
}

/** A store's error in one line, for a CliError. */
export function storeReason(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { Code?: unknown; name?: unknown }).Code ?? err.name
    return `${typeof code === 'string' && code !== 'Error' ? `${code}: ` : ''}${err.message}`
  }
  return String(err)
}
