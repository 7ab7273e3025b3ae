import { appOfExecutionTool, isRetrievalToolName, placeTools } from '../core'
import type { PlacedTools } from '../core'
import { useSession } from '../state/session'
import { RecordIds } from './liveMarks'
import { usePhoneActions } from './planner/offered'

/**
 * Every version of the live records the page shows is noted here, so that a
 * search answered before a change can still find its records after it
 * (liveMarks.ts, `placeHit`).
 */
export const knownRecordIds = new RecordIds()

useSession.subscribe((state, previous) => {
  if (state.live !== previous.live) knownRecordIds.note(state.live)
})

/** The data set's execution tools offered now (a skill's once loaded), placed in their apps (or on the home screen). */
export function usePlacedTools(): PlacedTools | undefined {
  const tools = usePhoneActions()
  return tools ? placeTools(tools, (name) => appOfExecutionTool(name)?.key, isRetrievalToolName) : undefined
}
