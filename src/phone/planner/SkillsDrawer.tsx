import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CircleCheck } from 'lucide-react'
import { LOAD_SKILL } from '../../core'
import type { Skill } from '../../core'
import { usePhone } from '../../state/phone'
import { callTool, useSession } from '../../state/session'
import { actionLabel } from '../../shared/labels'
import { usePlacedTools } from '../liveSession'
import { PLANNER_COLORS, useLoadedSkills } from './offered'
import { PlannerFrame } from './PlannerFrame'

const NO_SKILLS: Skill[] = []

/**
 * The data set's skills: each one's name, what it is for and its
 * instructions (the SKILL.md text). *Load* calls `load_skill`, as an agent
 * does; the skill's actions then appear in their apps, and here.
 */
export function SkillsDrawer() {
  const { t } = useTranslation()
  const skills = useSession((s) => s.dataset?.skills ?? NO_SKILLS)
  const loaded = useLoadedSkills()
  return (
    <PlannerFrame title={t('planner.skills')} color={PLANNER_COLORS.skills} className="planner-skills">
      <p className="hint">{t('planner.skillsHint')}</p>
      <ul className="planner-cards">
        {skills.map((skill) => (
          <SkillCard key={skill.name} skill={skill} loaded={loaded.has(skill.name)} />
        ))}
      </ul>
    </PlannerFrame>
  )
}

function SkillCard({ skill, loaded }: { skill: Skill; loaded: boolean }) {
  const { t } = useTranslation()
  const id = useId()
  const open = useSession((s) => s.attempt !== undefined && !s.attempt.finished && s.replaying === undefined && s.leading)
  const placed = usePlacedTools()
  const navigate = usePhone((s) => s.navigate)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const name = skill.displayName ?? skill.name
  const load = async () => {
    setBusy(true)
    setProblem(undefined)
    try {
      const step = await callTool(LOAD_SKILL, { name: skill.name }, 'ui')
      if (!step.ok) setProblem(t('planner.loadFailed', { message: step.content.replace(/^Error:\s*/, '') }))
    } catch (err) {
      setProblem(t('planner.notSaved', { message: err instanceof Error ? err.message : String(err) }))
    } finally {
      setBusy(false)
    }
  }
  const actions = skill.tools.flatMap((tool) => {
    const place = placed?.byName.get(tool)
    return place ? [place] : []
  })
  return (
    <li className="planner-card" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>
        {name} {skill.displayName && <code className="skill-name">{skill.name}</code>}
      </h3>
      <p>{skill.description}</p>
      <details className="skill-body">
        <summary>{t('planner.instructions')}</summary>
        <div className="skill-text">{skill.body}</div>
      </details>
      {loaded ? (
        <>
          <p className="skill-loaded">
            <CircleCheck size={16} aria-hidden="true" /> {t('planner.loaded')}
          </p>
          {actions.length > 0 && (
            <div className="planner-actions" role="group" aria-label={t('planner.skillActions')}>
              {actions.map((p) => (
                <button key={p.name} type="button" className="app-action" onClick={() => navigate({ screen: 'action', app: p.app ?? 'contacts', tool: p.name })}>
                  {actionLabel(t, p.name)}
                </button>
              ))}
            </div>
          )}
        </>
      ) : (
        open && (
          <button type="button" className="primary" onClick={() => void load()} aria-busy={busy} aria-label={t('planner.loadSkill', { name })}>
            {busy ? t('planner.loading') : t('planner.load')}
          </button>
        )
      )}
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
    </li>
  )
}
