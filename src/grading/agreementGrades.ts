/**
 * The active data set's grades as the Agreement and Judge tabs read them:
 * read from storage when a tab opens and after each grade a tab stores, so
 * both show the same grades.
 */
import { create } from 'zustand'
import type { Grade } from '../core'
import { gradesOf, putGrade } from '../db'

interface StoredGrades {
  datasetId?: string
  grades: Grade[] | null
  error?: string
}

export const useStoredGrades = create<StoredGrades>()(() => ({ grades: null }))

/** Reads the data set's grades again; a read for a data set no longer active is dropped. */
export async function reloadGrades(datasetId: string): Promise<void> {
  if (useStoredGrades.getState().datasetId !== datasetId) useStoredGrades.setState({ datasetId, grades: null, error: undefined })
  try {
    const grades = await gradesOf(datasetId)
    if (useStoredGrades.getState().datasetId === datasetId) useStoredGrades.setState({ grades, error: undefined })
  } catch (err) {
    if (useStoredGrades.getState().datasetId === datasetId) useStoredGrades.setState({ error: err instanceof Error ? err.message : String(err) })
  }
}

/** Stores a grade and reads the grades again. */
export async function storeGrade(datasetId: string, grade: Grade): Promise<void> {
  await putGrade(datasetId, grade)
  await reloadGrades(datasetId)
}

/** The grades of this data set, or null while they are read. */
export function gradesFor(state: StoredGrades, datasetId: string | undefined): Grade[] | null {
  return datasetId !== undefined && state.datasetId === datasetId ? state.grades : null
}
