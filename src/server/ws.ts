import type { WebSocket } from 'ws'
import { parseBody } from './body'
import type { Episodes } from './episodes'
import { HttpError } from './http-error'
import { readCallRequest, readReply } from './request'

/** A message's own field, or undefined. */
const field = (message: Record<string, unknown>, key: string): unknown => (Object.hasOwn(message, key) ? message[key] : undefined)

/**
 * Answers one WebSocket message about an episode, in the OpenEnv style:
 * `reset` (the episode's task afresh: what POST /episodes answers), `step`
 * with an `action` `{name, arguments}` (what the call endpoint answers),
 * `state` (GET /episodes/{id}) and `verify` (the verdict; `done`). An `id`
 * the client sends comes back on the answer.
 */
async function answer(episodes: Episodes, episodeId: string, message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const type = field(message, 'type')
  switch (type) {
    case 'reset':
      return { type, observation: await episodes.reset(episodeId), done: false }
    case 'step':
      return { type, observation: await episodes.call(episodeId, readCallRequest(field(message, 'action')), 'api'), done: false }
    case 'state':
      return { type, state: episodes.view(episodeId) }
    case 'verify': {
      const verdict = await episodes.verify(episodeId, readReply(field(message, 'reply')))
      return { type, verdict, reward: verdict.correct === null ? null : verdict.correct ? 1 : 0, done: true }
    }
    default:
      throw new HttpError(400, `Unknown message type ${JSON.stringify(type ?? null)}: send {"type": "reset" | "step" | "state" | "verify"}; a step has "action": {"name", "arguments"}.`)
  }
}

/** Messages a socket may have waiting for their answers; a client sending faster than that is cut off rather than queued without end. */
export const MAX_WAITING_MESSAGES = 64

/**
 * Serves one episode's WebSocket: messages are answered one at a time, in
 * order; a bad one is answered `{type: "error", status, error}` and the socket
 * stays open. More than {@link MAX_WAITING_MESSAGES} unanswered messages close
 * it (1008).
 */
export function serveEpisodeSocket(episodes: Episodes, episodeId: string, socket: WebSocket): void {
  let queue = Promise.resolve()
  let waiting = 0
  socket.on('message', (data, isBinary) => {
    if (++waiting > MAX_WAITING_MESSAGES) {
      socket.close(1008, `More than ${MAX_WAITING_MESSAGES} messages wait for their answers: wait for answers before sending more.`)
      return
    }
    queue = queue.then(async () => {
      waiting--
      let echo: { id?: unknown } = {}
      let reply: Record<string, unknown>
      try {
        if (isBinary) throw new HttpError(400, 'Send text messages: JSON objects.')
        const message = parseBody(data.toString())
        if (typeof message !== 'object' || message === null || Array.isArray(message)) throw new HttpError(400, 'A message must be a JSON object with a "type".')
        const id = field(message as Record<string, unknown>, 'id')
        if (typeof id === 'string' || typeof id === 'number') echo = { id }
        reply = await answer(episodes, episodeId, message as Record<string, unknown>)
      } catch (err) {
        const status = err instanceof HttpError ? err.status : 500
        reply = { type: 'error', status, error: err instanceof Error ? err.message : String(err) }
      }
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ ...reply, ...echo }))
    })
  })
}
