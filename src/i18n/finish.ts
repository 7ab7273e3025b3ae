/** Interface strings of the Finish confirmation. English first; the Chinese must have the same keys. */
export const finishEn = {
  title: 'Finish this attempt?',
  noActions: 'You have no actions to submit. Finishing ends the attempt now: it is scored as it is (no actions) and cannot be taken back.',
  noSearch: 'You have not searched the phone at all. Finishing submits your actions as they are, is scored at once, and cannot be taken back.',
  keepWorking: 'Keep working',
  finishAnyway: 'Finish anyway',
}

export const finishZh: typeof finishEn = {
  title: '要结束这次作答吗？',
  noActions: '你还没有待提交的操作。现在结束将按原样（没有操作）评分，且无法撤回。',
  noSearch: '你还没有在手机上做过任何搜索。结束后会按原样提交你的操作并立即评分，且无法撤回。',
  keepWorking: '继续作答',
  finishAnyway: '仍然结束',
}
