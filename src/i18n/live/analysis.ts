/** Interface strings of live state: analysis. English first; the Chinese must have the same keys. */
export const analysisEn = {
  _: '',
}

export const analysisZh: typeof analysisEn = {
  _: '',
}
