import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { loadDatasetFolder } from '../../cli/files'
import { createEpisodeServer } from '../../src/server/app'
import type { EpisodeServer, EpisodeServerOptions } from '../../src/server/app'
import { JsonClient } from '../../bench/serve-client'
import { ROOT } from '../fixtures'

export const SAMPLE = loadDatasetFolder(join(ROOT, 'public/data')).dataset
export const LIVE_SAMPLE = loadDatasetFolder(join(ROOT, 'public/data-live')).dataset

/** An episode server on 127.0.0.1 at a free port, with a client of it. */
export async function startServer(options: Partial<EpisodeServerOptions> = {}): Promise<{ served: EpisodeServer; base: string; client: JsonClient; stop: () => Promise<void> }> {
  const served = createEpisodeServer({ dataset: SAMPLE, maxEpisodes: 100, idleMs: 60_000, ...options })
  await new Promise<void>((resolve) => served.server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`
  const client = new JsonClient(base, options.token !== undefined ? { token: options.token } : {})
  return {
    served,
    base,
    client,
    stop: async () => {
      client.close()
      await served.close()
    },
  }
}
