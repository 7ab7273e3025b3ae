import type { sealedExchangeEn } from './exchange'

export const sealedExchangeZh: typeof sealedExchangeEn = {
  exportHint: '本数据集已封存：压缩包里是你的作答（没有判定），以及记有每道已答任务指纹的 manifest.json。请把压缩包本身发给研究组织者，由其在未封存的数据集中评分。',
  importHint: '本数据集已封存：导入的作答只保存，不评分。要评分，请把导出文件导入未封存的数据集（并先在那里载入该研究的 assignment.json）。',
}
