import type { participantEn } from './participant'

export const participantZh: typeof participantEn = {
  finish: '提交',
  sealedTitle: '封存的数据集',
  progressText: '已提交 {{done}} / {{total}} · 已标记 {{flagged}}',
  sealedNote: '本数据集的答案已封存：你的作答提交后不会显示判定，由研究组织者事后核对。',
  studyLine: '研究 {{id}} · {{person}} · 第 {{position}} / {{total}} 题',
  submittedTitle: '已提交',
  submittedText: '你的操作已提交。研究结束后统一核对；这里不会显示判定。',
  nextTask: '下一题',
  allDone: '你已提交全部任务，谢谢！请导出你的作答（上方的“导出我的作答”），并把文件发给研究组织者。',
  allDoneSending: '你已提交全部任务，谢谢！你的答案会自动发送给研究：页面顶部的“正在发送你的答案”一栏会显示何时保存完毕。只有在发送失败时，那里才会改为提供答案文件供你下载。',
  noActions: '你还没有待提交的操作。现在提交将按原样（没有操作）结束这次作答，且无法撤回。',
  noSearch: '你还没有在手机上做过任何搜索。提交后将按你当前的操作结束这次作答，且无法撤回。',
  submitAnyway: '仍然提交',
}
