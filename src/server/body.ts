import type { IncomingMessage } from 'node:http'
import { MAX_ARGUMENT_DEPTH } from '../core'
import { HttpError } from './http-error'

/** Largest request body read, in bytes. */
export const MAX_BODY_BYTES = 1024 * 1024
/**
 * Deepest nesting of a request body. The envelope (`{name, arguments}`, a
 * JSON-RPC message around a tool call) takes a few levels above the
 * arguments, which the tool runtime itself limits to {@link MAX_ARGUMENT_DEPTH}.
 */
export const MAX_BODY_DEPTH = MAX_ARGUMENT_DEPTH + 8

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without
 * parsing it, so that a body of a million `[` is refused before the parser
 * could recurse on it. Brackets inside strings do not count.
 */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      depth++
      if (depth > deepest) deepest = depth
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return deepest
}

/** Parses a body's text as JSON within the depth limit; an empty body is `undefined`. */
export function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined
  if (jsonDepth(text) > MAX_BODY_DEPTH) throw new HttpError(400, `The body is nested more than ${MAX_BODY_DEPTH} levels deep.`)
  try {
    return JSON.parse(text) as unknown
  } catch (err) {
    throw new HttpError(400, `The body is not valid JSON: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/**
 * Reads a request's JSON body: at most {@link MAX_BODY_BYTES} (413 beyond,
 * told by Content-Length before anything is read, else counted), sent as
 * `application/json` (415 otherwise: a web page cannot send that to another
 * site without asking first, so a page the user visits cannot drive the
 * server), valid UTF-8 JSON within {@link MAX_BODY_DEPTH}.
 */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const declared = Number(request.headers['content-length'] ?? '0')
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, `The body is ${declared} bytes; at most ${MAX_BODY_BYTES} are accepted.`)
  const type = request.headers['content-type'] ?? ''
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `The body is more than ${MAX_BODY_BYTES} bytes; at most ${MAX_BODY_BYTES} are accepted.`)
    chunks.push(chunk)
  }
  if (size > 0 && !/^application\/json\s*(;|$)/i.test(type))
    throw new HttpError(415, `Send the body as JSON with the header "Content-Type: application/json" (got ${JSON.stringify(type || 'none')}).`)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks))
  } catch {
    throw new HttpError(400, 'The body is not valid UTF-8.')
  }
  return parseBody(text)
}
