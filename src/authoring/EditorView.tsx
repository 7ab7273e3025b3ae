import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyPlus, FilePlus2, Redo2, Save, Smartphone, Undo2, Wand2 } from 'lucide-react'
import {
  blockingFindings,
  canRedo,
  canUndo,
  duplicateTask,
  goldFromMyAttempt,
  isDirty,
  newTask,
  openEditor,
  redo,
  saveDraft,
  undo,
  useAuthoring,
} from './store'
import { openTask, useSession } from '../state/session'
import { showView, viewPathOfHash } from '../state/view'
import { GoldEditor } from './GoldEditor'
import { GoldGuard } from './GoldGuard'
import { LiveEditor } from './LiveEditor'
import { RecordsEditor } from './RecordsEditor'
import { ChecksCard, HistoryCard, ProfileCard, SavedCard } from './SidePanels'
import { TaskFields } from './TaskFields'
import './authoring.css'
import { addressHash, followAddressChanges } from '../state/address'

/** The task the address names (`#/edit/<id>`, `#/edit/new`), else the one on the phone, else a new one. */
function taskOfAddress(): string {
  return viewPathOfHash(addressHash())[0] ?? useSession.getState().task?.id ?? 'new'
}

/** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, anywhere in the page while the editor is shown (the draft's history, not a field's). */
function onKey(e: KeyboardEvent): void {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return
  // Boxes whose text is not yet in the draft (pasted JSON, live keys) keep the browser's own undo.
  if (e.target instanceof Element && e.target.closest('[data-own-undo]')) return
  const key = e.key.toLowerCase()
  if (key === 'z' && !e.shiftKey) undo()
  else if ((key === 'z' && e.shiftKey) || key === 'y') redo()
  else return
  e.preventDefault()
}

/** A draft with unsaved changes lives only in this page: closing or reloading it asks first (the browser's own prompt). */
function onLeave(e: BeforeUnloadEvent): void {
  if (!isDirty(useAuthoring.getState())) return
  e.preventDefault()
  e.returnValue = ''
}

/** The task editor: a task's fields, gold calls and records as a draft, linted as it changes, saved as a revision. */
export function EditorView() {
  const { t } = useTranslation()
  const status = useAuthoring((s) => s.status)
  const asking = useAuthoring((s) => s.asking)
  const opened = useAuthoring((s) => s.opened)
  const storedId = useAuthoring((s) => s.storedId)
  const dirty = useAuthoring(isDirty)
  const undoable = useAuthoring(canUndo)
  const redoable = useAuthoring(canRedo)
  const blocked = useAuthoring((s) => blockingFindings(s.findings).length > 0)
  const saving = useAuthoring((s) => s.saving)
  const notice = useAuthoring((s) => s.notice)

  useEffect(() => {
    void openEditor(taskOfAddress())
    const stopFollowing = followAddressChanges((hash) => {
      if (hash.startsWith('#/edit')) void openEditor(taskOfAddress())
    })
    window.addEventListener('keydown', onKey)
    window.addEventListener('beforeunload', onLeave)
    return () => {
      stopFollowing()
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('beforeunload', onLeave)
    }
  }, [])

  if (status === 'loading' || status === 'idle') return <p role="status">{t('loading')}</p>
  if (status === 'ask' && asking !== undefined)
    return (
      <div className="editor-view">
        <GoldGuard taskId={asking} />
      </div>
    )
  if (status === 'missing' || status === 'sealed')
    return (
      <div className="editor-view">
        <p role="alert">{status === 'sealed' ? t('authoring.sealed') : t('authoring.missing', { id: viewPathOfHash(addressHash())[0] ?? '' })}</p>
      </div>
    )

  const save = async () => {
    const outcome = await saveDraft()
    const id = useAuthoring.getState().storedId
    if (outcome && id !== undefined) showView('edit', [id])
  }

  return (
    <div className="editor-view">
      <header className="editor-head">
        <h2>
          {storedId === undefined ? t('authoring.headingNew') : t('authoring.heading', { id: storedId })}
          {dirty && <span className="dirty"> · {t('authoring.unsaved')}</span>}
        </h2>
        <div className="editor-toolbar" role="toolbar" aria-label={t('authoring.toolbar')}>
          <button type="button" onClick={undo} disabled={!undoable} aria-keyshortcuts="Control+Z" title={t('authoring.undoHint')}>
            <Undo2 size={15} aria-hidden="true" /> {t('authoring.undo')}
          </button>
          <button type="button" onClick={redo} disabled={!redoable} aria-keyshortcuts="Control+Shift+Z Control+Y" title={t('authoring.redoHint')}>
            <Redo2 size={15} aria-hidden="true" /> {t('authoring.redo')}
          </button>
          <button type="button" className="primary" onClick={() => void save()} disabled={saving || blocked || (!dirty && storedId !== undefined)} title={blocked ? t('authoring.saveBlocked') : undefined}>
            <Save size={15} aria-hidden="true" /> {saving ? t('authoring.saving') : t('authoring.save')}
          </button>
          <span className="editor-spacer" />
          <button
            type="button"
            onClick={() => {
              newTask()
              showView('edit', ['new'])
            }}
          >
            <FilePlus2 size={15} aria-hidden="true" /> {t('authoring.newTask')}
          </button>
          <button type="button" onClick={duplicateTask}>
            <CopyPlus size={15} aria-hidden="true" /> {t('authoring.duplicateTask')}
          </button>
          <button type="button" onClick={() => void goldFromMyAttempt()} disabled={storedId === undefined} title={t('authoring.useMyActionsHint')}>
            <Wand2 size={15} aria-hidden="true" /> {t('authoring.useMyActions')}
          </button>
          <button
            type="button"
            disabled={storedId === undefined}
            onClick={() => {
              if (storedId === undefined) return
              showView('phone')
              void openTask(storedId)
            }}
          >
            <Smartphone size={15} aria-hidden="true" /> {t('authoring.solveOnPhone')}
          </button>
        </div>
        {notice && <p role="alert" className="editor-notice">{t(`authoring.notices.${notice.key}`, { count: notice.count ?? 0 })}</p>}
        {blocked && <p className="editor-notice">{t('authoring.saveBlocked')}</p>}
      </header>
      <div className="editor-grid" key={opened}>
        <div className="editor-main">
          <TaskFields />
          <GoldEditor />
          <LiveEditor />
        </div>
        <div className="editor-side">
          <ChecksCard />
          <SavedCard />
          <ProfileCard />
          <HistoryCard />
        </div>
        <div className="editor-wide">
          <RecordsEditor />
        </div>
      </div>
    </div>
  )
}
