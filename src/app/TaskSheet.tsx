import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../shared/Dialog'
import { CheckCircle2, ChevronUp, Send, X, XCircle } from 'lucide-react'
import { useSession, useShownVerdict } from '../state/session'
import { formatElapsed, useActiveTime } from '../state/timer'
import { TASK_BUTTON_ID, setTaskSheet, useCompact, useTaskSheet } from './compact'

/**
 * The compact bar's way to the task: the instruction (cut to one line), the time and the actions waiting to be
 * submitted, on one button that opens the task sheet.
 */
export function TaskButton() {
  const { t } = useTranslation()
  const instruction = useSession((s) => s.task?.instruction)
  const finished = useSession((s) => s.attempt?.finished ?? false)
  const verdict = useShownVerdict()
  const live = useSession((s) => s.attempt?.state === 'live')
  // Once finished nothing waits: the actions were submitted.
  const pending = useSession((s) => (s.attempt?.finished ? 0 : s.steps.filter((step) => step.kind === 'execution' && step.ok && !step.withdrawn).length))
  const open = useTaskSheet((s) => s.open)
  const time = formatElapsed(useActiveTime().elapsedMs)
  if (instruction === undefined) return null
  // The verdict's own mark: the stored verdict, or none for a sealed task (submitted, scored by the collector).
  const outcome = !finished ? undefined : !verdict ? 'finishedSubmitted' : verdict.correct ? 'finishedCorrect' : 'finishedWrong'
  // The name holds the instruction and what waits, not the time: a name that changes every second is noise.
  const name = [t('layout.openTask', { instruction }), live ? t('panel.liveTag') : '', pending > 0 ? t('layout.pending', { count: pending }) : '', outcome ? t(`layout.${outcome}`) : '']
    .filter(Boolean)
    .join(', ')
  return (
    <button
      type="button"
      id={TASK_BUTTON_ID}
      className="task-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={name}
      onClick={() => setTaskSheet(true)}
    >
      <span className="task-button-top" aria-hidden="true">
        <span className="task-button-label">{t('layout.task')}</span>
        {live && <span className="task-button-live">{t('panel.liveTag')}</span>}
        <time className="task-button-time">{time}</time>
        {pending > 0 && <span className="task-button-badge">{pending}</span>}
        {outcome === 'finishedCorrect' && <CheckCircle2 size={14} aria-hidden="true" className="task-button-mark correct" />}
        {outcome === 'finishedWrong' && <XCircle size={14} aria-hidden="true" className="task-button-mark wrong" />}
        {outcome === 'finishedSubmitted' && <Send size={14} aria-hidden="true" className="task-button-mark submitted" />}
        <ChevronUp size={14} aria-hidden="true" className="task-button-chevron" />
      </span>
      <span className="task-button-instruction" aria-hidden="true">
        “{instruction}”
      </span>
    </button>
  )
}

/** The task panel as a modal bottom sheet over the phone: opened by the task button, closed by its button, Escape or a tap outside. */
function Sheet({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const open = useTaskSheet((s) => s.open)
  // Leaving the compact layout or the phone view closes the sheet, so that it does not spring open on return.
  useEffect(() => () => setTaskSheet(false), [])
  // Another task picked (the navigator, Next task): the sheet gives way to the phone, where that task is solved.
  const taskId = useSession((s) => s.task?.id)
  const shownTask = useRef(taskId)
  useEffect(() => {
    if (shownTask.current !== taskId && shownTask.current !== undefined) setTaskSheet(false)
    shownTask.current = taskId
  }, [taskId])

  return (
    <Dialog
      open={open}
      className="task-sheet"
      aria-labelledby="task-sheet-title"
      onDismiss={() => setTaskSheet(false)}
      onClose={() => setTaskSheet(false)}
      returnFocusTo={TASK_BUTTON_ID}
      dismissOnBackdrop
    >
      <div className="sheet-head">
        <h2 id="task-sheet-title">{t('layout.task')}</h2>
        <button type="button" className="sheet-close" aria-label={t('layout.closeTask')} onClick={() => setTaskSheet(false)}>
          <X size={20} aria-hidden="true" />
        </button>
      </div>
      {children}
    </Dialog>
  )
}

/**
 * Where the task panel goes: beside the phone on a wide screen (as it is), in a bottom sheet in the compact layout.
 * The panel stays mounted while the sheet is closed, so that nothing in it starts over.
 */
export function TaskSheet({ children }: { children: ReactNode }) {
  const compact = useCompact()
  return compact ? <Sheet>{children}</Sheet> : <>{children}</>
}
