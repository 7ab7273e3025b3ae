import { useTranslation } from 'react-i18next'
import type { PatternRefusal } from '../core'
import { searchRefusalWords } from './searchRefusalWords'

/** A refused search's words (loaded with the later strings when a search is first refused: RefusedSearchText). */
export function SearchRefusal({ refusal }: { refusal: PatternRefusal }) {
  const { t } = useTranslation()
  return <>{searchRefusalWords(t, refusal)}</>
}
