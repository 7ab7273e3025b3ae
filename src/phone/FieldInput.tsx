import { useId } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { X } from 'lucide-react'
import { enumLabel, parameterDescription } from '../core'
import { parameterWords } from '../shared/parameterWords'
import type { JsonSchema } from '../core'
import type { Language } from '../i18n'
import { fitsPicker, fromPicker, pickerOf } from './actionArguments'
import type { FormValue } from './actionArguments'

const WEEKDAYS_EN = ['Once', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const WEEKDAYS_ZH = ['不重复', '周一', '周二', '周三', '周四', '周五', '周六', '周日']

export interface FieldInputProps {
  tool: string
  name: string
  schema: JsonSchema
  required: boolean
  value: FormValue | undefined
  /** A list's entry box, not yet added. */
  draft: string
  language: Language
  onChange: (value: FormValue) => void
  onDraft: (draft: string) => void
  /** What the runtime found wrong with this field at the last submit, in the reader's words. */
  issue?: string
}

/**
 * One parameter of an action form. Its accessible name is the parameter's label in the reader's language;
 * the raw parameter name (what the gold and the trajectory say) is part of its hint, with the description.
 */
export function FieldInput(props: FieldInputProps) {
  const { t } = useTranslation()
  const { tool, name, schema, required, value, language, onChange } = props
  const id = useId()
  const inputId = `${id}-input`
  const hintId = `${id}-hint`
  const issueId = `${id}-issue`
  const words = parameterWords(t, tool, name, language)
  const label = (
    <>
      {words}
      {required && (
        <abbr title={t('required')} aria-hidden="true">
          {' '}*
        </abbr>
      )}
    </>
  )
  const hint = (
    <small id={hintId} className="field-hint">
      <code className="param-name" title={t('phoneUi.parameterName')}>
        {name}
      </code>
      {schema.description && ` · ${parameterDescription(schema.description, language)}`}
    </small>
  )
  const issue = props.issue && (
    <small id={issueId} className="field-issue">
      {props.issue}
    </small>
  )
  const describedBy = { 'aria-describedby': props.issue ? `${hintId} ${issueId}` : hintId }
  // On the control a person fixes (a fieldset takes no aria-invalid).
  const invalid = props.issue ? { 'aria-invalid': true } : {}
  if (schema.type === 'array' && schema.items?.type === 'integer' && schema.items.enum) {
    const days = (value as string[] | undefined) ?? []
    const names = language === 'en' ? WEEKDAYS_EN : WEEKDAYS_ZH
    return (
      <fieldset className="form-field" {...describedBy}>
        <legend className="field-label">{label}</legend>
        {hint}
        <div className="day-choices">
          {schema.items.enum.map((option) => (
            <label key={String(option)} className="inline">
              <input
                type="checkbox"
                checked={days.includes(String(option))}
                onChange={(e) => onChange(e.target.checked ? [...days, String(option)] : days.filter((d) => d !== String(option)))}
              />
              {names[Number(option)] ?? String(option)}
            </label>
          ))}
        </div>
        {issue}
      </fieldset>
    )
  }
  if (schema.type === 'array')
    return (
      <ChipsInput
        label={label}
        words={words}
        hint={hint}
        describedBy={describedBy}
        invalid={invalid}
        issue={issue}
        values={(value as string[] | undefined) ?? []}
        draft={props.draft}
        onChange={onChange}
        onDraft={props.onDraft}
      />
    )
  if (schema.enum)
    return (
      <LabelledField inputId={inputId} label={label} hint={hint} issue={issue}>
        <select id={inputId} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} aria-required={required} {...describedBy} {...invalid}>
          <option value="">—</option>
          {schema.enum.map((option) => (
            <option key={String(option)} value={String(option)}>
              {enumLabel(option, language)}
            </option>
          ))}
        </select>
      </LabelledField>
    )
  if (schema.type === 'boolean')
    return (
      <div className="form-field">
        <label className="field-label inline">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...describedBy} {...invalid} />
          {label}
        </label>
        {hint}
        {issue}
      </div>
    )
  const text = typeof value === 'string' ? value : ''
  const picker = pickerOf(schema)
  // A date or a time is picked, and written in the tool's format; a value the picker cannot hold (a typed "now") stays text.
  if (picker && fitsPicker(picker, text))
    return (
      <LabelledField inputId={inputId} label={label} hint={hint} issue={issue}>
        <div className="picker-row">
          <input
            id={inputId}
            type={picker.kind}
            step={picker.kind === 'time' && picker.seconds ? 1 : undefined}
            value={text === picker.now ? '' : text}
            disabled={picker.now !== undefined && text === picker.now}
            onChange={(e) => onChange(fromPicker(picker, e.target.value))}
            aria-required={required}
            {...describedBy}
            {...invalid}
          />
          {picker.now !== undefined && (
            <button type="button" className="picker-now" aria-pressed={text === picker.now} onClick={() => onChange(text === picker.now ? '' : (picker.now ?? ''))}>
              {t('phoneUi.now')}
            </button>
          )}
        </div>
      </LabelledField>
    )
  const numeric = schema.type === 'integer' || schema.type === 'number'
  return (
    <LabelledField inputId={inputId} label={label} hint={hint} issue={issue}>
      <input
        id={inputId}
        type={numeric ? 'number' : 'text'}
        step={schema.type === 'integer' ? 1 : 'any'}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required}
        {...describedBy}
        {...invalid}
      />
    </LabelledField>
  )
}

/** A field's frame: its label (for the control inside), then its hint, then the control, then what is wrong with it. */
function LabelledField(props: { inputId: string; label: ReactNode; hint: ReactNode; issue: ReactNode; children: ReactNode }) {
  return (
    <div className="form-field">
      <label className="field-label" htmlFor={props.inputId}>
        {props.label}
      </label>
      {props.hint}
      {props.children}
      {props.issue}
    </div>
  )
}

function ChipsInput(props: {
  label: ReactNode
  /** The label as words, for the list and its entry box. */
  words: string
  hint: ReactNode
  describedBy: { 'aria-describedby'?: string }
  invalid: { 'aria-invalid'?: boolean }
  issue: ReactNode
  values: string[]
  /** The entry box's text, held by the form so that Submit adds it. */
  draft: string
  onChange: (values: string[]) => void
  onDraft: (draft: string) => void
}) {
  const { t } = useTranslation()
  const { draft, onDraft } = props
  const add = () => {
    if (draft.trim() === '') return
    props.onChange([...props.values, draft.trim()])
    onDraft('')
  }
  return (
    <fieldset className="form-field chips" {...props.describedBy}>
      <legend className="field-label">{props.label}</legend>
      {props.hint}
      {props.values.length > 0 && (
        <ul aria-label={props.words}>
          {props.values.map((v, i) => (
            <li key={`${v}-${i}`} className="chip">
              {v}
              <button type="button" aria-label={t('removeItem', { value: v })} onClick={() => props.onChange(props.values.filter((_, j) => j !== i))}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="chip-entry">
        <input
          aria-label={`${props.words}: ${t('addItem')}`}
          {...props.invalid}
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
        />
        <button type="button" onClick={add}>
          {t('addItem')}
        </button>
      </div>
      {props.issue}
    </fieldset>
  )
}
