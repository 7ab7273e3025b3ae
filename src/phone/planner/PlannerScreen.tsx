import type { PlannerView } from '../../state/routes'
import { Assistants } from './Assistants'
import type { DelegationStart } from './Assistants'
import { SkillsDrawer } from './SkillsDrawer'
import { UserMessages } from './UserMessages'
import './planner.css'

/** A planner task's own screen: the messages with the user, the skills, or the assistants. */
export function PlannerScreen({ view, from }: { view: PlannerView; from?: DelegationStart }) {
  if (view === 'user') return <UserMessages />
  if (view === 'skills') return <SkillsDrawer />
  return <Assistants {...(from ? { from } : {})} />
}
