import type { blindEn } from './blind'

export const blindZh: typeof blindEn = {
  editorTitle: '要显示 {{id}} 的标准答案吗？',
  editorText:
    '你还没有完成这个任务。编辑器会显示它的标准答案、推理路径和干扰项。看过之后，你之后对这个任务的作答都算作练习：会被保留，但不计入人类基线、一致性和交叉验证。',
  cancel: '返回',
  confirm: '显示标准答案',
  practice: '练习 {{count}} 次',
  practiceOnly: '仅有练习',
  practiceTag: '练习：不计入',
  practiceHint: '练习：看过任务的标准答案（其复盘、编辑器、解封或派生）之后的作答。它们会列出，但从不计入。',
  baselinePractice: '{{count}} 次看过标准答案后的练习作答未计入。',
  baselinePractice_one: '{{count}} 次看过标准答案后的练习作答未计入。',
}
