import { join } from 'node:path'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { readDatasetFolder } from './cli/files'
import { BUNDLED_SAMPLE, prepareDataset } from './src/db/preparedDataset'

/**
 * The built page's Content-Security-Policy. Scripts come only from the site's
 * own files: no inline script, no eval, no plugin objects, no <base> that
 * could move relative URLs elsewhere. A record, a task or a tool result that
 * smuggled markup into the page could then not run anything.
 *
 * - connect-src: the agent runner talks to whatever OpenAI-compatible base URL
 *   the person types, and `?data=` may name a data set on another host, so
 *   any http(s) origin is allowed. Narrowing it is not possible in a static
 *   policy; what keeps a key or a record from being sent elsewhere is that no
 *   injected script can run (script-src) to send it.
 * - img-src data: the favicon is a data: PNG, and a chart is exported by
 *   drawing its SVG as a data: image.
 * - style-src 'self': the CSS files of the build. React sets `style` props
 *   through the CSSOM, which style-src does not govern, so no inline styles
 *   need allowing (charts included).
 * - worker-src 'self': the app starts no worker today; a future one must be
 *   a file of the site, never a blob: built from strings.
 * - form-action 'none': every form is handled in script; none may navigate.
 * frame-ancestors cannot be set from a meta tag (browsers ignore it there and
 * say so); send it as a header where the site is hosted.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self' http: https:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

/**
 * Adds the policy to the built index.html only: the dev server injects inline
 * scripts for hot reload, which the policy would (rightly) block. The build
 * fails if its page has an inline script, which the policy would block.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'spieval-content-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const inline = [...html.matchAll(/<script\b([^>]*)>/gi)].filter((m) => !/\ssrc\s*=/i.test(m[1] ?? ''))
        if (inline.length > 0) throw new Error(`index.html has an inline <script> (${inline[0]?.[0]}), which the Content-Security-Policy blocks`)
        const charset = /<meta charset="[^"]*"\s*\/?>/i
        if (!charset.test(html)) throw new Error('index.html needs <meta charset> first in <head>, for the Content-Security-Policy to follow it')
        // Right after the charset and before any script or stylesheet, so that the policy covers every one of them.
        return html.replace(charset, (meta) => `${meta}\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`)
      },
    },
  }
}

/**
 * The bundled sample's rows as an import stores them (`BUNDLED_SAMPLE.prepared`,
 * beside the sample's folder), made by the import's own code from
 * public/data when the site is built, and served by the dev server alike. A
 * first visit stores them as they are instead of parsing, checking and
 * hashing the sample in the page (#27's cold start); the sample's folder
 * stays as published, for `?data=` links and downloads.
 */
function preparedSample(): Plugin {
  const prepared = async () => JSON.stringify(await prepareDataset(readDatasetFolder(join(import.meta.dirname, 'public', BUNDLED_SAMPLE.folder)), BUNDLED_SAMPLE))
  return {
    name: 'spieval-prepared-sample',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUNDLED_SAMPLE.prepared, source: await prepared() })
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (new URL(request.url ?? '/', 'http://dev').pathname !== `/${BUNDLED_SAMPLE.prepared}`) return next()
        prepared().then(
          (text) => response.setHeader('content-type', 'application/json').end(text),
          (err: unknown) => next(err),
        )
      })
    },
  }
}

// `base: './'` keeps every URL relative, so the built site works from any sub-path.
export default defineConfig({
  base: './',
  plugins: [react(), contentSecurityPolicy(), preparedSample()],
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The search engines loaded on first use are named for what they hold (re2js's own file would give "build").
        chunkFileNames: (chunk) => {
          const engine = chunk.moduleIds.some((id) => id.includes('/node_modules/re2js/')) ? 're2js' : undefined
          return `assets/${engine ?? '[name]'}-[hash].js`
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
})
