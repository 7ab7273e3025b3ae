import { analysisEn } from './live/analysis'
import { plannerAnalysisEn } from './plannerAnalysis'
import { sealedExchangeEn } from './study/exchange'
import { sealingEn } from './study/sealing'
import { studyDashboardEn } from './study/dashboard'

/**
 * The English strings of views that are not in the page's first load (Analysis, People and Study, sealing and
 * studies): loaded with them (loadLaterStrings in src/i18n), to keep the first load small (#27).
 */
export const laterEn = {
  liveAnalysis: analysisEn,
  plannerAnalysis: plannerAnalysisEn,
  sealedExchange: sealedExchangeEn,
  sealing: sealingEn,
  studyDashboard: studyDashboardEn,
}

export type LaterStrings = typeof laterEn
