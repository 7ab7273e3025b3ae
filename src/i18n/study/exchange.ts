/** Interface strings: Exports from sealed data sets and the collector's import. English first; the Chinese must have the same keys. */
export const sealedExchangeEn = {
  exportHint:
    'This data set is sealed: the zip holds your attempts, without verdicts, and manifest.json with a fingerprint of each task you answered. Send the zip itself to whoever runs the study: they score it in the unsealed data set.',
  importHint:
    'This data set is sealed: imported attempts are kept without verdicts. To score exports, import them into the unsealed data set (with the study’s assignment.json loaded there first).',
}
