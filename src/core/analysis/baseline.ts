import type { Task } from '../dataset/types'
import { orderedTypes } from '../score/capabilities'
import { capabilityName } from '../score/capabilities'
import { formatMeanStd, meanStd } from '../score/stats'
import { fleissKappa, pairwiseAgreement } from '../stats/agreement'
import { callSignature, countedAttempts, groupBy, isPractice, median } from './people'
import type { PersonAttempt } from './people'
import type { Table } from './tables'

/** Solved of finished, and the accuracy in percent (null when nothing was finished). */
export interface PersonScore {
  finished: number
  solved: number
  accuracy: number | null
}

/** One person's row: counted attempts only, except `flags`, which counts every flag the person raised. */
export interface PersonBaselineRow extends PersonScore {
  actor: string
  by_type: Record<string, PersonScore>
  medianMs: number | null
  /** Mean retrieval calls per finished task. */
  retrievals: number | null
  flags: number
  /** Finished attempts made after the person saw the task's gold: practice, listed but not counted. */
  practice: number
}

/**
 * Fewest tasks shared by two people or more that a κ is shown for: over one
 * or two tasks it swings to ±1 on a single disagreement (−1.00 read as
 * "people disagree completely" when one pair differed once).
 */
export const MIN_KAPPA_TASKS = 5

/** Agreement over the tasks that at least two people finished. */
export interface AgreementFigures {
  pairwise: number | null
  /** Null when undefined (every rating in one category). */
  kappa: number | null
  /** Set when κ rests on fewer than MIN_KAPPA_TASKS tasks: computed, but not to be shown as a figure. */
  kappaWithheld?: true
  tasks: number
}

export interface HumanBaseline {
  /** Capability types present, in the paper's order. */
  types: string[]
  /** Everyone with an attempt at a task of the data set, by name (those with nothing finished too). */
  people: PersonBaselineRow[]
  /** Mean ± population std (divisor n) of the people's accuracies (%), over the `people` who finished at least one such task. */
  overall: { mean: number; std: number; people: number }
  by_type: Record<string, { mean: number; std: number; people: number }>
  /** Median active time per task over all counted attempts (ms). */
  medianMs: number | null
  /** Mean retrieval calls per task on solved and on failed counted attempts. */
  retrievals: { solved: number | null; failed: number | null }
  /** `verdict`: correct / wrong; `answer`: the {@link callSignature} submitted. */
  agreement: { verdict: AgreementFigures; answer: AgreementFigures }
}

/**
 * The human baseline. Only counted attempts (each person's first finished
 * blind one per task: practice after seeing the gold never counts) enter the statistics, and a person's accuracy is solved /
 * finished over the tasks they finished: a task they did not finish does not
 * count against them, so per-person task counts are reported beside it.
 * Attempts at tasks not in `tasks` are left out.
 */
export function humanBaseline(tasks: readonly Task[], attempts: readonly PersonAttempt[]): HumanBaseline {
  const typeOf = new Map(tasks.map((t) => [t.id, t.type]))
  const taskById = new Map(tasks.map((t) => [t.id, t]))
  const known = attempts.filter((a) => typeOf.has(a.taskId))
  const counted = countedAttempts(known)
  const types = orderedTypes(tasks)
  const people = [...new Set(known.map((a) => a.actor))].sort().map((actor): PersonBaselineRow => {
    const own = counted.filter((a) => a.actor === actor)
    return {
      actor,
      ...score(own),
      by_type: Object.fromEntries(types.map((t) => [t, score(own.filter((a) => typeOf.get(a.taskId) === t))])),
      medianMs: median(own.map((a) => a.elapsedMs)),
      retrievals: meanOrNull(own.map((a) => a.retrievals)),
      flags: known.filter((a) => a.actor === actor).reduce((n, a) => n + a.flags.length, 0),
      practice: known.filter((a) => a.actor === actor && isPractice(a)).length,
    }
  })
  const overPeople = (pick: (p: PersonBaselineRow) => number | null) => {
    const values = people.map(pick).filter((v): v is number => v !== null)
    return { ...meanStd(values), people: values.length }
  }
  return {
    types,
    people,
    overall: overPeople((p) => p.accuracy),
    by_type: Object.fromEntries(types.map((t) => [t, overPeople((p) => p.by_type[t]?.accuracy ?? null)])),
    medianMs: median(counted.map((a) => a.elapsedMs)),
    retrievals: {
      solved: meanOrNull(counted.filter(isSolved).map((a) => a.retrievals)),
      failed: meanOrNull(counted.filter((a) => !isSolved(a)).map((a) => a.retrievals)),
    },
    agreement: {
      verdict: agreement(counted, (a) => (isSolved(a) ? 'correct' : 'wrong')),
      answer: agreement(counted, (a) => callSignature(a.calls, taskById.get(a.taskId))),
    },
  }
}

const isSolved = (a: PersonAttempt) => a.correct === true
const meanOrNull = (xs: number[]) => (xs.length === 0 ? null : meanStd(xs).mean)

function score(attempts: readonly PersonAttempt[]): PersonScore {
  const solved = attempts.filter(isSolved).length
  return { finished: attempts.length, solved, accuracy: attempts.length === 0 ? null : (100 * solved) / attempts.length }
}

function agreement(counted: readonly PersonAttempt[], category: (a: PersonAttempt) => string): AgreementFigures {
  const ratings = [...groupBy(counted, (a) => a.taskId).values()].filter((g) => g.length >= 2).map((g) => g.map(category))
  return {
    pairwise: pairwiseAgreement(ratings),
    kappa: fleissKappa(ratings),
    ...(ratings.length < MIN_KAPPA_TASKS ? { kappaWithheld: true as const } : {}),
    tasks: ratings.length,
  }
}

const fixed = (x: number | null, digits = 1) => (x === null ? '—' : x.toFixed(digits))
const seconds = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(1))
const cell = (s: PersonScore | undefined) => (s && s.accuracy !== null ? `${s.accuracy.toFixed(1)} (${s.solved}/${s.finished})` : '—')

/**
 * The baseline in the paper's Table 2 layout, one row per person (accuracy %
 * with solved/finished) and a last row of mean ± std over people; for
 * `formatTextTable`, `toCsv` or a view.
 */
export function humanBaselineTable(baseline: HumanBaseline): Table {
  const { types, people } = baseline
  const total = people.reduce((n, p) => n + p.finished, 0)
  const { solved, failed } = baseline.retrievals
  return {
    name: 'human_baseline',
    title: 'Human baseline: accuracy by capability (%), per person and mean ± std over people',
    rows: [
      ['person', 'tasks', ...types.map((t) => `${capabilityName(t)} ${t}`), 'Overall', 'median time (s)', 'retrievals / task', 'flags'],
      ...people.map((p) => [p.actor, String(p.finished), ...types.map((t) => cell(p.by_type[t])), cell(p), seconds(p.medianMs), fixed(p.retrievals), String(p.flags)]),
      [
        `people (mean ± std, ${baseline.overall.people})`,
        String(total),
        // A capability nobody finished has no mean, rather than a mean of 0.
        ...types.map((t) => {
          const figure = baseline.by_type[t]
          return figure && figure.people > 0 ? formatMeanStd(figure) : '—'
        }),
        baseline.overall.people > 0 ? formatMeanStd(baseline.overall) : '—',
        seconds(baseline.medianMs),
        `solved ${fixed(solved)} · failed ${fixed(failed)}`,
        String(people.reduce((n, p) => n + p.flags, 0)),
      ],
    ],
  }
}
