import { shownStatus } from './CrossValidationRow'
import { useId, useMemo } from 'react'
import type { CSSProperties, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AlertTriangle, FileDown } from 'lucide-react'
import { formatOverPeople, studyDashboard, studyDashboardTable, toCsv } from '../core'
import type { PersonScore, StudyCapabilityRow, StudyDashboard, StudyPersonRow } from '../core'
import type { StudyRow } from '../db'
import { saveDownload } from '../state/download'
import { usePeople } from './store'
import { useSession } from '../state/session'
import { selectStudy, useStudy } from './studyTab'
import { formatElapsed } from '../state/timer'
import { capabilityLabel } from '../shared/labels'
import { Agreement, FigureList } from './BaselineFigures'
import type { Figure } from './BaselineFigures'
import { CrossValidationTable } from './CrossValidationTable'
import './study.css'

const percent = (x: number | null) => (x === null ? '—' : `${x.toFixed(1)}%`)
const score = (s: PersonScore | undefined) => (s && s.accuracy !== null ? `${percent(s.accuracy)} (${s.solved}/${s.finished})` : '—')

/** The "Study" tab: one study of the data set, its people's progress and accuracy, agreement, and its cross-validation list. */
export function StudyView() {
  const { t } = useTranslation()
  const studies = useStudy((s) => s.studies)
  const selected = useStudy((s) => s.selected)
  const tasks = useSession((s) => s.tasks)
  const attempts = usePeople((s) => s.attempts)
  const row = studies?.find((s) => s.id === selected) ?? studies?.at(-1)
  const dashboard = useMemo(() => (row && attempts ? studyDashboard(row.study, tasks, attempts) : null), [row, tasks, attempts])

  return (
    <div className="study-view">
      <h3 className="visually-hidden">{t('studyDashboard.tab')}</h3>
      <p className="people-hint">{t('studyDashboard.hint')}</p>
      {studies && studies.length > 1 && <StudyPicker studies={studies} selected={row?.id} />}
      {row && <p className="study-meta">{t('studyDashboard.meta', metaOf(row))}</p>}
      {row && (
        <p className="study-meta">
          {row.study.setting ? t('studyDashboard.setting', { setting: t(`accessModes.${row.study.setting}`) }) : t('studyDashboard.noSetting')}
        </p>
      )}
      {!dashboard && <p role="status">{t('studyDashboard.loading')}</p>}
      {dashboard && <Dashboard dashboard={dashboard} />}
    </div>
  )
}

const metaOf = (row: StudyRow) => ({
  id: row.study.id,
  people: Object.keys(row.study.people).length,
  tasks: Object.keys(row.study.tasks).length,
  perTask: row.study.perTask,
  date: row.study.created.slice(0, 10),
})

function StudyPicker({ studies, selected }: { studies: readonly StudyRow[]; selected: string | undefined }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className="people-toolbar study-picker">
      <label htmlFor={id}>{t('studyDashboard.picker')}</label>
      <select id={id} value={selected} onChange={(e) => selectStudy(e.target.value)}>
        {[...studies].reverse().map((s) => (
          <option key={s.id} value={s.id}>
            {t('studyDashboard.pickerOption', metaOf(s))}
          </option>
        ))}
      </select>
    </div>
  )
}

function Dashboard({ dashboard }: { dashboard: StudyDashboard }) {
  const { t } = useTranslation()
  const table = useMemo(() => studyDashboardTable(dashboard), [dashboard])
  return (
    <>
      <Figures dashboard={dashboard} />
      {dashboard.outside > 0 && (
        <p className="people-hint study-note">
          {t('studyDashboard.outside', { count: dashboard.outside })}
          {dashboard.otherSetting > 0 && <> {t('studyDashboard.otherSetting', { count: dashboard.otherSetting })}</>}
        </p>
      )}
      {dashboard.missingTasks.length > 0 && (
        <p className="study-warning" role="note">
          {t('studyDashboard.missing', { count: dashboard.missingTasks.length, ids: dashboard.missingTasks.join(', ') })}
        </p>
      )}
      <PeopleTable dashboard={dashboard} />
      <div className="people-toolbar">
        <button type="button" onClick={() => saveDownload(toCsv(table.rows), `study-${dashboard.studyId}-people.csv`, 'text/csv')}>
          <FileDown size={16} aria-hidden="true" /> {t('studyDashboard.downloadCsv')}
        </button>
      </div>
      <CapabilityTable dashboard={dashboard} />
      <StudyCrossValidation dashboard={dashboard} />
    </>
  )
}

function Figures({ dashboard }: { dashboard: StudyDashboard }) {
  const { t } = useTranslation()
  const { totals } = dashboard
  const activeMs = dashboard.people.reduce((ms, p) => ms + p.activeMs, 0)
  const figures: Figure[] = [
    [
      t('studyDashboard.submittedFigure'),
      t('studyDashboard.submittedValue', { submitted: totals.submitted, assigned: totals.assigned, percent: percent(totals.assigned === 0 ? null : (100 * totals.submitted) / totals.assigned) }),
    ],
    [t('studyDashboard.activeTimeFigure'), formatElapsed(activeMs)],
    [t('studyDashboard.accuracyFigure'), totals.accuracy === null ? '—' : t('studyDashboard.accuracyValue', { accuracy: percent(totals.accuracy), solved: totals.solved, submitted: totals.submitted })],
    [t('people.baseline.agreementVerdict'), <Agreement figures={dashboard.agreement.verdict} overlap={dashboard.overlap} />],
    [t('people.baseline.agreementAnswer'), <Agreement figures={dashboard.agreement.answer} overlap={dashboard.overlap} />],
  ]
  return <FigureList className="baseline-figures study-figures" label={t('studyDashboard.figures')} figures={figures} />
}

/**
 * A cell with its column's name before it, shown only where the table is
 * laid out as one card per row (narrow screens); screen readers have the
 * header already.
 */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td role="cell" className={className}>
      <span className="cell-label" aria-hidden="true">
        {label}
      </span>
      <span className="cell-value">{children}</span>
    </td>
  )
}

/** One of the dashboard's tables: its caption, a header row of `header`, then `children` (its body and foot). */
function StudyTable({ className, caption, header, children }: { className: string; caption: string; header: readonly string[]; children: ReactNode }) {
  return (
    <table className={`people-table study-table ${className}`} role="table">
      <caption>{caption}</caption>
      <thead>
        <tr role="row">
          {header.map((h, i) => (
            <th key={i} scope="col" role="columnheader">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  )
}

function PeopleTable({ dashboard }: { dashboard: StudyDashboard }) {
  const { t, i18n } = useTranslation()
  const types = dashboard.types.map((type) => ({ type, label: capabilityLabel(type, i18n.language) }))
  const header = [t('studyDashboard.person'), t('studyDashboard.progress'), t('studyDashboard.activeTime'), t('studyDashboard.overall'), ...types.map((x) => x.label), t('studyDashboard.calls')]
  return (
    <StudyTable className="study-people" caption={t('studyDashboard.peopleCaption')} header={header}>
      <tbody>
        {dashboard.people.map((p) => (
          <tr key={p.actor} role="row">
            <th scope="row" role="rowheader">
              {p.actor}
            </th>
            <Cell label={t('studyDashboard.progress')} className="study-progress">
              <span className="study-count">
                {p.submitted}/{p.assigned}
              </span>
              <progress value={p.submitted} max={Math.max(p.assigned, 1)} aria-label={t('studyDashboard.progressOf', { person: p.actor })} />
              {p.inProgress > 0 && <span className="figure-note">{t('studyDashboard.inProgress', { count: p.inProgress })}</span>}
            </Cell>
            <Cell label={t('studyDashboard.activeTime')}>{formatElapsed(p.activeMs)}</Cell>
            <Cell label={t('studyDashboard.overall')} className="study-overall">
              {score(p.overall)}
            </Cell>
            {types.map(({ type, label }) => (
              <Cell key={type} label={label}>
                {score(p.by_type[type])}
              </Cell>
            ))}
            <Cell label={t('studyDashboard.calls')} className="study-calls">
              <CallSources person={p} />
            </Cell>
          </tr>
        ))}
      </tbody>
    </StudyTable>
  )
}

/** How a person's calls were made (tapped, window.spieval, an agent, ...), and a flag on their attempts not made by hand. */
function CallSources({ person }: { person: StudyPersonRow }) {
  const { t } = useTranslation()
  const counts = Object.entries(person.sources).sort(([a], [b]) => (a === 'ui' ? -1 : b === 'ui' ? 1 : a < b ? -1 : 1))
  const name = (source: string) => t(`studyDashboard.sources.${source}`, { defaultValue: source })
  return (
    <>
      <span>{counts.length === 0 ? t('studyDashboard.noCalls') : counts.map(([source, count]) => t('studyDashboard.sourceCount', { source: name(source), count })).join(' · ')}</span>
      {person.notByHand > 0 && (
        <span className="study-flag" title={t('studyDashboard.notByHandTitle')}>
          <AlertTriangle size={14} aria-hidden="true" /> {t('studyDashboard.notByHand', { count: person.notByHand })}
        </span>
      )}
    </>
  )
}

function CapabilityTable({ dashboard }: { dashboard: StudyDashboard }) {
  const { t, i18n } = useTranslation()
  const header = [t('studyDashboard.capability'), t('studyDashboard.tasks'), t('studyDashboard.submitted'), t('studyDashboard.accuracy'), t('studyDashboard.overPeople')]
  const cells = (row: StudyCapabilityRow) => [
    String(row.tasks),
    `${row.submitted}/${row.assigned}`,
    row.accuracy === null ? '—' : `${percent(row.accuracy)} (${row.solved}/${row.submitted})`,
    formatOverPeople(row.overPeople),
  ]
  const line = (key: string, name: string, row: StudyCapabilityRow) => (
    <tr key={key} role="row">
      <th scope="row" role="rowheader">
        {name}
      </th>
      {cells(row).map((cell, i) => (
        <Cell key={i} label={header[i + 1] ?? ''}>
          {cell}
        </Cell>
      ))}
    </tr>
  )
  return (
    <StudyTable className="study-capabilities" caption={t('studyDashboard.capabilityCaption')} header={header}>
      <tbody>
        {dashboard.types.map((type) => {
          const row = dashboard.by_type[type]
          return row && line(type, capabilityLabel(type, i18n.language), row)
        })}
      </tbody>
      <tfoot>{line('all', t('studyDashboard.allCapabilities'), dashboard.totals)}</tfoot>
    </StudyTable>
  )
}

function StudyCrossValidation({ dashboard }: { dashboard: StudyDashboard }) {
  const { t } = useTranslation()
  const rows = dashboard.crossValidation
  const count = (status: string) => rows.filter((r) => shownStatus(r) === status).length
  return (
    <section className="study-cv" aria-labelledby="study-cv-title">
      <h4 id="study-cv-title">{t('studyDashboard.cvHeading')}</h4>
      {rows.length === 0 ? (
        <p className="people-empty">{t('studyDashboard.cvEmpty')}</p>
      ) : (
        <>
          <p className="cv-summary">{t('people.cv.summary', { wrong: count('wrong'), split: count('split'), ok: count('ok'), unfinished: count('unfinished') })}</p>
          <CrossValidationTable
            caption={t('studyDashboard.cvCaption')}
            rows={rows}
            // The narrow layout's cards name the "same answer" cell through this property (CSSOM, so the CSP allows it).
            style={{ '--agree-label': JSON.stringify(t('studyDashboard.labelled', { label: t('people.cv.columns.agree') })) } as CSSProperties}
          />
        </>
      )}
    </section>
  )
}
