import { useTranslation } from 'react-i18next'
import type { RubricItem } from '../core'
import { checkSteps } from './queue'
import { draftComplete, setItem, showStep, submitGrade, toggleEvidence, useGrading } from './store'
import type { DraftItem, Grading } from './store'

const ANSWERS = [
  { value: true, key: 'met' },
  { value: false, key: 'notMet' },
  { value: null, key: 'cantTell' },
] as const

/**
 * The rubric beside the replay: each automatic item as the one scorer
 * decided it, locked, with the steps its check reads; each other item with
 * Met, Not met or Can't tell, the steps that show it and a note.
 */
export function GradeRubric() {
  const { t } = useTranslation()
  const open = useGrading((s) => s.open)
  const draft = useGrading((s) => s.draft)
  const saving = useGrading((s) => s.saving)
  if (!open) return null
  const rubric = open.task.planner?.rubric
  if (!rubric) return null
  const complete = draftComplete(draft)
  return (
    <form
      className="grading-card grading-rubric"
      aria-labelledby="grading-rubric-heading"
      onSubmit={(e) => {
        e.preventDefault()
        void submitGrade()
      }}
    >
      <h3 id="grading-rubric-heading">{t('grading.rubric.heading')}</h3>
      <ol className="grading-items">
        {rubric.items.map((item) => (
          <li key={item.id} className={item.auto ? 'auto' : 'manual'}>
            <ItemHead item={item} required={rubric.pass.required.includes(item.id)} />
            {item.auto ? <AutoItem item={item} open={open} /> : <ManualItem item={item} open={open} answer={draft[item.id]} />}
          </li>
        ))}
      </ol>
      {!open.revealed && (
        <div className="grading-submit">
          <button type="submit" className="primary" disabled={!complete || saving} aria-describedby={complete ? undefined : 'grading-incomplete'}>
            {saving ? t('grading.rubric.saving') : t('grading.rubric.submit')}
          </button>
          {!complete && (
            <p id="grading-incomplete" className="grading-note">
              {t('grading.rubric.incomplete')}
            </p>
          )}
        </div>
      )}
    </form>
  )
}

function ItemHead({ item, required }: { item: RubricItem; required: boolean }) {
  const { t } = useTranslation()
  return (
    <p className="grading-item-head">
      <span className="grading-item-id">{item.id}</span> <span className="grading-criterion">{item.criterion}</span>{' '}
      <span className="grading-points">
        {t('grading.rubric.points', { count: item.points })}
        {required && <> · {t('grading.rubric.required')}</>}
      </span>
    </p>
  )
}

/** An item its check decides: shown decided and locked, with the steps the check reads. */
function AutoItem({ item, open }: { item: RubricItem; open: Grading }) {
  const { t } = useTranslation()
  const met = open.auto.find((a) => a.id === item.id)?.met
  const steps = item.auto ? checkSteps(item.auto, open.steps) : []
  return (
    <div className="grading-auto">
      <span className={`grading-decided ${met ? 'met' : 'not-met'}`}>
        {met ? t('grading.rubric.autoMet') : t('grading.rubric.autoNotMet')}
      </span>{' '}
      {steps.length === 0 ? (
        <span className="grading-note">{t('grading.rubric.autoNoSteps')}</span>
      ) : (
        <span className="grading-note">
          {t('grading.rubric.autoSteps')}
          {steps.map((n) => (
            <button key={n} type="button" className="grading-step-link" aria-label={t('grading.steps.goTo', { n, name: open.steps[n - 1]?.name ?? '' })} onClick={() => void showStep(n)}>
              {n}
            </button>
          ))}
        </span>
      )}
    </div>
  )
}

/** An item people grade: Met, Not met or Can't tell, its evidence (tap the steps) and a note; read-only once submitted. */
function ManualItem({ item, open, answer }: { item: RubricItem; open: Grading; answer: DraftItem | undefined }) {
  const { t } = useTranslation()
  const locked = open.revealed !== undefined
  if (locked || !answer) return null
  const name = `grading-${item.id}`
  return (
    <div className="grading-manual">
      <fieldset className="grading-answer">
        <legend>{t('grading.rubric.answer', { id: item.id })}</legend>
        {ANSWERS.map((a) => (
          <label key={a.key} className={`grading-choice ${a.key}`}>
            <input type="radio" name={name} checked={answer.met === a.value} onChange={() => setItem(item.id, { met: a.value })} /> {t(`grading.rubric.${a.key}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="grading-evidence">
        <legend>{t('grading.rubric.evidence')}</legend>
        {open.steps.map((s, i) => (
          <button
            key={s.seq}
            type="button"
            aria-pressed={answer.evidence.includes(i + 1)}
            aria-label={t('grading.rubric.evidenceStep', { n: i + 1, name: s.name, id: item.id })}
            title={s.name}
            onClick={() => toggleEvidence(item.id, i + 1)}
          >
            {i + 1}
          </button>
        ))}
        {answer.evidence.length === 0 && <span className="grading-note">{t('grading.rubric.evidenceNone')}</span>}
      </fieldset>
      <label className="grading-note-field">
        <span>{t('grading.rubric.note', { id: item.id })}</span>
        <textarea rows={2} value={answer.note} placeholder={t('grading.rubric.notePlaceholder')} onChange={(e) => setItem(item.id, { note: e.target.value })} />
      </label>
    </div>
  )
}
