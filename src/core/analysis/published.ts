/** The paper's published leaderboard (paginated setting, mean ± std of 3 runs, %), for the reference block of the analysis. */
export interface PublishedRow {
  model: string
  /** 推理, 辨析, 整合, 偏好, 多意图, then overall: [mean, std]. */
  scores: [number, number][]
}

export const PUBLISHED_LEADERBOARD: readonly PublishedRow[] = [
  { model: 'GPT-5.5 (xhigh)', scores: [[70.0, 4.3], [72.0, 0.0], [73.3, 0.9], [38.7, 2.5], [32.7, 2.5], [57.3, 1.2]] },
  { model: 'Gemini 3.1 Pro (high)', scores: [[74.0, 4.3], [73.3, 0.9], [74.7, 1.9], [20.0, 4.9], [23.3, 1.9], [53.1, 2.2]] },
  { model: 'Claude Opus 4.8 (max)', scores: [[68.7, 3.4], [58.7, 3.4], [67.3, 1.9], [34.7, 4.1], [32.0, 1.6], [52.3, 0.7]] },
  { model: 'DeepSeek-V4-Pro (max)', scores: [[53.3, 0.9], [62.7, 4.1], [60.0, 4.3], [34.0, 2.8], [22.7, 1.9], [46.5, 0.4]] },
  { model: 'Gemini 3.1 Pro (low)', scores: [[65.3, 1.9], [62.7, 5.0], [60.7, 6.2], [16.7, 4.1], [23.3, 3.8], [45.7, 2.2]] },
  { model: 'Claude Opus 4.8 (none)', scores: [[48.7, 3.4], [40.7, 5.0], [46.0, 3.3], [26.7, 2.5], [19.3, 0.9], [36.3, 1.7]] },
  { model: 'Kimi K2.6 (high)', scores: [[48.7, 1.9], [46.7, 6.6], [43.3, 0.9], [25.3, 2.5], [16.0, 1.6], [36.0, 2.3]] },
  { model: 'GLM-5.2 (max)', scores: [[44.7, 5.0], [44.7, 1.9], [49.3, 0.9], [22.7, 5.2], [14.7, 3.4], [35.2, 1.4]] },
  { model: 'Hy3 (high)', scores: [[44.0, 2.8], [41.3, 1.9], [46.0, 4.3], [26.0, 2.8], [14.0, 1.6], [34.3, 1.9]] },
  { model: 'DeepSeek-V4-Pro (none)', scores: [[36.0, 2.8], [39.3, 1.9], [48.7, 5.0], [28.7, 1.9], [18.7, 0.9], [34.3, 1.4]] },
  { model: 'Qwen3.7-Plus (high)', scores: [[44.0, 2.8], [38.7, 0.9], [46.7, 3.8], [23.3, 3.4], [14.7, 3.8], [33.5, 0.7]] },
  { model: 'Seed-2.1-Pro (high)', scores: [[50.0, 4.9], [44.0, 4.3], [39.3, 2.5], [17.3, 0.9], [16.0, 2.8], [33.3, 1.0]] },
  { model: 'GLM-5.2 (none)', scores: [[37.3, 2.5], [32.0, 4.3], [46.7, 2.5], [19.3, 1.9], [10.7, 2.5], [29.2, 1.1]] },
  { model: 'GPT-5.5 (none)', scores: [[41.3, 5.2], [35.3, 3.4], [30.7, 4.7], [22.0, 2.8], [13.3, 3.8], [28.5, 1.1]] },
  { model: 'Seed-2.1-Pro (minimal)', scores: [[34.7, 2.5], [32.7, 1.9], [27.3, 5.0], [18.7, 4.1], [9.3, 2.5], [24.5, 0.8]] },
  { model: 'Qwen3.7-Plus (none)', scores: [[34.7, 3.4], [27.3, 2.5], [36.0, 1.6], [12.7, 1.9], [8.7, 0.9], [23.9, 0.5]] },
  { model: 'Hy3 (no think)', scores: [[25.3, 2.5], [24.7, 1.9], [23.3, 10.5], [13.3, 5.0], [6.0, 1.6], [18.5, 1.6]] },
  { model: 'Kimi K2.6 (none)', scores: [[17.3, 0.9], [26.0, 2.8], [19.3, 7.5], [11.3, 2.5], [8.0, 0.0], [16.4, 2.0]] },
]

/** Published averages over all model configurations, by setting (overall, %). */
export const PUBLISHED_SETTING_AVERAGES = { paginated: 35.5, full: 36.0, no_search: 66.8 } as const
