import { timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Dataset } from '../core/index'
import { MAX_BODY_BYTES, readJsonBody } from './body'
import { Episodes } from './episodes'
import type { EpisodeLimits } from './episodes'
import { HttpError } from './http-error'
import { handleEpisodeMcp } from './mcp'
import { readCallRequest, readEpisodeRequest, readReply } from './request'
import { serveEpisodeSocket } from './ws'

export interface EpisodeServerOptions extends EpisodeLimits {
  dataset: Dataset
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string
  /** How long a stopping server waits for requests in flight and WebSocket close handshakes before cutting them (default 3 s). */
  closeGraceMs?: number
}

export interface EpisodeServer {
  server: Server
  episodes: Episodes
  /** Stops taking connections, closes the WebSockets and the idle connections, and resolves once the server is closed. */
  close(): Promise<void>
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a host to listen on is this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

const ENDPOINTS = 'GET /tasks, POST /episodes, GET|DELETE /episodes/{id}, POST /episodes/{id}/call, POST /episodes/{id}/reset, POST /episodes/{id}/verify, GET /episodes/{id}/ws (WebSocket), POST /episodes/{id}/mcp (MCP)'

/** When each request came in: its answer says how long the server took (Server-Timing), so a load test can tell the server's time from the network's and its own. */
const receivedAt = new WeakMap<ServerResponse, number>()

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  const received = receivedAt.get(response)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...(received !== undefined ? { 'server-timing': `handle;dur=${(performance.now() - received).toFixed(3)}` } : {}),
  })
  response.end(text)
}

function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Who may ask: with a token, whoever sends it; without one (loopback only),
 * requests addressed to a loopback name, so a web page whose name was pointed
 * at 127.0.0.1 (DNS rebinding) is refused.
 */
function authorize(request: IncomingMessage, token: string | undefined): void {
  if (token !== undefined) {
    const header = request.headers.authorization ?? ''
    const given = /^Bearer (.+)$/i.exec(header)?.[1] ?? ''
    if (!sameSecret(given, token)) throw new HttpError(401, 'Send the server\'s token as "Authorization: Bearer <token>".')
    return
  }
  const hostName = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()
  if (!LOOPBACK_NAMES.has(hostName)) throw new HttpError(403, `Requests must be addressed to localhost or 127.0.0.1 (got Host ${JSON.stringify(request.headers.host ?? '')}).`)
}

/** The path's parts, decoded; a part that does not decode is a 400. */
function pathParts(url: string | undefined): string[] {
  const path = (url ?? '/').split('?')[0] ?? '/'
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    throw new HttpError(400, `The path ${JSON.stringify(path)} is not valid percent-encoding.`)
  }
}

function allow(request: IncomingMessage, response: ServerResponse, methods: string[]): void {
  if (methods.includes(request.method ?? '')) return
  response.setHeader('allow', methods.join(', '))
  throw new HttpError(405, `${request.method} is not served here: use ${methods.join(' or ')}.`)
}

/** A verify or reset body is empty or an object; of a verify's, `reply` (the assistant's message to the user) is read. */
async function readEmptyBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request)
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) throw new HttpError(400, 'The body must be empty or a JSON object.')
  return (body ?? {}) as Record<string, unknown>
}


/**
 * The episode server (docs/reference.md, "Episode server"): the data set's tasks over
 * HTTP, a WebSocket and MCP per episode. It only routes and checks what comes
 * in; episodes are the attempt kernel's, through {@link Episodes}.
 */
export function createEpisodeServer(options: EpisodeServerOptions): EpisodeServer {
  const { dataset, token, closeGraceMs = 3000, ...limits } = options
  const episodes = new Episodes(dataset, limits)
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY_BYTES })

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    authorize(request, token)
    const parts = pathParts(request.url)
    const [root, id, action, ...rest] = parts
    if (root === 'tasks' && parts.length === 1) {
      allow(request, response, ['GET'])
      return send(response, 200, episodes.tasks())
    }
    if (root !== 'episodes' || rest.length > 0) throw new HttpError(404, `No such endpoint: ${request.method} ${request.url}. The endpoints: ${ENDPOINTS}.`)
    if (id === undefined) {
      allow(request, response, ['POST'])
      return send(response, 201, await episodes.open(readEpisodeRequest(await readJsonBody(request))))
    }
    if (action === undefined) {
      allow(request, response, ['GET', 'DELETE'])
      if (request.method === 'GET') return send(response, 200, episodes.view(id))
      episodes.delete(id)
      return send(response, 200, { episode_id: id, deleted: true })
    }
    if (action === 'call') {
      allow(request, response, ['POST'])
      const call = readCallRequest(await readJsonBody(request))
      return send(response, 200, await episodes.call(id, call, 'api'))
    }
    if (action === 'reset') {
      allow(request, response, ['POST'])
      await readEmptyBody(request)
      return send(response, 200, await episodes.reset(id))
    }
    if (action === 'verify') {
      allow(request, response, ['POST'])
      const body = await readEmptyBody(request)
      return send(response, 200, await episodes.verify(id, readReply(body.reply)))
    }
    if (action === 'mcp') {
      // Stateless MCP has no stream to open (GET) nor session to end (DELETE).
      allow(request, response, ['POST'])
      episodes.opened(id)
      return handleEpisodeMcp(episodes, id, request, response, await readJsonBody(request))
    }
    if (action === 'ws') {
      episodes.opened(id)
      throw new HttpError(426, 'This is a WebSocket endpoint: connect with a WebSocket client (Upgrade: websocket).')
    }
    throw new HttpError(404, `No such endpoint: ${request.method} ${request.url}. The endpoints: ${ENDPOINTS}.`)
  }

  const server = createServer((request, response) => {
    receivedAt.set(response, performance.now())
    route(request, response).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500
      if (status === 413) response.setHeader('connection', 'close')
      if (status >= 500) process.stderr.write(`episode server: ${request.method} ${request.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
      if (response.headersSent) response.destroy()
      else send(response, status, { error: err instanceof Error ? err.message : String(err) })
    })
  })

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      authorize(request, token)
      const [root, id, action, ...rest] = pathParts(request.url)
      if (root !== 'episodes' || id === undefined || action !== 'ws' || rest.length > 0) throw new HttpError(404, `No WebSocket here: connect to /episodes/{id}/ws.`)
      episodes.opened(id)
      sockets.handleUpgrade(request, socket, head, (ws) => serveEpisodeSocket(episodes, id, ws))
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 500
      const text = JSON.stringify({ error: err instanceof Error ? err.message : String(err) })
      socket.end(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Refused'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`)
    }
  })

  // Idle episodes expire also when nobody asks: memory is given back.
  const sweep = setInterval(() => episodes.expireIdle(), Math.max(1000, Math.min(limits.idleMs / 4, 30_000)))
  sweep.unref()

  return {
    server,
    episodes,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(sweep)
        for (const ws of sockets.clients) ws.close(1001, 'The server is stopping.')
        sockets.close()
        server.close((err) => {
          clearTimeout(grace)
          episodes.clear()
          if (err) reject(err)
          else resolve()
        })
        server.closeIdleConnections()
        // Requests in flight get a moment to be answered; then whatever is still open (a silent socket) is cut.
        const grace = setTimeout(() => {
          for (const ws of sockets.clients) ws.terminate()
          server.closeAllConnections()
        }, closeGraceMs)
      }),
  }
}
