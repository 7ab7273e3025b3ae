import { create } from 'zustand'
import { listStudies } from '../db'
import type { StudyRow } from '../db'
import { replaceHashNow } from '../state/hashWriter'
import { setPeopleTab, usePeople } from './store'
import type { PeopleTab } from './store'
import { addressHash } from '../state/address'

/** The People view's tabs with the Study tab, which is there only while the active data set has a study. */
export type PeopleViewTab = PeopleTab | 'study'

interface StudyState {
  /** The data set whose studies `studies` holds. */
  datasetId?: string
  /** Oldest first; null until read. */
  studies: StudyRow[] | null
  /** The study shown (its id); the newest when none was picked. */
  selected?: string
  /** Whether the Study tab is the People view's tab shown (the other tabs stay in the people store). */
  open: boolean
}

const STUDY_HASH = '#/people/study'

export const useStudy = create<StudyState>()(() => ({
  studies: null,
  open: addressHash().replace(/\/+$/, '') === STUDY_HASH,
}))

let loadToken = 0

/**
 * Reads the studies of a data set. Called whenever the People view shows,
 * so that a study made meanwhile (in the page or imported) appears; whoever
 * saves a study may call it too.
 */
export async function loadStudies(datasetId: string): Promise<void> {
  const token = ++loadToken
  if (useStudy.getState().datasetId !== datasetId) useStudy.setState({ datasetId, studies: null, selected: undefined })
  let studies: StudyRow[]
  try {
    studies = await listStudies(datasetId)
  } catch {
    // Without its studies the People view goes on as before: the Study tab only stays away.
    studies = []
  }
  if (token !== loadToken) return
  const { selected } = useStudy.getState()
  const kept = studies.some((s) => s.id === selected) ? selected : studies.at(-1)?.id
  useStudy.setState({ datasetId, studies, selected: kept })
}

export function selectStudy(id: string): void {
  useStudy.setState({ selected: id })
}

/** Shows a tab of the People view, the Study tab included, and writes it to the address. */
export function showPeopleTab(tab: PeopleViewTab): void {
  if (tab === 'study') {
    useStudy.setState({ open: true })
    if (typeof window !== 'undefined') replaceHashNow(STUDY_HASH)
    return
  }
  useStudy.setState({ open: false })
  setPeopleTab(tab)
}

/** Whether the Study tab is offered: while the studies are read (a link to it waits for them) and when there is one. */
export function hasStudyTab(state: Pick<StudyState, 'studies' | 'open'>): boolean {
  return state.studies === null ? state.open : state.studies.length > 0
}

/** The tab the People view shows. */
export function useShownPeopleTab(): PeopleViewTab {
  const peopleTab = usePeople((s) => s.tab)
  const study = useStudy((s) => s.open && hasStudyTab(s))
  return study ? 'study' : peopleTab
}
