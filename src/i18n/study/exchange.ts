/** Interface strings: Exports from sealed data sets and the collector's import. English first; the Chinese must have the same keys. */
export const sealedExchangeEn = {
  exportHint:
    'This data set is sealed: the zip holds your attempts, without verdicts, and manifest.json with a fingerprint of each task you answered. Send the zip itself to whoever runs the study: they score it in the unsealed data set.',
  importHint:
    'This data set is sealed: imported attempts are kept without verdicts. To score exports, import them into the unsealed data set (with the study’s assignment.json loaded there first).',
}

export const sealedExchangeZh: typeof sealedExchangeEn = {
  exportHint: '本数据集已封存：压缩包里是你的作答（没有判定），以及记有每道已答任务指纹的 manifest.json。请把压缩包本身发给研究组织者，由其在未封存的数据集中评分。',
  importHint: '本数据集已封存：导入的作答只保存，不评分。要评分，请把导出文件导入未封存的数据集（并先在那里载入该研究的 assignment.json）。',
}
