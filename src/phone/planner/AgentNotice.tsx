import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Bot, X } from 'lucide-react'
import type { AgentCard, TrajectoryStep } from '../../core'
import { usePhone } from '../../state/phone'
import { useSession } from '../../state/session'
import './planner.css'

const NO_AGENTS: AgentCard[] = []

const lastSeq = (steps: readonly TrajectoryStep[]): number => steps.at(-1)?.seq ?? -1

/** The newest successful handoff to a sub-agent after step `after`. */
function newestHandoff(steps: readonly TrajectoryStep[], after: number, agents: readonly AgentCard[]): { seq: number; agent: AgentCard; content: string } | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]
    if (!step || step.seq <= after) return undefined
    const agent = agents.find((a) => a.tool === step.name)
    if (agent && step.ok && !step.withdrawn) return { seq: step.seq, agent, content: step.content }
  }
  return undefined
}

/**
 * A sub-agent's answer as a notification at the top of the phone: the newest
 * successful handoff (a person's or a program's) until it is dismissed, the
 * phone moves to another screen (as a phone's banner goes), or another comes.
 */
export function AgentNotice() {
  const { t } = useTranslation()
  const agents = useSession((s) => s.dataset?.agents ?? NO_AGENTS)
  const steps = useSession((s) => s.steps)
  // Steps up to this one are not news: those stored before the attempt came on screen, or before the last move.
  const [dismissed, setDismissed] = useState(() => lastSeq(useSession.getState().steps))
  useEffect(() => {
    const offRoute = usePhone.subscribe((state, previous) => {
      if (state.route !== previous.route) setDismissed(lastSeq(useSession.getState().steps))
    })
    const offAttempt = useSession.subscribe((state, previous) => {
      if (state.attempt?.id !== previous.attempt?.id) setDismissed(lastSeq(state.steps))
    })
    return () => {
      offRoute()
      offAttempt()
    }
  }, [])
  const latest = useMemo(() => newestHandoff(steps, dismissed, agents), [steps, dismissed, agents])
  return (
    <div className="agent-notice-slot" role="status" aria-live="polite">
      {latest && (
        <div className="agent-notice">
          <Bot size={20} aria-hidden="true" className="agent-notice-icon" />
          <div className="agent-notice-body">
            <p className="agent-notice-title">{t('planner.replied', { name: latest.agent.name })}</p>
            <p className="agent-notice-text">{latest.content}</p>
          </div>
          <button type="button" className="agent-notice-close" onClick={() => setDismissed(latest.seq)} aria-label={t('planner.dismiss')}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  )
}
