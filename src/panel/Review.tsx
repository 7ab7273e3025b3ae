import { Suspense, lazy, useEffect } from 'react'
import { whenIdleAfterBoot } from '../state/idleAfterBoot'
import { useSession, useShownVerdict } from '../state/session'

// Not in the first load (#27): the review's diffs come with the first Finish, fetched once the page is idle after its boot.
const loadBody = () => import('./ReviewBody')
const ReviewBody = lazy(() => loadBody().then((m) => ({ default: m.ReviewBody })))

/**
 * After Finish only: the review of the attempt (ReviewBody.tsx). Nothing of
 * the gold is rendered before (not even hidden).
 */
export function Review() {
  const verdict = useShownVerdict()
  const task = useSession((s) => s.task)
  const finished = useSession((s) => s.attempt?.finished ?? false)
  const steps = useSession((s) => s.steps)
  const live = useSession((s) => s.live)
  useEffect(() => whenIdleAfterBoot(() => void loadBody()), [])
  if (!finished || !verdict || !task) return null
  return (
    <Suspense fallback={null}>
      <ReviewBody verdict={verdict} task={task} steps={steps} live={live} />
    </Suspense>
  )
}
