/** Interface strings of live state: data. English first; the Chinese must have the same keys. */
export const dataEn = {
  heading: 'Live sample',
  hint: '20 tasks in live state: calls change the phone’s records, some calls are refused once (a busy network, a payment check) and must be repaired, and each task is checked by the state it leaves.',
  load: 'Load the live sample',
  source: 'bundled live sample',
  active: 'The live sample is already the active data set.',
  switched: 'The live sample was already stored; it is now the active data set.',
}
