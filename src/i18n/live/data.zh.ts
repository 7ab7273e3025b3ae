import type { dataEn } from './data'

export const dataZh: typeof dataEn = {
  heading: '实时示例',
  hint: '20 个实时状态任务：调用会改动手机里的记录，有些调用会先被拒绝一次（网络繁忙、支付验证），需要补救；每个任务按最终留下的状态检查。',
  load: '加载实时示例',
  source: '内置实时示例',
  active: '实时示例已是当前数据集。',
  switched: '实时示例已存储过，现为当前数据集。',
}
