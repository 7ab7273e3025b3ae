/** Interface strings of blind attempts: the editor's question before showing a task's gold, and practice attempts. English first; the Chinese must have the same keys. */
export const blindEn = {
  editorTitle: 'Show the gold of {{id}}?',
  editorText:
    'You have not finished this task. The editor shows its gold answer, reasoning path and distractors. Once you have seen them, your later attempts at this task count as practice: they are kept, but left out of the human baseline, agreement and cross-validation.',
  cancel: 'Go back',
  confirm: 'Show the gold',
  practice: '{{count}} practice',
  practiceOnly: 'practice only',
  practiceTag: 'practice: not counted',
  practiceHint: 'Practice: attempts made after seeing the task’s gold (its review, the editor, an unseal, a fork). They are listed but never counted.',
  baselinePractice: '{{count}} practice attempts made after seeing the gold are left out.',
  baselinePractice_one: '{{count}} practice attempt made after seeing the gold is left out.',
}
