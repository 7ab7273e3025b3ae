/** Interface strings of live state: data, and the bundled samples. English first; the Chinese must have the same keys. */
export const dataEn = {
  heading: 'Live sample',
  hint: '20 tasks in live state: calls change the phone’s records, some calls are refused once (a busy network, a payment check) and must be repaired, and each task is checked by the state it leaves.',
  load: 'Load the live sample',
  source: 'bundled live sample',
  active: 'The live sample is already the active data set.',
  switched: 'The live sample was already stored; it is now the active data set.',
  /** The bundled planner sample, offered beside the live sample. */
  planner: {
    heading: 'Planner sample',
    hint: '24 planner tasks over basic tool use, sub-agents, memory and skills: load a skill to get its tool, hand work to the finance desk, the travel desk or the IT helpdesk, recall what is remembered about the user, and ask when the request is unclear. Some tasks are judged by a rubric.',
    load: 'Load the planner sample',
    source: 'bundled planner sample',
    active: 'The planner sample is already the active data set.',
    switched: 'The planner sample was already stored; it is now the active data set.',
  },
}
