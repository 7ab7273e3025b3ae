import { Field } from './Field'

/** A whole-number input with its label. */
export function NumberField({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <Field label={label}>
      {(id) => (
        <input id={id} type="number" min={1} step={1} value={Number.isFinite(value) ? value : ''} onChange={(e) => onChange(e.target.valueAsNumber)} />
      )}
    </Field>
  )
}
