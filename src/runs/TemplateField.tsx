import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { RotateCcw } from 'lucide-react'
import { DEFAULT_SYSTEM_TEMPLATE } from '../core'
import { useRunForm } from '../state/runs'

/** The system prompt template, ours by default, with its slots. */
export function TemplateField() {
  const { t } = useTranslation()
  const template = useRunForm((s) => s.template)
  const hint = useId()
  return (
    <details className="runs-template">
      <summary>{t('runs.template')}</summary>
      <textarea
        rows={12}
        value={template}
        spellCheck={false}
        aria-label={t('runs.template')}
        aria-describedby={hint}
        onChange={(e) => useRunForm.setState({ template: e.target.value })}
      />
      <p className="runs-hint" id={hint}>
        {t('runs.templateHint')}
      </p>
      <button type="button" disabled={template === DEFAULT_SYSTEM_TEMPLATE} onClick={() => useRunForm.setState({ template: DEFAULT_SYSTEM_TEMPLATE })}>
        <RotateCcw size={14} aria-hidden="true" /> {t('runs.resetTemplate')}
      </button>
    </details>
  )
}
