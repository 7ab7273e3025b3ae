import { useEffect, useState } from 'react'
import { create } from 'zustand'

/** The open attempt's active time: what was stored, plus the current stretch while it runs. */
export interface TimerState {
  /** Active time up to `since` (or in total while paused). */
  baseMs: number
  /** Epoch ms when the current stretch began; null while paused (tab hidden, attempt finished). */
  since: number | null
}

export const useTimer = create<TimerState>()(() => ({ baseMs: 0, since: null }))

/** Active time at `now`. */
export function elapsedAt(state: TimerState, now: number): number {
  return state.baseMs + (state.since === null ? 0 : Math.max(0, now - state.since))
}

/** Starts timing an attempt from its stored time; it runs only when `running`. */
export function startTimer(baseMs: number, running: boolean): void {
  useTimer.setState({ baseMs, since: running ? Date.now() : null })
}

/** Pauses the timer; the active time so far. */
export function pauseTimer(): number {
  const now = Date.now()
  const elapsed = elapsedAt(useTimer.getState(), now)
  useTimer.setState({ baseMs: elapsed, since: null })
  return elapsed
}

/** Resumes a paused timer. */
export function resumeTimer(): void {
  if (useTimer.getState().since === null) useTimer.setState({ since: Date.now() })
}

/** The active time now. */
export function elapsedNow(): number {
  return elapsedAt(useTimer.getState(), Date.now())
}

/** "m:ss", or "h:mm:ss" past an hour. */
export function formatElapsed(ms: number): string {
  const total = Math.floor(ms / 1000)
  const s = String(total % 60).padStart(2, '0')
  const m = Math.floor(total / 60) % 60
  const h = Math.floor(total / 3600)
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The attempt's active time as the timer on screen shows it, ticking once a second while it runs. */
export function useActiveTime(): { elapsedMs: number; running: boolean } {
  const timer = useTimer()
  const [now, setNow] = useState(() => Date.now())
  const running = timer.since !== null
  useEffect(() => {
    if (!running) return
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [running])
  return { elapsedMs: elapsedAt(timer, running ? Math.max(now, timer.since ?? now) : now), running }
}
