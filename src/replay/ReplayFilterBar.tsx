import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ERROR_TYPES, orderedTypes } from '../core'
import { capabilityLabel } from '../shared/labels'
import { useProgress } from '../state/progress'
import { filterChoices, setReplayFilter, useReplay } from '../state/replay'
import type { ReplayFilters } from '../state/replay'
import { useSession } from '../state/session'

type Choice = { value: string; label: string }

function FilterSelect({ name, value, choices, label }: { name: keyof ReplayFilters; value: string; choices: Choice[]; label: string }) {
  const { t } = useTranslation()
  return (
    <label className="replay-filter">
      <span>{label}</span>
      <select value={value} onChange={(e) => setReplayFilter({ [name]: e.target.value })}>
        <option value="">{t('replay.all')}</option>
        {(value && !choices.some((c) => c.value === value) ? [...choices, { value, label: value }] : choices).map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  )
}

const plain = (values: readonly string[]): Choice[] => values.map((v) => ({ value: v, label: v }))

/** Failed only, capability, error type, model or person, run or imported file. */
export function ReplayFilterBar() {
  const { t, i18n } = useTranslation()
  const filters = useReplay((s) => s.filters)
  const attempts = useProgress((s) => s.attempts)
  const tasks = useSession((s) => s.tasks)
  const { actors, runs } = useMemo(() => filterChoices(attempts), [attempts])
  const types = useMemo(() => orderedTypes(tasks), [tasks])
  return (
    <fieldset className="replay-card replay-filters">
      <legend>{t('replay.filters')}</legend>
      <label className="replay-check">
        <input type="checkbox" checked={filters.failedOnly} onChange={(e) => setReplayFilter({ failedOnly: e.target.checked })} />
        {t('replay.failedOnly')}
      </label>
      <FilterSelect
        name="capability"
        label={t('replay.capability')}
        value={filters.capability}
        choices={types.map((type) => ({ value: type, label: capabilityLabel(type, i18n.language) }))}
      />
      <FilterSelect
        name="errorType"
        label={t('replay.errorType')}
        value={filters.errorType}
        choices={ERROR_TYPES.map((e) => ({ value: e, label: t(`replay.errorTypes.${e}`) }))}
      />
      <FilterSelect name="actor" label={t('replay.actor')} value={filters.actor} choices={plain(actors)} />
      <FilterSelect name="run" label={t('replay.run')} value={filters.run} choices={plain(runs)} />
    </fieldset>
  )
}
