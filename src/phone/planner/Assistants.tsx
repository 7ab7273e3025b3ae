import { useCallback, useId, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Bot } from 'lucide-react'
import type { AgentCard, AppKey, PhoneRecord } from '../../core'
import { usePhone } from '../../state/phone'
import { useSession } from '../../state/session'
import { ActionForm } from '../ActionForm'
import { APP_VIEWS } from '../appViews'
import { useFocusKept } from '../Deleted'
import { useEscapeFirst } from '../useEscapeFirst'
import { prefillFromRecord } from './delegatePrefill'
import { PLANNER_COLORS } from './offered'
import { PlannerFrame } from './PlannerFrame'

/** Where a delegation was started: the record in view, whose fields fill in the handoff where they match. */
export interface DelegationStart {
  app: AppKey
  record: Readonly<PhoneRecord>
}

const NO_AGENTS: AgentCard[] = []

/**
 * The data set's sub-agents as their cards show them (name, description,
 * skills), each with its handoff: the `Delegate_*` tool's form, filled in from
 * the record it was started on. The agent's answer arrives as a notification.
 */
export function Assistants({ from }: { from?: DelegationStart }) {
  const { t } = useTranslation()
  const agents = useSession((s) => s.dataset?.agents ?? NO_AGENTS)
  const tools = useSession((s) => s.dataset?.tools)
  const navigate = usePhone((s) => s.navigate)
  const [delegating, setDelegating] = useState<AgentCard>()
  const close = useCallback(() => setDelegating(undefined), [])
  const title = from ? APP_VIEWS[from.app].title(from.record) : undefined
  const prefill = useMemo(() => {
    const schema = tools?.find((tool) => tool.function.name === delegating?.tool)
    return from && schema ? prefillFromRecord(schema.function.parameters.properties ?? {}, from.app, from.record) : undefined
  }, [tools, delegating, from])
  if (delegating)
    return (
      <DelegationForm app={from?.app ?? 'contacts'} tool={delegating.tool} {...(prefill ? { prefill } : {})} onLeave={close}>
        {title !== undefined && prefill && Object.keys(prefill).length > 0 && <p className="hint delegate-note">{t('planner.delegateFrom', { title })}</p>}
      </DelegationForm>
    )
  const back = from ? { label: t('back'), go: () => navigate({ screen: 'app', app: from.app }) } : undefined
  return (
    <PlannerFrame
      title={t('planner.assistants')}
      color={PLANNER_COLORS.assistants}
      className="planner-assistants"
      {...(back ? { backLabel: back.label, onBack: back.go } : {})}
    >
      <p className="hint">{from ? t('planner.chooseAssistant') : t('planner.assistantsHint')}</p>
      <ul className="planner-cards">
        {agents.map((agent) => (
          <AgentCardView key={agent.id} agent={agent} offered={tools?.some((tool) => tool.function.name === agent.tool) ?? false} onDelegate={() => setDelegating(agent)} />
        ))}
      </ul>
    </PlannerFrame>
  )
}

/** The handoff form: the delegate tool's own form, inside this screen; Escape and Back come back to the cards. */
function DelegationForm(props: { app: AppKey; tool: string; prefill?: Record<string, unknown>; onLeave: () => void; children?: ReactNode }) {
  useEscapeFirst(props.onLeave)
  // The form replaces the cards without a route change: focus, lost with the button that opened it, goes to the screen's top.
  useFocusKept(props.tool)
  return (
    <div className="delegate-form">
      <ActionForm app={props.app} tool={props.tool} {...(props.prefill ? { prefill: props.prefill } : {})} onLeave={props.onLeave} color={PLANNER_COLORS.assistants} />
      {props.children}
    </div>
  )
}

function AgentCardView({ agent, offered, onDelegate }: { agent: AgentCard; offered: boolean; onDelegate: () => void }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <li className="planner-card" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        <Bot size={18} aria-hidden="true" /> {agent.name}
      </h3>
      <p>{agent.description}</p>
      {agent.skills.length > 0 && (
        <>
          <h4>{t('planner.canDo')}</h4>
          <ul className="agent-skills">
            {agent.skills.map((skill) => (
              <li key={skill.id}>
                <strong>{skill.name}</strong>: {skill.description}
                {skill.examples.length > 0 && <span className="agent-example">{t('planner.examples', { examples: skill.examples.map((e) => `“${e}”`).join(' ') })}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {offered && (
        <button type="button" className="primary" onClick={onDelegate}>
          {t('planner.delegateTo', { name: agent.name })}
        </button>
      )}
    </li>
  )
}
