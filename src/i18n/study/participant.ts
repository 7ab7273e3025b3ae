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
  allDoneSending: 'You have submitted every task. Thank you! Your answers are sent to the study by themselves: the “Sending your answers” box at the top of the page says when they are stored. Only if sending fails does it offer your answers as a file to download instead.',
  noActions: 'You have no actions to submit. Submitting ends the attempt now, as it is (no actions), and cannot be taken back.',
  noSearch: 'You have not searched the phone at all. Submitting ends the attempt with your actions as they are, and cannot be taken back.',
  submitAnyway: 'Submit anyway',
}
