import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react'
import { isRetrievalToolName } from '../core'
import type { GoldCall, JsonSchema, ToolSchema } from '../core'
import { addCall, editDraft, moveCall, removeCall, setAcceptable, setCallTool, setFree, useAuthoring } from './store'
import { Findings } from './Findings'
import { parseValue, valueLabel } from './values'

/** The gold calls, parameter by parameter: each one's tool, acceptable values, "may be left out" and "any value". */
export function GoldEditor() {
  const { t } = useTranslation()
  const answer = useAuthoring((s) => s.draft?.task.answer)
  const freeParams = useAuthoring((s) => s.draft?.task.freeParams)
  const tools = useAuthoring((s) => s.context?.tools)
  const [newTool, setNewTool] = useState('')
  if (!answer || !freeParams || !tools) return null
  const execution = tools.filter((tool) => !isRetrievalToolName(tool.function.name))
  const adding = newTool || execution[0]?.function.name || ''
  return (
    <section className="editor-card gold" aria-labelledby="editor-gold-heading">
      <h3 id="editor-gold-heading">{t('authoring.goldHeading')}</h3>
      {answer.length === 0 && <p className="editor-hint">{t('authoring.noCalls')}</p>}
      {answer.map((call, i) => (
        <GoldCallEditor key={i} index={i} count={answer.length} call={call} free={freeParams[i] ?? []} tools={execution} />
      ))}
      <div className="editor-row">
        <label>
          <span className="sr-only">{t('authoring.newCallTool')}</span>
          <select aria-label={t('authoring.newCallTool')} value={adding} onChange={(e) => setNewTool(e.target.value)}>
            {execution.map((tool) => (
              <option key={tool.function.name} value={tool.function.name}>
                {tool.function.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => editDraft((c) => addCall(c, adding))} disabled={adding === ''}>
          <Plus size={14} aria-hidden="true" /> {t('authoring.addCall')}
        </button>
      </div>
    </section>
  )
}

function GoldCallEditor({ index, count, call, free, tools }: { index: number; count: number; call: GoldCall; free: readonly string[]; tools: readonly ToolSchema[] }) {
  const { t } = useTranslation()
  const n = index + 1
  const schema = tools.find((tool) => tool.function.name === call.name)?.function.parameters
  const properties = schema?.properties ?? {}
  const required = new Set(schema?.required ?? [])
  // The tool's parameters in its order, then any the call names that the tool does not have (the validator says so).
  const params = [...Object.keys(properties), ...[...Object.keys(call.arguments), ...free].filter((p) => !Object.hasOwn(properties, p))]
  const toolKnown = tools.some((tool) => tool.function.name === call.name)
  return (
    <fieldset className="gold-call">
      <legend>{t('authoring.callLegend', { n, tool: call.name })}</legend>
      <div className="editor-row">
        <label>
          {t('authoring.tool')}{' '}
          <select value={call.name} onChange={(e) => editDraft((c) => setCallTool(c, index, e.target.value))}>
            {!toolKnown && <option value={call.name}>{call.name}</option>}
            {tools.map((tool) => (
              <option key={tool.function.name} value={tool.function.name}>
                {tool.function.name}
              </option>
            ))}
          </select>
        </label>
        <span className="editor-spacer" />
        <button type="button" aria-label={t('authoring.moveCallUp', { n })} title={t('authoring.moveCallUp', { n })} disabled={index === 0} onClick={() => editDraft((c) => moveCall(c, index, -1))}>
          <ArrowUp size={14} aria-hidden="true" />
        </button>
        <button type="button" aria-label={t('authoring.moveCallDown', { n })} title={t('authoring.moveCallDown', { n })} disabled={index === count - 1} onClick={() => editDraft((c) => moveCall(c, index, 1))}>
          <ArrowDown size={14} aria-hidden="true" />
        </button>
        <button type="button" className="danger" onClick={() => editDraft((c) => removeCall(c, index))}>
          <Trash2 size={14} aria-hidden="true" /> {t('authoring.removeCall', { n })}
        </button>
      </div>
      <Findings place={`gold:${index}`} />
      <table className="param-table">
        <caption className="sr-only">{t('authoring.paramsCaption', { n, tool: call.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('authoring.param')}</th>
            <th scope="col">{t('authoring.acceptable')}</th>
            <th scope="col">{t('authoring.mayBeLeftOut')}</th>
            <th scope="col">{t('authoring.anyValue')}</th>
          </tr>
        </thead>
        <tbody>
          {params.map((param) => (
            <ParamRow
              key={param}
              index={index}
              param={param}
              schema={Object.hasOwn(properties, param) ? properties[param] : undefined}
              required={required.has(param)}
              values={Object.hasOwn(call.arguments, param) ? (call.arguments[param] ?? []) : []}
              free={free.includes(param)}
            />
          ))}
        </tbody>
      </table>
    </fieldset>
  )
}

function ParamRow({ index, param, schema, required, values, free }: { index: number; param: string; schema: JsonSchema | undefined; required: boolean; values: readonly unknown[]; free: boolean }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const n = index + 1
  const mayBeLeftOut = values.includes(null)
  const shown = values.map((v, at) => ({ v, at })).filter((x) => x.v !== null)
  const options = schema?.enum?.filter((e) => !values.some((v) => JSON.stringify(v) === JSON.stringify(e)))
  const set = (next: readonly unknown[]) => editDraft((c) => setAcceptable(c, index, param, next))
  const move = (at: number, by: -1 | 1) => {
    // Among the shown values: null keeps its place at the end of the list's meaning (it is a flag, not a value).
    const pos = shown.findIndex((x) => x.at === at)
    const other = shown[pos + by]
    if (!other) return
    const next = [...values]
    next[at] = other.v
    next[other.at] = values[at]
    set(next)
  }
  const add = () => {
    const value = options && options.length > 0 && text === '' ? options[0] : parseValue(text, schema)
    if (value === '' || value === undefined) return
    set([...values.filter((v) => v !== null), value, ...(mayBeLeftOut ? [null] : [])])
    setText('')
  }
  const label = { n, param }
  return (
    <tr className={free ? 'free' : undefined}>
      <th scope="row">
        <code>{param}</code>
        {required && <span className="required" title={t('authoring.required')}> *<span className="sr-only">{t('authoring.required')}</span></span>}
        {schema?.type !== undefined && <span className="param-type"> {String(schema.type)}</span>}
      </th>
      <td>
        <ul className="values" aria-label={t('authoring.valuesOf', label)}>
          {shown.map(({ v, at }, pos) => {
            const value = valueLabel(v)
            return (
              <li key={at}>
                <span className="value-text">{value}</span>
                <button type="button" className="icon" aria-label={t('authoring.moveValueUp', { ...label, value })} title={t('authoring.moveValueUp', { ...label, value })} disabled={pos === 0} onClick={() => move(at, -1)}>
                  <ArrowUp size={12} aria-hidden="true" />
                </button>
                <button type="button" className="icon" aria-label={t('authoring.moveValueDown', { ...label, value })} title={t('authoring.moveValueDown', { ...label, value })} disabled={pos === shown.length - 1} onClick={() => move(at, 1)}>
                  <ArrowDown size={12} aria-hidden="true" />
                </button>
                <button type="button" className="icon" aria-label={t('authoring.removeValue', { ...label, value })} title={t('authoring.removeValue', { ...label, value })} onClick={() => set(values.filter((_, i) => i !== at))}>
                  <X size={12} aria-hidden="true" />
                </button>
              </li>
            )
          })}
        </ul>
        <form
          className="add-value"
          onSubmit={(e) => {
            e.preventDefault()
            add()
          }}
        >
          {options && options.length > 0 ? (
            <select aria-label={t('authoring.newValue', label)} value={text} onChange={(e) => setText(e.target.value)}>
              {options.map((o) => (
                <option key={valueLabel(o)} value={valueLabel(o)}>
                  {valueLabel(o)}
                </option>
              ))}
            </select>
          ) : (
            <input aria-label={t('authoring.newValue', label)} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('authoring.newValuePlaceholder')} />
          )}
          <button type="submit" aria-label={t('authoring.addValue', label)} title={t('authoring.addValue', label)}>
            <Plus size={12} aria-hidden="true" />
          </button>
        </form>
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={t('authoring.mayBeLeftOutOf', label)}
          checked={mayBeLeftOut}
          onChange={(e) => set(e.target.checked ? [...values, null] : values.filter((v) => v !== null))}
        />
      </td>
      <td>
        <input type="checkbox" aria-label={t('authoring.anyValueOf', label)} checked={free} onChange={(e) => editDraft((c) => setFree(c, index, param, e.target.checked))} />
      </td>
    </tr>
  )
}
