import type { layoutEn } from './layout'

export const layoutZh: typeof layoutEn = {
  menu: '菜单',
  openMenu: '菜单',
  closeMenu: '关闭菜单',
  settings: '设置',
  task: '任务',
  openTask: '任务：{{instruction}}',
  closeTask: '关闭任务',
  pending: '{{count}} 个待提交操作',
  pending_one: '{{count}} 个待提交操作',
  finished: '已完成',
  finishedCorrect: '已完成：正确',
  finishedWrong: '已完成：错误',
  finishedSubmitted: '已完成：已提交，此处不评分',
  annotatorShort: '标注者：{{name}}',
}
