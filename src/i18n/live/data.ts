/** Interface strings of live state: data. English first; the Chinese must have the same keys. */
export const dataEn = {
  heading: 'Live sample',
  hint: '20 tasks in live state: calls change the phone’s records, some calls are refused once (a busy network, a payment check) and must be repaired, and each task is checked by the state it leaves.',
  load: 'Load the live sample',
  source: 'bundled live sample',
  active: 'The live sample is already the active data set.',
  switched: 'The live sample was already stored; it is now the active data set.',
}

export const dataZh: typeof dataEn = {
  heading: '实时示例',
  hint: '20 个实时状态任务：调用会改动手机里的记录，有些调用会先被拒绝一次（网络繁忙、支付验证），需要补救；每个任务按最终留下的状态检查。',
  load: '加载实时示例',
  source: '内置实时示例',
  active: '实时示例已是当前数据集。',
  switched: '实时示例已存储过，现为当前数据集。',
}
