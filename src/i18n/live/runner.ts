/** Interface strings of live state: the runner's options. English first; the Chinese must have the same keys. */
export const runnerEn = {
  state: 'State',
  states: {
    auto: 'auto (live where the task expects changes)',
    static: 'static (the published protocol)',
    live: 'live (calls change the phone)',
  },
  failureRate: 'Random failure rate',
  failureRateHint: '0 to 1: each otherwise valid execution call fails transiently with this probability',
  seed: 'Seed',
}
