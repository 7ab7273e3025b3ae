import { openedTask, readAttemptState, readSetting, submission } from '../core'
import { getAttempt, attemptCalls, storeDataset, toSteps } from '../db'
import { callTool, currentAttempt, finishAttempt, forkAttempt, openTask, reloadDatasets, replyToUser, useSession, whenReady } from '../state/session'
import type { ApiAttempt, SpievalApi } from './types'

export const API_VERSION = '0.1.0'
/** The User Timing mark `importDataset` sets once the files are stored, before the page opens the new data set. */
export const IMPORT_STORED_MARK = 'spieval:import-stored'


/**
 * Resolves once the page has drawn what changed: two frames, the second of
 * which starts only when the first was handed on to be shown. An opened task is
 * then on screen when `open` answers, and its drawing does not land in the
 * first call. A hidden tab draws no frames: it waits no longer than a moment.
 */
async function shown(): Promise<void> {
  const frame = () =>
    new Promise<void>((resolve) => {
      const fallback = setTimeout(resolve, 100)
      requestAnimationFrame(() => {
        clearTimeout(fallback)
        setTimeout(resolve, 0)
      })
    })
  await frame()
  await frame()
}

/**
 * `window.spieval`: the same runtime and scorer as the phone. Calls go through
 * the one tool path with source `api`, so they show on the phone and in the
 * trajectory like a person's.
 */
export function createSpievalApi(): SpievalApi {
  return {
    version: API_VERSION,
    async tasks() {
      await whenReady()
      return useSession.getState().tasks.map((t) => ({ id: t.id, type: t.type, instruction: t.instruction }))
    },
    async open(taskId, opts = {}) {
      await whenReady()
      // Checked before anything changes: a typo must not run as another setting.
      const setting = readSetting(opts.setting)
      const state = readAttemptState(opts.state)
      await openTask(taskId, { screen: 'home' }, { fresh: true, setting, byAgent: true, ...(state ? { state } : {}), ...(opts.actor !== undefined ? { actor: opts.actor } : {}) })
      const { dataset } = useSession.getState()
      const attempt = currentAttempt()
      if (!dataset || !attempt) throw new Error(`Task ${taskId} could not be opened`)
      const opened = openedTask(attempt, dataset.profile)
      await shown()
      return opened
    },
    async call(name, args) {
      await whenReady()
      try {
        const step = await callTool(name, args, 'api')
        return { ok: step.ok, content: step.content, ...(step.data === undefined ? {} : { data: step.data }) }
      } catch (err) {
        return { ok: false, content: `Error: ${err instanceof Error ? err.message : String(err)}` }
      }
    },
    async submit() {
      await whenReady()
      const attempt = currentAttempt()
      const verdict = await finishAttempt()
      if (!attempt) throw new Error('No task is open')
      return submission(attempt, verdict)
    },
    async reply(text) {
      await whenReady()
      if (typeof text !== 'string') throw new Error('reply: the text must be a string')
      await replyToUser(text, 'api')
    },
    async tools() {
      await whenReady()
      return currentAttempt()?.offeredTools() ?? []
    },
    async current() {
      await whenReady()
      const attempt = useSession.getState().attempt
      if (!attempt) return null
      const stored = (await getAttempt(attempt.id)) ?? attempt
      const calls: ApiAttempt['calls'] = toSteps(await attemptCalls(attempt.id)).map((s) => ({
        name: s.name,
        arguments: s.arguments,
        source: s.source,
        ok: s.ok,
        content: s.content,
        ...(s.withdrawn ? { withdrawn: true } : {}),
        ...(s.inherited ? { inherited: true } : {}),
        ...(s.friction ? { friction: true } : {}),
      }))
      return {
        taskId: stored.taskId,
        attemptId: stored.id,
        setting: stored.access,
        state: stored.state ?? 'static',
        finished: stored.finished,
        ...(stored.parent ? { parent: stored.parent } : {}),
        ...(stored.afterGold ? { afterGold: true as const } : {}),
        calls,
      }
    },
    async fork(attemptId, step, opts = {}) {
      await whenReady()
      const attempt = await forkAttempt(attemptId, step, { byAgent: true, ...(opts.actor !== undefined ? { actor: opts.actor } : {}) })
      const profile = useSession.getState().dataset?.profile
      if (!profile) throw new Error('No data set is loaded')
      await shown()
      const { systemPrompt, tools } = openedTask(attempt, profile)
      return { attemptId: attempt.id, id: attempt.info.taskId, systemPrompt, tools }
    },
    async importDataset(files, name = 'Imported data set') {
      await whenReady()
      const stored = await storeDataset(files, { name, source: 'api' })
      // For whoever times an import (npm run bench): stored, and the page has not yet opened it.
      performance.mark(IMPORT_STORED_MARK)
      await reloadDatasets(stored)
      return { id: stored.row.id, tasks: stored.row.tasks }
    },
    async exportDataset() {
      await whenReady()
      const dataset = useSession.getState().dataset
      if (!dataset) throw new Error('No data set is loaded')
      // Loaded on first use: writing the files back (and CHANGES.md) is not in the page's first load.
      const { exportDataset: exportStoredDataset } = await import('../db/exportDataset')
      const files = await exportStoredDataset(dataset.id)
      if (!files) throw new Error(`Data set "${dataset.name}" is no longer stored`)
      return files
    },
  }
}
