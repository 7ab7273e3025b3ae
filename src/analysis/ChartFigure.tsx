import { useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FileDown, ImageDown } from 'lucide-react'
import { toCsv } from '../core'
import { saveDownload } from '../state/download'
import { chartPng } from './exportPng'
import type { LegendEntry } from './exportPng'
import { DataTable } from './DataTable'

interface ChartFigureProps {
  /** For the file names: analysis-<name>.png and .csv. */
  name: string
  title: string
  description: ReactNode
  /** The chart's data: a header row, then one row per data row (also the accessible alternative). */
  table: string[][]
  /** The legend drawn under the chart in the PNG. */
  legend: readonly LegendEntry[]
  children: ReactNode
  /** Spans the whole width of the grid (charts grouped by the capabilities). */
  wide?: boolean
}

/** A chart with its title, description, PNG and CSV downloads, and its data as a table. */
export function ChartFigure({ name, title, description, table, legend, children, wide }: ChartFigureProps) {
  const { t } = useTranslation()
  const chart = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string>()
  const titleId = useId()
  const descId = useId()

  async function downloadPng() {
    if (!chart.current) return
    try {
      const blob = await chartPng(chart.current, title, legend)
      saveDownload(new Uint8Array(await blob.arrayBuffer()), `analysis-${name}.png`, 'image/png')
      setError(undefined)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <figure className={wide ? 'analysis-figure wide' : 'analysis-figure'} aria-labelledby={titleId} aria-describedby={descId} data-chart={name}>
      <figcaption>
        <h4 id={titleId}>{title}</h4>
        <p id={descId}>{description}</p>
      </figcaption>
      <div ref={chart} className="analysis-chart">
        {children}
      </div>
      <div className="analysis-figure-actions">
        <button type="button" onClick={() => void downloadPng()} aria-label={t('analysis.downloadPngLabel', { title })}>
          <ImageDown size={16} aria-hidden="true" /> {t('analysis.downloadPng')}
        </button>
        <button type="button" onClick={() => saveDownload(toCsv(table), `analysis-${name}.csv`, 'text/csv')} aria-label={t('analysis.downloadCsvLabel', { title })}>
          <FileDown size={16} aria-hidden="true" /> {t('analysis.downloadCsv')}
        </button>
        {error && <span role="alert">{error}</span>}
      </div>
      <details className="analysis-data">
        <summary>{t('analysis.dataTable')}</summary>
        <DataTable rows={table} caption={title} />
      </details>
    </figure>
  )
}
