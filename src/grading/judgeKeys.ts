/**
 * The judge's API key is kept as the runner's keys are: tied to its endpoint,
 * in memory (or sessionStorage when remembered), never stored with the data
 * nor exported. The runner's form module, not its index, which would bring
 * the whole runner into the Grade view.
 */
export { runnerKeyFor, scrub as scrubKeys, setRememberKeys, setRunnerKey, useRunnerKeys } from '../state/runs/form'
