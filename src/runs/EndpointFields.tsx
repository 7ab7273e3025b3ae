import { useTranslation } from 'react-i18next'
import { Field } from './Field'
import { endpointOf, keyForEndpoint } from '../runner/keys'
import { setRememberKeys, setRunnerKey, useRunForm, useRunnerKeys } from '../state/runs'

/**
 * An OpenAI-compatible endpoint: base URL, key (memory, or sessionStorage if remembered), model, extra JSON.
 * The key field is the key of the base URL above it: another base URL shows its own (or none).
 */
export function EndpointFields() {
  const { t } = useTranslation()
  const { baseURL, model, extra } = useRunForm()
  const { keys, remember } = useRunnerKeys()
  const apiKey = keyForEndpoint(keys, baseURL) ?? ''
  const keyable = endpointOf(baseURL) !== undefined
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
        <Field label={t('runs.apiKey')} hint={keyable ? undefined : t('runs.keyNeedsURL')}>
          {(id) => (
            <input
              id={id}
              type="password"
              value={apiKey}
              autoComplete="off"
              disabled={!keyable}
              onChange={(e) => setRunnerKey(baseURL, e.target.value)}
            />
          )}
        </Field>
      </div>
      <label className="runs-check">
        <input type="checkbox" checked={remember} onChange={(e) => setRememberKeys(e.target.checked)} />
        {t('runs.remember')}
      </label>
      <p className="runs-hint">
        {t('runs.keyNote')} {t('runs.keyBound')}
      </p>
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
