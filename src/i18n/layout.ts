/** Interface strings of the page's layout on small screens: the compact bar, its menu and the task sheet. English first; the Chinese must have the same keys. */
export const layoutEn = {
  menu: 'Menu',
  openMenu: 'Menu',
  closeMenu: 'Close the menu',
  settings: 'Settings',
  task: 'Task',
  /** The compact bar's task button: its name holds the instruction, not the ticking time. */
  openTask: 'Task: {{instruction}}',
  closeTask: 'Close the task',
  pending: '{{count}} actions to submit',
  pending_one: '{{count}} action to submit',
  finished: 'Finished',
  finishedCorrect: 'Finished: correct',
  finishedWrong: 'Finished: wrong',
  finishedSubmitted: 'Finished: submitted, not scored here',
  annotatorShort: 'Annotator: {{name}}',
}

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
