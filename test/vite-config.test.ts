import { join } from 'node:path'
import { createLogger, loadConfigFromFile } from 'vite'
import { describe, expect, it } from 'vitest'
import { ROOT } from './fixtures'

describe('vite.config.ts', () => {
  it('loads without a warning: `npm start` opens with the address, not a screen of notices', { timeout: 60_000 }, async () => {
    // It imported the import's code for the prepared sample, and Vite listed each import of that code its coming native
    // config loader could not resolve: about 550 lines before "ready" at every `vite` start, build and preview.
    const logger = createLogger('warn')
    const warnings: string[] = []
    logger.warn = (message) => void warnings.push(message)
    logger.warnOnce = (message) => void warnings.push(message)
    const loaded = await loadConfigFromFile({ command: 'serve', mode: 'development' }, join(ROOT, 'vite.config.ts'), ROOT, 'warn', logger)
    expect(loaded?.path).toBe(join(ROOT, 'vite.config.ts'))
    expect(warnings).toEqual([])
  })
})
