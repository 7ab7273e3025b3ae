/** Interface strings of the Finish confirmation. English first; the Chinese must have the same keys. */
export const finishEn = {
  title: 'Finish this attempt?',
  noActions: 'You have no actions to submit. Finishing ends the attempt now: it is scored as it is (no actions) and cannot be taken back.',
  noSearch: 'You have not searched the phone at all. Finishing submits your actions as they are, is scored at once, and cannot be taken back.',
  keepWorking: 'Keep working',
  finishAnyway: 'Finish anyway',
}
