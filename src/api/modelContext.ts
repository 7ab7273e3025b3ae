/**
 * Whether the browser has WebMCP's model context, and the shapes of it we
 * use: all the page's first load needs to know, so that the code registering
 * the tools (webmcp.ts) is loaded only where there is one.
 */

/** What a tool's `execute` resolves with: MCP's CallToolResult shape. Failures resolve too, with `isError`. */
export interface WebMcpResult {
  content: { type: 'text'; text: string }[]
  isError?: boolean
}

export interface WebMcpTool {
  name: string
  description: string
  inputSchema: object
  execute: (input: unknown, client?: unknown) => Promise<WebMcpResult>
  annotations?: { readOnlyHint?: boolean }
}

/** The part of `ModelContext` we use, in any of its shapes. */
export interface ModelContextLike {
  registerTool: (tool: WebMcpTool, options?: { signal?: AbortSignal }) => unknown
  unregisterTool?: (name: string) => unknown
}

/** The browser's model context, if it has one (the draft's `document`, or an older build's `navigator`). */
export function modelContext(): ModelContextLike | undefined {
  const candidates = [
    typeof document === 'undefined' ? undefined : (document as unknown as { modelContext?: unknown }).modelContext,
    typeof navigator === 'undefined' ? undefined : (navigator as unknown as { modelContext?: unknown }).modelContext,
  ]
  for (const c of candidates)
    if (c && typeof (c as ModelContextLike).registerTool === 'function') return c as ModelContextLike
  return undefined
}
