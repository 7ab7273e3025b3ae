import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Play } from 'lucide-react'
import { SETTINGS } from '../core'
import { RUN_STATES, startRun, useRunForm, useRuns } from '../state/runs'
import type { RunState } from '../state/runs'
import { useSession } from '../state/session'
import { EndpointFields } from './EndpointFields'
import { Field } from './Field'
import { NumberField } from './NumberField'
import { TaskPicker } from './TaskPicker'
import { TemplateField } from './TemplateField'

/** The runner's settings: model, prompt template, setting, limits, tasks, and the start button. */
export function RunSettings() {
  const { t } = useTranslation()
  const form = useRunForm()
  const formError = useRuns((s) => s.formError)
  const datasetReady = useSession((s) => s.dataset !== undefined)
  const id = useId()
  return (
    <form
      className="runs-card runs-settings"
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault()
        void startRun()
      }}
    >
      <h3 id={`${id}-h`}>{t('runs.settings')}</h3>
      <div className="runs-grid">
        <Field label={t('runs.agent')} className="runs-span2">
          {(fid) => (
            <select id={fid} value={form.agent} onChange={(e) => useRunForm.setState({ agent: e.target.value as typeof form.agent })}>
              {(['oracle', 'keyword', 'endpoint'] as const).map((a) => (
                <option key={a} value={a}>
                  {t(`runs.agents.${a}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('runs.setting')} className="runs-span2">
          {(fid) => (
            <select id={fid} value={form.setting} onChange={(e) => useRunForm.setState({ setting: e.target.value as typeof form.setting })}>
              {SETTINGS.map((s) => (
                <option key={s} value={s}>
                  {t(`runs.settingNames.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('liveRunner.state')} className="runs-span2">
          {(fid) => (
            <select id={fid} value={form.state ?? 'auto'} onChange={(e) => useRunForm.setState({ state: e.target.value as RunState })}>
              {RUN_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`liveRunner.states.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('liveRunner.failureRate')}>
          {(fid) => (
            <input
              id={fid}
              type="number"
              min={0}
              max={1}
              step={0.05}
              title={t('liveRunner.failureRateHint')}
              value={Number.isFinite(form.failureRate) ? form.failureRate : ''}
              onChange={(e) => useRunForm.setState({ failureRate: e.target.valueAsNumber })}
            />
          )}
        </Field>
        <Field label={t('liveRunner.seed')}>
          {(fid) => <input id={fid} type="text" inputMode="numeric" value={form.seed ?? '0'} onChange={(e) => useRunForm.setState({ seed: e.target.value })} />}
        </Field>
        <NumberField label={t('runs.maxTurns')} value={form.maxTurns} onChange={(maxTurns) => useRunForm.setState({ maxTurns })} />
        <NumberField label={t('runs.repeats')} value={form.repeats} onChange={(repeats) => useRunForm.setState({ repeats })} />
        <NumberField label={t('runs.concurrency')} value={form.concurrency} onChange={(concurrency) => useRunForm.setState({ concurrency })} />
      </div>
      {form.agent === 'endpoint' && <EndpointFields />}
      <TemplateField />
      <TaskPicker />
      {formError && (
        <p role="alert" className="runs-error">
          {formError}
        </p>
      )}
      <div className="runs-buttons">
        <button type="submit" className="primary" disabled={!datasetReady}>
          <Play size={16} aria-hidden="true" /> {t('runs.start')}
        </button>
      </div>
    </form>
  )
}
