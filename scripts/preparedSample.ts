/**
 * The bundled sample's rows as an import stores them (`BUNDLED_SAMPLE.prepared`),
 * made by the import's own code from public/. vite.config.ts bundles this file
 * on its own (esbuild) and loads the bundle, for the build and for the dev
 * server, so that the config itself imports no source of the app: Vite's
 * coming native config loader could not resolve those imports, and the
 * current one warned of each of them, some 500 lines, at every `vite` start.
 */
import { join } from 'node:path'
import { readDatasetFolder } from '../cli/files'
import { BUNDLED_SAMPLE, prepareDataset } from '../src/db/preparedDataset'

export const preparedFileName: string = BUNDLED_SAMPLE.prepared

/** The prepared file's text. */
export async function preparedSampleText(): Promise<string> {
  return JSON.stringify(await prepareDataset(readDatasetFolder(join(import.meta.dirname, '..', 'public', BUNDLED_SAMPLE.folder)), BUNDLED_SAMPLE))
}
