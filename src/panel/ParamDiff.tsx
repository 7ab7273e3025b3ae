import { useTranslation } from 'react-i18next'
import type { ParamCheck, TaskVerdict } from '../core'

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** One gold call against the action paired with it, parameter by parameter. */
function PairTable({ caption, params }: { caption: string; params: ParamCheck[] }) {
  const { t } = useTranslation()
  const acceptable = (c: ParamCheck) => {
    if (c.free) return t('panel.anyValue')
    const values = (c.expected ?? []).filter((v) => v !== null).map(show)
    if ((c.expected ?? []).includes(null)) values.push(t('panel.mayBeOmitted'))
    return values.join(' · ') || '—'
  }
  return (
    <table className="param-diff">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('panel.parameter')}</th>
          <th scope="col">{t('panel.submitted')}</th>
          <th scope="col">{t('panel.acceptable')}</th>
          <th scope="col">{t('panel.result')}</th>
        </tr>
      </thead>
      <tbody>
        {params.map((c) => (
          <tr key={c.param} className={c.status === 'ok' ? 'ok' : 'bad'}>
            <th scope="row">{c.param}</th>
            <td data-label={t('panel.submitted')}>{'got' in c ? show(c.got) : t('panel.leftOut')}</td>
            <td data-label={t('panel.acceptable')}>{acceptable(c)}</td>
            <td data-label={t('panel.result')}>{t(`panel.paramStatus.${c.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The submitted actions against the best-matching gold calls: each parameter, its value, the acceptable ones, and why it failed. */
export function ParamDiff({ verdict }: { verdict: TaskVerdict }) {
  const { t } = useTranslation()
  const wrongTool = verdict.mismatches.filter((m) => m.param === '(tool)')
  const missing = verdict.mismatches.filter((m) => m.param === '(call)' && m.predicted === -1)
  const extra = verdict.mismatches.filter((m) => m.param === '(call)' && m.gold === -1)
  return (
    <div className="diff">
      {verdict.checks.map((c) => (
        <PairTable
          key={`${c.gold}-${c.predicted}`}
          caption={t('panel.diffCall', { tool: c.tool, predicted: c.predicted + 1, gold: c.gold + 1 })}
          params={c.params}
        />
      ))}
      {wrongTool.map((m) => (
        <p key={`tool-${m.gold}`} className="bad">
          {t('panel.diffCall', { tool: show(m.got), predicted: m.predicted + 1, gold: m.gold + 1 })}: {t('panel.errorTypes.wrong_tool')} ({m.tool})
        </p>
      ))}
      {missing.map((m) => (
        <p key={`missing-${m.gold}`} className="bad">
          {t('panel.missingCall', { gold: m.gold + 1, tool: m.tool })}
        </p>
      ))}
      {extra.map((m) => (
        <p key={`extra-${m.predicted}`} className="bad">
          {t('panel.extraCall', { predicted: m.predicted + 1, tool: m.tool })}
        </p>
      ))}
    </div>
  )
}
