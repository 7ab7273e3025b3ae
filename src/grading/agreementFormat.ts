/** Figures as the Agreement and Judge tabs print them: two decimals, or nothing when undefined (the caller says "n/a"). */
export function figureText(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : value.toFixed(2)
}

/** An attempt id is long: its first characters tell attempts apart on a screen. */
export function shortAttempt(attempt: string): string {
  return attempt.length > 10 ? `${attempt.slice(0, 8)}…` : attempt
}
