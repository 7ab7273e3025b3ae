/** Interface strings: a participant's sealed attempts and progress. English first; the Chinese must have the same keys. */
export const participantEn = {
  finish: 'Submit',
  sealedTitle: 'Sealed data set',
  progressText: '{{done}} of {{total}} submitted · {{flagged}} flagged',
  sealedNote: 'The answers of this data set are sealed: your attempts are submitted without a verdict and checked later by whoever runs the study.',
  studyLine: 'Study {{id}} · {{person}} · task {{position}} of {{total}}',
  submittedTitle: 'Submitted',
  submittedText: 'Your actions are submitted. They are checked after the study; you will not see a verdict here.',
  nextTask: 'Next task',
  allDone: 'You have submitted every task. Thank you! Export your attempts (Export my attempts, above) and send the file to whoever runs the study.',
  noActions: 'You have no actions to submit. Submitting ends the attempt now, as it is (no actions), and cannot be taken back.',
  noSearch: 'You have not searched the phone at all. Submitting ends the attempt with your actions as they are, and cannot be taken back.',
  submitAnyway: 'Submit anyway',
}

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
  noActions: '你还没有待提交的操作。现在提交将按原样（没有操作）结束这次作答，且无法撤回。',
  noSearch: '你还没有在手机上做过任何搜索。提交后将按你当前的操作结束这次作答，且无法撤回。',
  submitAnyway: '仍然提交',
}
