import { useEffect, useMemo, useState } from 'react'
import { GLOBAL_SEARCH_TOOL, ToolRuntime, capabilityName } from '../core'
import type { Dataset, ToolCall } from '../core'
import { fetchDataset } from './fetchDataset'
import './app.css'

/** A bare page over the core until the phone lands: the data set, its tasks, and a global search. */
export function App() {
  const [dataset, setDataset] = useState<Dataset>()
  const [error, setError] = useState<string>()
  const [taskId, setTaskId] = useState<string>()
  const [pattern, setPattern] = useState('')
  const [reply, setReply] = useState<ToolCall>()

  useEffect(() => {
    fetchDataset().then(
      ({ dataset: loaded }) => {
        setDataset(loaded)
        setTaskId(loaded.tasks[0]?.id)
      },
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    )
  }, [])

  const task = dataset?.tasks.find((t) => t.id === taskId)
  const runtime = useMemo(
    () => (dataset && task ? new ToolRuntime(dataset.tools, dataset.records[task.id] ?? {}, { setting: 'paginated' }) : undefined),
    [dataset, task],
  )

  if (error) return <main className="page"><p role="alert">Could not load the data set: {error}</p></main>
  if (!dataset) return <main className="page"><p role="status">Loading the data set…</p></main>

  return (
    <main className="page">
      <h1>SPIEval Phone</h1>
      <p>
        {dataset.tasks.length} tasks · user {dataset.profile.name} · now {dataset.profile.now} ({dataset.profile.weekday})
      </p>
      <label>
        Task{' '}
        <select value={taskId} onChange={(e) => { setTaskId(e.target.value); setReply(undefined) }}>
          {dataset.tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id} · {capabilityName(t.type)} · {t.messages[0]?.content}
            </option>
          ))}
        </select>
      </label>
      {task && <p className="instruction">“{task.instruction}”</p>}
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          if (runtime) setReply(runtime.call(GLOBAL_SEARCH_TOOL, { pattern }, 'ui'))
        }}
      >
        <label>
          Search the phone <input value={pattern} onChange={(e) => setPattern(e.target.value)} />
        </label>{' '}
        <button type="submit">Search</button>
      </form>
      {reply && (
        <pre aria-label="Tool reply" className={reply.ok ? 'reply' : 'reply error'}>
          {reply.content}
        </pre>
      )}
    </main>
  )
}
