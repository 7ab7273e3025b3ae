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
