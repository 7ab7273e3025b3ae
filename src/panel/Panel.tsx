import { useTranslation } from 'react-i18next'
import { PendingActions } from './PendingActions'
import { Review } from './Review'
import { SealedBar } from './SealedBar'
import { StorageBanner } from './StorageBanner'
import { Submitted } from './Submitted'
import { TaskCard } from './TaskCard'
import { TaskNavigator } from './TaskNavigator'
import { Trajectory } from './Trajectory'
import './panel.css'

/** Beside the phone: the navigator, the open task with its timer, the actions to submit, the review after Finish, and the trajectory. */
export function Panel() {
  const { t } = useTranslation()
  return (
    <aside className="side-panel" aria-label={t('task')}>
      <StorageBanner />
      <SealedBar />
      <TaskNavigator />
      <TaskCard />
      <PendingActions />
      <Review />
      <Submitted />
      <Trajectory />
    </aside>
  )
}
