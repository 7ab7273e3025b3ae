import { useId } from 'react'
import type { ReactNode } from 'react'

/**
 * A labelled control. The label points at the control by id rather than
 * wrapping it, so that a select's name is its label alone (a wrapping label
 * would add the chosen option's text).
 */
export function Field({ label, hint, className, children }: { label: string; hint?: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className={`runs-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint && <span className="runs-hint">{hint}</span>}
    </div>
  )
}
