import { useCallback, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft, X } from 'lucide-react'
import { enumLabel, ownValue } from '../core'
import type { AppKey, JsonSchema } from '../core'
import type { Language } from '../i18n'
import { usePhone } from '../state/phone'
import { callTool, checkCall, useSession } from '../state/session'
import { APP_VIEWS } from './appViews'
import { ErrorDialog } from './ErrorDialog'
import { addDrafts, initialValues, toArguments } from './actionArguments'
import type { FormValue } from './actionArguments'
import { usePlacedTools } from './liveSession'
import { actionLabel } from '../shared/labels'

const WEEKDAYS_EN = ['Once', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const WEEKDAYS_ZH = ['不重复', '周一', '周二', '周三', '周四', '周五', '周六', '周日']


/**
 * An action's form, generated from the tool's schema in the loaded tools.json:
 * required fields marked, enums as choices with translated labels, arrays as
 * chips. It submits through the runtime; an invalid form shows the runtime's
 * message and records nothing.
 */
export function ActionForm({ app, tool, prefill }: { app: AppKey; tool: string; prefill?: Record<string, unknown> }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const schema = useSession((s) => s.dataset?.tools.find((x) => x.function.name === tool))
  const navigate = usePhone((s) => s.navigate)
  // A draft left in this form (the same action, from the same record) comes back when it opens again.
  const draftKey = `${tool}\u0000${JSON.stringify(prefill ?? null)}`
  const [values, setValues] = useState<Record<string, FormValue>>(() => {
    const kept = usePhone.getState().formDrafts.get(draftKey)
    return kept ? (kept as Record<string, FormValue>) : initialValues(prefill)
  })
  /** What is typed in each list's entry box and not yet added: Submit adds it, so that nothing typed is dropped. */
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const [error, setError] = useState<string>()
  /** A stored call that did not go through (friction, or its effect refused): shown as the phone's alert, with Retry. */
  const [refused, setRefused] = useState<{ message: string; args: Record<string, unknown> }>()
  const [busy, setBusy] = useState(false)
  // A tool no app takes (offered on the home screen) goes back there.
  const placed = usePlacedTools()?.byName.get(tool)
  const leave = () => navigate(placed && !placed.app ? { screen: 'home' } : { screen: 'app', app })
  // Back keeps what was typed, for the next time this form opens; a sent form forgets it.
  const back = () => {
    usePhone.getState().keepFormDraft(draftKey, addDrafts(values, drafts, schema?.function.parameters.properties ?? {}))
    leave()
  }
  const closeRefusal = useCallback(() => setRefused(undefined), [])
  if (!schema) return <p className="hint">{tool}?</p>
  const properties = schema.function.parameters.properties ?? {}
  const required = new Set(schema.function.parameters.required ?? [])
  const title = actionLabel(t, tool)

  /** Records the call; the step is stored before anything here shows it. */
  const run = async (args: Record<string, unknown>) => {
    setBusy(true)
    try {
      const step = await callTool(tool, args, 'ui')
      if (step.ok) {
        setRefused(undefined)
        usePhone.getState().keepFormDraft(draftKey, undefined)
        leave()
      } else setRefused({ message: step.content.replace(/^Error:\s*/, ''), args })
    } catch (err) {
      // Not stored (a full disk, another tab leads): nothing happened; the storage banner says why.
      setRefused(undefined)
      setError(t('livePhone.notSaved', { message: err instanceof Error ? err.message : String(err) }))
    } finally {
      setBusy(false)
    }
  }

  const submit = async () => {
    if (busy) return
    const withDrafts = addDrafts(values, drafts, properties)
    setValues(withDrafts)
    setDrafts({})
    const args = toArguments(withDrafts, properties)
    const check = checkCall(tool, args)
    if (!check.ok) {
      setError(t('invalid', { message: check.content }))
      return
    }
    setError(undefined)
    await run(args)
  }

  return (
    <section className="action-form" aria-label={title}>
      <header className="app-header" style={{ borderColor: APP_VIEWS[app].color }} inert={refused !== undefined}>
        <button type="button" className="nav-back" onClick={back} aria-label={t('cancel')}>
          <ChevronLeft size={26} aria-hidden="true" />
        </button>
        <h2>{title}</h2>
      </header>
      {refused && (
        <ErrorDialog
          title={t('livePhone.errorTool', { action: title })}
          message={refused.message}
          busy={busy}
          onRetry={() => void run(refused.args)}
          onClose={closeRefusal}
        />
      )}
      <form
        inert={refused !== undefined}
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        {Object.entries(properties).map(([name, property]) => (
          <FieldInput
            key={name}
            name={name}
            schema={property}
            required={required.has(name)}
            value={ownValue(values, name)}
            draft={ownValue(drafts, name) ?? ''}
            language={language}
            onChange={(value) => setValues({ ...values, [name]: value })}
            onDraft={(draft) => setDrafts({ ...drafts, [name]: draft })}
          />
        ))}
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <button type="submit" className="primary">
          {t('submit')}
        </button>
      </form>
    </section>
  )
}

function FieldInput(props: {
  name: string
  schema: JsonSchema
  required: boolean
  value: FormValue | undefined
  draft: string
  language: Language
  onChange: (value: FormValue) => void
  onDraft: (draft: string) => void
}) {
  const { t } = useTranslation()
  const { name, schema, required, value, language, onChange } = props
  const id = useId()
  const inputId = `${id}-input`
  const hintId = `${id}-hint`
  // The accessible name is the parameter's name alone; "required" is aria-required, the description a hint.
  const label = (
    <>
      {name}
      {required && (
        <abbr title={t('required')} aria-hidden="true">
          {' '}*
        </abbr>
      )}
    </>
  )
  const hint = schema.description ? (
    <small id={hintId} className="field-hint">
      {schema.description}
    </small>
  ) : null
  const describedBy = schema.description ? { 'aria-describedby': hintId } : {}
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
      </fieldset>
    )
  }
  if (schema.type === 'array')
    return (
      <ChipsInput
        label={label}
        hint={hint}
        describedBy={describedBy}
        name={name}
        values={(value as string[] | undefined) ?? []}
        draft={props.draft}
        onChange={onChange}
        onDraft={props.onDraft}
      />
    )
  if (schema.enum)
    return (
      <div className="form-field">
        <label className="field-label" htmlFor={inputId}>
          {label}
        </label>
        {hint}
        <select id={inputId} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} aria-required={required} {...describedBy}>
          <option value="">—</option>
          {schema.enum.map((option) => (
            <option key={String(option)} value={String(option)}>
              {enumLabel(option, language)}
            </option>
          ))}
        </select>
      </div>
    )
  if (schema.type === 'boolean')
    return (
      <div className="form-field">
        <label className="field-label inline">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} {...describedBy} />
          {label}
        </label>
        {hint}
      </div>
    )
  const numeric = schema.type === 'integer' || schema.type === 'number'
  return (
    <div className="form-field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      {hint}
      <input
        id={inputId}
        type={numeric ? 'number' : 'text'}
        step={schema.type === 'integer' ? 1 : 'any'}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required}
        {...describedBy}
      />
    </div>
  )
}

function ChipsInput(props: {
  label: React.ReactNode
  hint: React.ReactNode
  describedBy: { 'aria-describedby'?: string }
  name: string
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
        <ul aria-label={props.name}>
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
          aria-label={`${props.name}: ${t('addItem')}`}
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
    </fieldset>
  )
}
