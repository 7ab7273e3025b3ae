/** A study link's return channel (issue #30): loaded by the page only for an address with a study's parameters. */
export { openStudyLink } from './open'
export { ReturnStatus } from './ReturnStatus'
