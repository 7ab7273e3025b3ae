import { analysisEn } from './live/analysis'
import { authoringEn } from './authoring'
import { analysisViewEn, peopleViewEn, replayViewEn, runsViewEn } from './views'
import { plannerAnalysisEn } from './plannerAnalysis'
import { gradingAgreementEn } from './gradingAgreement'
import { gradingEn } from './grading'
import { sealedExchangeEn } from './study/exchange'
import { sealingEn } from './study/sealing'
import { studyDashboardEn } from './study/dashboard'
import { searchRefusalEn } from './searchRefusal'

/**
 * The English strings of views that are not in the page’s first load (Analysis, Replay, Runs, People and Study,
 * the task editor, sealing and studies, a refused search's words): loaded with them (loadLaterStrings in src/i18n), to keep the first load
 * small (#27).
 */
export const laterEn = {
  authoring: authoringEn,
  analysis: analysisViewEn,
  replay: replayViewEn,
  runs: runsViewEn,
  people: peopleViewEn,
  liveAnalysis: analysisEn,
  plannerAnalysis: plannerAnalysisEn,
  gradingAgreement: gradingAgreementEn,
  grading: gradingEn,
  sealedExchange: sealedExchangeEn,
  sealing: sealingEn,
  studyDashboard: studyDashboardEn,
  searchRefusal: searchRefusalEn,
  links: { missingTask: 'This data set has no task “{{id}}”; the phone shows {{shown}}.' },
}

export type LaterStrings = typeof laterEn
