/**
 * npm run serve -- --data DIR [--port 8700] [--host 127.0.0.1] [--token-env VAR]
 *   [--max-episodes 1000] [--idle-timeout 600] [--out response.jsonl]
 * The episode server (docs/episode-server.md): the data set's tasks over HTTP,
 * with a WebSocket and an MCP endpoint per episode, on the attempt kernel with
 * a memory sink. Loopback only unless a token is required.
 */
import { createWriteStream } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createEpisodeServer, isLoopback } from '../src/server/app'
import { readOptions, required, wholeNumber } from './args'
import { CliError, exitOnError, keepSecret, systemReason } from './errors'
import { prepareOutputPath, loadDatasetFolder } from './files'

exitOnError()

const USAGE = `Usage: npm run serve -- --data DATASET_FOLDER [--port 8700] [--host 127.0.0.1] [--token-env VAR]
  [--max-episodes 1000] [--idle-timeout 600] [--out response.jsonl]
  --host: where to listen; anything but loopback needs --token-env, the name of an
  environment variable holding the token clients send as "Authorization: Bearer <token>".
  --max-episodes: episodes held at once (a new one beyond is refused with 429).
  --idle-timeout: seconds after which an untouched episode is dropped.
  --out: append every verified episode's response line to this file.`

const { values } = readOptions(
  {
    data: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'token-env': { type: 'string' },
    'max-episodes': { type: 'string' },
    'idle-timeout': { type: 'string' },
    out: { type: 'string' },
  },
  USAGE,
)

const folder = required(values.data, 'data', USAGE)
const port = wholeNumber(values.port, 'port', 8700, USAGE, 0)
if (port > 65535) throw new CliError(`--port must be at most 65535 (got ${port}).`, { usage: USAGE })
const host = typeof values.host === 'string' && values.host !== '' ? values.host : '127.0.0.1'
const maxEpisodes = wholeNumber(values['max-episodes'], 'max-episodes', 1000, USAGE, 1)
const idleSeconds = wholeNumber(values['idle-timeout'], 'idle-timeout', 600, USAGE, 1)
const token = tokenOption()

/** The token from the variable `--token-env` names; required to listen beyond this machine. */
function tokenOption(): string | undefined {
  const name = values['token-env']
  if (typeof name !== 'string' || name === '') {
    if (!isLoopback(host))
      throw new CliError(`--host ${host} listens beyond this machine: give --token-env VAR (a variable holding a token of at least 16 characters) so that only clients with it are served.`, {
        usage: USAGE,
      })
    return undefined
  }
  const value = process.env[name]
  if (value === undefined || value.length < 16) throw new CliError(`--token-env names ${name}, which is ${value === undefined ? 'not set' : 'shorter than 16 characters'}.`, { usage: USAGE })
  keepSecret(value)
  return value
}

const out = typeof values.out === 'string' && values.out !== '' ? values.out : undefined
if (out !== undefined) prepareOutputPath(out, 'Output file (--out)')
const lines = out !== undefined ? createWriteStream(out, { flags: 'a' }) : undefined
lines?.on('error', (err) => {
  process.stderr.write(`episode server: ${out} cannot be written (${systemReason(err)}); stopping.\n`)
  process.exit(1)
})

const { dataset } = loadDatasetFolder(folder)
const served = createEpisodeServer({
  dataset,
  ...(token !== undefined ? { token } : {}),
  maxEpisodes,
  idleMs: idleSeconds * 1000,
  // One write per line: a stop can lose an episode in flight, never tear a line.
  ...(lines ? { onFinished: (line: Record<string, unknown>) => void lines.write(JSON.stringify(line) + '\n') } : {}),
})

await new Promise<void>((resolve, reject) => {
  served.server.once('error', (err: NodeJS.ErrnoException) =>
    reject(new CliError(err.code === 'EADDRINUSE' ? `Port ${port} on ${host} is in use: give another --port.` : `Cannot listen on ${host}:${port} (${systemReason(err)}).`, { cause: err })),
  )
  served.server.listen(port, host, resolve)
})
const address = served.server.address() as AddressInfo
const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address
console.log(
  `episode server: http://${shown}:${address.port} (${dataset.tasks.length} tasks; at most ${maxEpisodes} episodes, idle ones dropped after ${idleSeconds} s${token ? '; token required' : ''}${out ? `; verified episodes appended to ${out}` : ''})`,
)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    const held = served.episodes.size
    void served
      .close()
      .then(() => new Promise<void>((resolve) => (lines ? lines.end(resolve) : resolve())))
      .then(() => {
        console.log(`episode server: stopped on ${signal} (${held} episode${held === 1 ? '' : 's'} dropped).`)
        process.exit(0)
      })
  })
