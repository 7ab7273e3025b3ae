import { useTranslation } from 'react-i18next'
import { CAPABILITIES } from '../core'
import { editDraft, setField, setInstruction, useAuthoring } from './store'
import { capabilityLabel } from '../shared/labels'
import { Findings, useHasFindings } from './Findings'

/** The task's own fields: id, capability, instruction, reasoning path and distractors, with the validator's findings beside each. */
export function TaskFields() {
  const { t, i18n } = useTranslation()
  const task = useAuthoring((s) => s.draft?.task)
  const idInvalid = useHasFindings('id')
  const instructionInvalid = useHasFindings('instruction')
  if (!task) return null
  const types: string[] = CAPABILITIES.map((c) => c.type)
  if (!types.includes(task.type)) types.push(task.type)
  return (
    <section className="editor-card task-fields" aria-labelledby="editor-task-heading">
      <h3 id="editor-task-heading">{t('authoring.taskHeading')}</h3>
      <div className="field-row">
        <label className="editor-field">
          <span>{t('authoring.id')}</span>
          <input
            value={task.id}
            spellCheck={false}
            aria-invalid={idInvalid || undefined}
            aria-describedby={idInvalid ? 'findings-id' : undefined}
            onChange={(e) => editDraft((c) => setField(c, 'id', e.target.value), 'id')}
          />
        </label>
        <label className="editor-field">
          <span>{t('authoring.type')}</span>
          <select value={task.type} onChange={(e) => editDraft((c) => setField(c, 'type', e.target.value))}>
            {types.map((type) => (
              <option key={type} value={type}>
                {capabilityLabel(type, i18n.language)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Findings place="id" id="findings-id" />
      <Findings place="type" />
      <label className="editor-field">
        <span>{t('authoring.instruction')}</span>
        <textarea
          rows={2}
          value={task.instruction}
          aria-invalid={instructionInvalid || undefined}
          onChange={(e) => editDraft((c) => setInstruction(c, e.target.value), 'instruction')}
        />
      </label>
      <Findings place="instruction" />
      <label className="editor-field">
        <span>{t('authoring.reasoningPath')}</span>
        <textarea rows={3} value={task.reasoningPath} onChange={(e) => editDraft((c) => setField(c, 'reasoningPath', e.target.value), 'reasoningPath')} />
      </label>
      <label className="editor-field">
        <span>{t('authoring.distractors')}</span>
        <textarea rows={2} value={task.distractors} onChange={(e) => editDraft((c) => setField(c, 'distractors', e.target.value), 'distractors')} />
      </label>
    </section>
  )
}
