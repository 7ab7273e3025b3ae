import { useTranslation } from 'react-i18next'
import { Field } from './Field'
import { setRunnerKey, useRunForm, useRunnerKey } from '../state/runs'

/** An OpenAI-compatible endpoint: base URL, key (memory, or sessionStorage if remembered), model, extra JSON. */
export function EndpointFields() {
  const { t } = useTranslation()
  const { baseURL, model, extra } = useRunForm()
  const { apiKey, remember } = useRunnerKey()
  return (
    <fieldset className="runs-endpoint">
      <legend>{t('runs.agents.endpoint')}</legend>
      <div className="runs-grid">
        <Field label={t('runs.baseURL')}>
          {(id) => <input id={id} type="url" value={baseURL} onChange={(e) => useRunForm.setState({ baseURL: e.target.value })} spellCheck={false} />}
        </Field>
        <Field label={t('runs.model')}>
          {(id) => <input id={id} type="text" value={model} onChange={(e) => useRunForm.setState({ model: e.target.value })} spellCheck={false} />}
        </Field>
        <Field label={t('runs.apiKey')}>
          {(id) => <input id={id} type="password" value={apiKey} autoComplete="off" onChange={(e) => setRunnerKey(e.target.value, remember)} />}
        </Field>
      </div>
      <label className="runs-check">
        <input type="checkbox" checked={remember} onChange={(e) => setRunnerKey(apiKey, e.target.checked)} />
        {t('runs.remember')}
      </label>
      <p className="runs-hint">{t('runs.keyNote')}</p>
      <Field label={t('runs.extra')} hint={t('runs.extraHint')} className="runs-wide">
        {(id) => (
          <textarea
            id={id}
            rows={2}
            value={extra}
            placeholder='{"reasoning_effort": "high"}'
            spellCheck={false}
            onChange={(e) => useRunForm.setState({ extra: e.target.value })}
          />
        )}
      </Field>
    </fieldset>
  )
}
