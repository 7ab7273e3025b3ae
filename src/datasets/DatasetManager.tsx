import { Suspense, lazy, useEffect, useState } from 'react'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { Database, Upload, X } from 'lucide-react'
import type { DatasetRow } from '../db'
import { importPicked, openManager, pickedFromDrop, useDatasets } from './store'
import { Dialog } from '../shared/Dialog'
import { useDataLink } from '../state/dataLink'
import './DatasetManager.css'

// The dialog's body is loaded when the dialog first opens (its Suspense below shows nothing until it is there).
const ManagerBody = lazy(() => import('./ManagerBody'))
// A `?data=` link's question and update offer are rare: loaded when one of them has something to show.
const DataLinkPrompt = lazy(() => import('./DataLink').then((m) => ({ default: m.DataLinkPrompt })))
const DataLinkUpdate = lazy(() => import('./DataLink').then((m) => ({ default: m.DataLinkUpdate })))

/** More actions on a stored data set, shown under its row (sealing and studies: app passes them in). */
export type DatasetRowActions = ComponentType<{ row: DatasetRow; busy: boolean }>

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files')

/**
 * Accepts a data set dropped anywhere on the page: tells whether files are
 * being dragged over it, and on a drop opens the manager and imports them.
 */
function usePageDrop(): boolean {
  const [over, setOver] = useState(false)
  useEffect(() => {
    let depth = 0
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return
      depth += 1
      setOver(true)
    }
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setOver(false)
    }
    const overPage = (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'
    }
    const drop = (e: DragEvent) => {
      if (!hasFiles(e) || !e.dataTransfer) return
      e.preventDefault()
      depth = 0
      setOver(false)
      const picked = pickedFromDrop(e.dataTransfer) // read now: the DataTransfer empties after this handler
      openManager()
      void importPicked(picked, 'drop')
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragleave', leave)
    window.addEventListener('dragover', overPage)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('dragover', overPage)
      window.removeEventListener('drop', drop)
    }
  }, [])
  return over
}

/** The top bar's "Data sets" button, the dialog it opens (list, switch, delete, import), and the page-wide drop target. */
export function DatasetManager({ RowActions }: { RowActions?: DatasetRowActions }) {
  const { t } = useTranslation()
  const open = useDatasets((s) => s.open)
  const dragging = usePageDrop()
  const linkAsks = useDataLink((s) => s.asking !== undefined)
  const linkUpdates = useDataLink((s) => s.update !== undefined)
  return (
    <>
      <button type="button" className="datasets-button" onClick={() => openManager()} aria-haspopup="dialog" title={t('datasets')}>
        <Database size={16} aria-hidden="true" />
        <span className="bar-label">{t('datasets')}</span>
      </button>
      {/* Here, not in the stage: the top bar is on the page while the data set is still loading. */}
      {(linkAsks || linkUpdates) && (
        <Suspense fallback={null}>
          {linkAsks && <DataLinkPrompt />}
          {linkUpdates && <DataLinkUpdate />}
        </Suspense>
      )}
      {dragging && !open && (
        <div className="drop-overlay" aria-hidden="true">
          <div className="drop-card">
            <Upload size={36} aria-hidden="true" />
            <p>{t('dropToImport')}</p>
          </div>
        </div>
      )}
      <Dialog open={open} className="dataset-manager" aria-labelledby="dataset-manager-title" onDismiss={() => openManager(false)} onClose={() => openManager(false)}>
        <div className="dialog-head">
          <h2 id="dataset-manager-title">{t('datasets')}</h2>
          <button type="button" className="icon" aria-label={t('close')} onClick={() => openManager(false)}>
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        {/* One boundary for the whole body: it shows once its code and the rows' lazily loaded actions are there, so that
            nothing below them moves after it has shown (a control moved under a pointer on its way takes someone else's tap). */}
        {open && (
          <Suspense fallback={null}>
            <ManagerBody RowActions={RowActions} dragging={dragging} />
          </Suspense>
        )}
      </Dialog>
    </>
  )
}
