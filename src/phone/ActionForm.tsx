import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeft } from 'lucide-react'
import { ownValue } from '../core'
import type { AppKey, ArgumentIssue } from '../core'
import type { Language } from '../i18n'
import { usePhone } from '../state/phone'
import { callTool, checkCall, refusalOf, useSession } from '../state/session'
import { APP_VIEWS } from './appViews'
import { ErrorDialog } from './ErrorDialog'
import { FieldInput } from './FieldInput'
import { addDrafts, initialValues, toArguments } from './actionArguments'
import type { FormValue } from './actionArguments'
import { usePlacedTools } from './liveSession'
import { actionLabel } from '../shared/labels'
import { argumentIssueWords, effectRefusalWords, issuesByField } from './refusalWords'

/**
 * An action's form, generated from the tool's schema in the loaded tools.json:
 * required fields marked, enums as choices with translated labels, arrays as
 * chips. It submits through the runtime; an invalid form records nothing and
 * says what the runtime found wrong at each field (or the runtime's message,
 * for what no field of the form holds).
 */
export function ActionForm({
  app,
  tool,
  prefill,
  onLeave,
  color,
}: {
  app: AppKey
  tool: string
  prefill?: Record<string, unknown>
  /** Where Back and a sent form go, for a form shown inside another screen (a delegation); default: the app, or home. */
  onLeave?: () => void
  /** The header's colour, for a form of no app's; default: the app's. */
  color?: string
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.language as Language
  const schema = useSession((s) => s.dataset?.tools.find((x) => x.function.name === tool))
  const navigate = usePhone((s) => s.navigate)
  // A draft left in this form (the same action, from the same record) comes back when it opens again.
  const draftKey = `${tool}\u0000${JSON.stringify(prefill ?? null)}`
  const [values, setValues] = useState<Record<string, FormValue>>(() => {
    const kept = usePhone.getState().formDrafts.get(draftKey)
    return kept ? (kept as Record<string, FormValue>) : initialValues(prefill, schema?.function.parameters.properties)
  })
  /** What is typed in each list's entry box and not yet added: Submit adds it, so that nothing typed is dropped. */
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const [error, setError] = useState<string>()
  /** What the runtime found wrong with each field at the last submit; a field's goes when it is changed. */
  const [fieldIssues, setFieldIssues] = useState<Record<string, ArgumentIssue>>({})
  const formRef = useRef<HTMLFormElement>(null)
  const [refusedAt, setRefusedAt] = useState(0)
  // A person is taken to the first field to fix, as a refused submit shows its marks.
  useEffect(() => {
    if (refusedAt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refusedAt])
  /** A stored call that did not go through (friction, or its effect refused): shown as the phone's alert, with Retry. */
  const [refused, setRefused] = useState<{ message: string; args: Record<string, unknown> }>()
  const [busy, setBusy] = useState(false)
  // A tool no app takes (offered on the home screen) goes back there.
  const placed = usePlacedTools()?.byName.get(tool)
  const leave = () => (onLeave ? onLeave() : navigate(placed && !placed.app ? { screen: 'home' } : { screen: 'app', app }))
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
  const issueCount = Object.keys(fieldIssues).length
  const alert = error ?? (issueCount > 0 ? t('phoneUi.issue.summary', { count: issueCount }) : undefined)
  const fieldIssue = (name: string) => {
    const issue = ownValue(fieldIssues, name)
    return issue && argumentIssueWords(t, issue, ownValue(properties, name))
  }

  /** Records the call; the step is stored before anything here shows it. */
  const run = async (args: Record<string, unknown>) => {
    setBusy(true)
    try {
      const step = await callTool(tool, args, 'ui')
      if (step.ok) {
        setRefused(undefined)
        usePhone.getState().keepFormDraft(draftKey, undefined)
        leave()
      } else {
        // A record the action could not find is said in the reader's words; friction's message is the data set's own.
        const refusal = refusalOf(step)
        setRefused({ message: refusal ? effectRefusalWords(t, refusal, tool, language) : step.content.replace(/^Error:\s*/, ''), args })
      }
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
      const byField = issuesByField(check.issues, properties)
      setFieldIssues(byField ?? {})
      setError(byField ? undefined : t('invalid', { message: check.content }))
      setRefusedAt((n) => n + 1)
      return
    }
    setFieldIssues({})
    setError(undefined)
    await run(args)
  }

  return (
    <section className="action-form" aria-label={title}>
      <header className="app-header" style={{ borderColor: color ?? APP_VIEWS[app].color }} inert={refused !== undefined}>
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
        ref={formRef}
        inert={refused !== undefined}
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        {Object.entries(properties).map(([name, property]) => (
          <FieldInput
            key={name}
            tool={tool}
            name={name}
            schema={property}
            required={required.has(name)}
            value={ownValue(values, name)}
            draft={ownValue(drafts, name) ?? ''}
            language={language}
            issue={fieldIssue(name)}
            onChange={(value) => {
              setValues({ ...values, [name]: value })
              if (ownValue(fieldIssues, name)) setFieldIssues(withoutKey(fieldIssues, name))
            }}
            onDraft={(draft) => setDrafts({ ...drafts, [name]: draft })}
          />
        ))}
        {alert && (
          <p role="alert" className="form-error">
            {alert}
          </p>
        )}
        <button type="submit" className="primary">
          {t('submit')}
        </button>
      </form>
    </section>
  )
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record
  return rest
}
