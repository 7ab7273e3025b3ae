import { Suspense, lazy, useEffect, useReducer, useState } from 'react'
import { SearchEngineNotLoaded, loadSearchEngine, searchRefusal } from '../core'
import type { PatternRefusal } from '../core'
import { loadLaterStrings } from '../i18n'

// A refused search is rare: its words stay out of the first load.
const SearchRefusal = lazy(() => Promise.all([import('./SearchRefusal'), loadLaterStrings()]).then(([m]) => ({ default: m.SearchRefusal })))

function checkedPattern(args: Readonly<Record<string, unknown>>, global: boolean): { refusal: PatternRefusal | undefined } | undefined {
  try {
    return { refusal: searchRefusal(args, global) }
  } catch (err) {
    // A refused regex search shown from storage, before any search of this page loaded the engine.
    if (err instanceof SearchEngineNotLoaded) return undefined
    throw err
  }
}

/**
 * What a refused search says in the result bar: why its pattern was refused,
 * in the reader's words, or the tool's message for a refusal that is not the
 * pattern's (an unknown field a program sent). Nothing for the moment the
 * words, or the regex engine that checks a stored regex again, take to load.
 */
export function RefusedSearchText({ args, global, content }: { args: Readonly<Record<string, unknown>>; global: boolean; content: string }) {
  // Checked at each render (a regex's refusal is cached); again once the engine has arrived.
  const [, engineArrived] = useReducer((n: number) => n + 1, 0)
  const [engineFailed, setEngineFailed] = useState(false)
  const checked = checkedPattern(args, global)
  const waiting = checked === undefined
  useEffect(() => {
    if (waiting) void loadSearchEngine('regex').then(engineArrived, () => setEngineFailed(true))
  }, [waiting])
  // The engine could not be fetched (offline, a new deploy): the tool's own message, rather than nothing.
  if (!checked) return engineFailed ? <>{content}</> : null
  if (!checked.refusal) return <>{content}</>
  return (
    <Suspense fallback={null}>
      <SearchRefusal refusal={checked.refusal} />
    </Suspense>
  )
}
