import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { defineConfig } from 'vite'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'

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

/** What scripts/preparedSample.ts exports. */
interface PreparedSample {
  preparedFileName: string
  preparedSampleText: () => Promise<string>
}

/**
 * scripts/preparedSample.ts, bundled on its own and loaded: the config
 * imports no source of the app (that file says why). Bundled again at each
 * call, so that the dev server follows edits of the import's code.
 */
async function loadPreparedSample(): Promise<PreparedSample> {
  const folder = join(import.meta.dirname, 'node_modules', '.cache', 'spieval-prepared-sample')
  const [output] = (
    await build({
      entryPoints: [join(import.meta.dirname, 'scripts', 'preparedSample.ts')],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // The bundle reads public/ beside the source, not beside itself.
      define: { 'import.meta.dirname': JSON.stringify(join(import.meta.dirname, 'scripts')) },
      logLevel: 'warning',
    })
  ).outputFiles
  if (!output) throw new Error('scripts/preparedSample.ts: esbuild wrote nothing')
  mkdirSync(folder, { recursive: true })
  // Under node_modules, so that its bare imports resolve to the project's packages; named by its content, so that an
  // edit gives a new module (an import is cached by its URL) and the same code the same file.
  const file = join(folder, `${createHash('sha256').update(output.text).digest('hex').slice(0, 16)}.mjs`)
  writeFileSync(file, output.text)
  return (await import(pathToFileURL(file).href)) as PreparedSample
}

/**
 * The bundled sample's rows as an import stores them
 * (`BUNDLED_SAMPLE.prepared`, beside the sample's folder), made by the
 * import's own code from public/data when the site is built, and served by
 * the dev server alike. A first visit stores them as they are instead of
 * parsing, checking and hashing the sample in the page (#27's cold start);
 * the sample's folder stays as published, for `?data=` links and downloads.
 */
function preparedSample(): Plugin {
  return {
    name: 'spieval-prepared-sample',
    async generateBundle() {
      const sample = await loadPreparedSample()
      this.emitFile({ type: 'asset', fileName: sample.preparedFileName, source: await sample.preparedSampleText() })
    },
    configureServer(server) {
      let fileName: string | undefined // known after the first load
      server.middlewares.use((request, response, next) => {
        const path = new URL(request.url ?? '/', 'http://dev').pathname
        if (!path.endsWith('.json') || (fileName !== undefined && path !== `/${fileName}`)) return next()
        loadPreparedSample()
          .then(async (sample) => {
            fileName = sample.preparedFileName
            if (path !== `/${fileName}`) return next()
            response.setHeader('content-type', 'application/json').end(await sample.preparedSampleText())
          })
          .catch((err: unknown) => next(err))
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
