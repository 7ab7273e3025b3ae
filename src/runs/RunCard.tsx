import { useTranslation } from 'react-i18next'
import { Download, Play, Square } from 'lucide-react'
import { formatMeanStd, meanStd } from '../core'
import { exportRun, resumeRun, stopRun } from '../state/runs'
import { useSession } from '../state/session'
import type { RunProgress } from '../state/runs'
import { KeyPrompt } from './KeyPrompt'
import { RepeatBar } from './RepeatBar'

const FILES = ['response.jsonl', 'result.json', 'details.jsonl'] as const

/** One run: what it is, a bar per repeat, stop / resume, and its export. */
export function RunCard({ progress }: { progress: RunProgress }) {
  const { t, i18n } = useTranslation()
  const { run, status, jobs, error, needsKey } = progress
  const model = run.model
  // A sealed data set's answers are not here: its runs are submitted, never scored (0 % would read as all wrong).
  const sealed = useSession((s) => s.dataset?.sealed !== undefined)
  // Over the tasks of each repeat, as result.json has it (a finished run has every line).
  const perRun = Array.from({ length: run.repeats }, (_, repeat) => {
    const of = jobs.filter((j) => j.repeat === repeat)
    return (100 * of.filter((j) => j.correct).length) / Math.max(1, of.length)
  })
  return (
    <article className="runs-card runs-run" aria-label={t('runs.runTitle', { model, setting: run.setting, count: run.tasks.length, repeats: run.repeats })}>
      <header className="runs-run-head">
        <h4>{t('runs.runTitle', { model, setting: run.setting, count: run.tasks.length, repeats: run.repeats })}</h4>
        <span className={`runs-status ${status}`} role="status">
          {t(`runs.status.${status}`)}
        </span>
        <time dateTime={new Date(run.created).toISOString()}>{new Date(run.created).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en')}</time>
      </header>
      {Array.from({ length: run.repeats }, (_, repeat) => (
        <RepeatBar key={repeat} repeat={repeat} jobs={jobs.filter((j) => j.repeat === repeat)} />
      ))}
      {status === 'done' && (
        <p className="runs-accuracy" data-testid="accuracy">
          {sealed ? t('runs.notScored') : t('runs.accuracy', { value: formatMeanStd(meanStd(perRun)), runs: perRun.length })}
        </p>
      )}
      {error && (
        <p className="runs-error" role="alert">
          {t('runs.error', { message: error })}
        </p>
      )}
      {needsKey && status === 'stopped' && <KeyPrompt run={run} />}
      <div className="runs-buttons">
        {status === 'running' ? (
          <button type="button" onClick={() => stopRun(run.id)} aria-label={t('runs.stopRun', { model })}>
            <Square size={14} aria-hidden="true" /> {t('runs.stop')}
          </button>
        ) : (
          status === 'stopped' && (
            <button type="button" onClick={() => void resumeRun(run.id)} aria-label={t('runs.resumeRun', { model })}>
              <Play size={14} aria-hidden="true" /> {t('runs.resume')}
            </button>
          )
        )}
        <span className="runs-export-label">{t('runs.export')}</span>
        {FILES.map((file) => (
          <button key={file} type="button" onClick={() => void exportRun(run.id, file)} aria-label={t('runs.exportFile', { file, model })}>
            <Download size={14} aria-hidden="true" /> {file}
          </button>
        ))}
      </div>
    </article>
  )
}
