import type { finishEn } from './finish'

export const finishZh: typeof finishEn = {
  title: '要结束这次作答吗？',
  noActions: '你还没有待提交的操作。现在结束将按原样（没有操作）评分，且无法撤回。',
  noSearch: '你还没有在手机上做过任何搜索。结束后会按原样提交你的操作并立即评分，且无法撤回。',
  keepWorking: '继续作答',
  finishAnyway: '仍然结束',
}
