/**
 * Grading stays blind: a person sees the others' grades of an attempt only
 * once they have graded it themselves, so that what others said cannot sway
 * them. A lead grader, who adjudicates, sees every grade.
 */
import type { Grade } from '../core'

export interface AgreementViewer {
  /** The person's grader id (the page's name); empty when none was given. */
  name: string
  lead: boolean
}

export interface VisibleGrades {
  grades: Grade[]
  /** Attempts with grades the viewer may not see yet. */
  hidden: number
}

const attemptOf = (grade: Pick<Grade, 'task_id' | 'attempt'>): string => `${grade.task_id}\u0000${grade.attempt}`

/** Whether this grade is the viewer's own vote (an adjudication is not: only a lead adjudicates, and a lead sees everything anyway). */
function isOwnVote(grade: Grade, name: string): boolean {
  return name !== '' && grade.grader.kind === 'human' && grade.grader.id === name && grade.grader.role !== 'adjudicator'
}

/** The grades the viewer may see: all of them for a lead, else those of the attempts the viewer has graded. */
export function visibleGrades(grades: readonly Grade[], viewer: AgreementViewer): VisibleGrades {
  if (viewer.lead) return { grades: [...grades], hidden: 0 }
  const graded = new Set(grades.filter((grade) => isOwnVote(grade, viewer.name)).map(attemptOf))
  const hidden = new Set(grades.map(attemptOf).filter((attempt) => !graded.has(attempt)))
  return { grades: grades.filter((grade) => graded.has(attemptOf(grade))), hidden: hidden.size }
}
