/**
 * Links work as links: a change of the address that the page did not make
 * itself (pasted or typed, Back and Forward, a link inside the app) opens what
 * it names, as a full load of that address would. The page's own writes go
 * through hashWriter (replaceState and pushState fire no `hashchange`), so
 * every `hashchange` here comes from outside the page's own moves.
 */
import { openTask } from './attemptController'
import { usePhone } from './phone'
import { hashToRoute, routeToHash } from './routes'
import { replaceHashNow } from './hashWriter'
import { useSession } from './sessionStore'
import { useView, viewOfHash } from './view'
import { followAddressChanges } from './address'

/**
 * An address followed while the data set was loading. The boot opens what the
 * address named when it started, so a newer one waits and is opened once the
 * boot is done (else a link pasted during a slow load would be undone by it).
 */
let followedDuringBoot: string | undefined

/** Opens what an address names: a view, a task's screen on the phone (the task opened first if it is not the one shown). */
export async function followAddress(hash: string): Promise<void> {
  const view = viewOfHash(hash)
  useView.setState({ view })
  const { status } = useSession.getState()
  if (status === 'error') return
  if (status !== 'ready') {
    followedDuringBoot = hash
    return
  }
  if (view !== 'phone') return
  const { taskId, route } = hashToRoute(hash)
  const { task, tasks, replaying } = useSession.getState()
  if (taskId === undefined) return
  if (task?.id === taskId && !replaying) {
    usePhone.getState().navigate(route)
    return
  }
  if (!tasks.some((t) => t.id === taskId)) {
    if (!task) return
    // The address goes back to what the phone shows, and the page says why.
    useSession.setState({ missingTask: { id: taskId, shown: task.id } })
    replaceHashNow(routeToHash(task.id, usePhone.getState().route))
    return
  }
  // As at boot: the person's latest attempt at the task, resumed (or its review), else a new one.
  await openTask(taskId, route.screen === 'home' ? undefined : route)
}

let listening = false

/** Listens for the address changes the page did not make; once per page. */
export function followLinks(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  followAddressChanges((hash) => void followAddress(hash).catch(() => undefined))
  // A missing task's notice is about the task shown when it was given: another task shown (a pick, a data set) ends it.
  useSession.subscribe((now, before) => {
    if (now.missingTask && before.missingTask === now.missingTask && now.task?.id !== before.task?.id) useSession.setState({ missingTask: undefined })
  })
  useSession.subscribe((now, before) => {
    if (now.status !== 'ready' || before.status === 'ready' || followedDuringBoot === undefined) return
    const hash = followedDuringBoot
    followedDuringBoot = undefined
    void followAddress(hash).catch(() => undefined)
  })
}
