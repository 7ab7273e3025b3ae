/**
 * Verdicts have one owner: the attempt kernel makes an attempt's verdict at
 * its finish, and this service makes it again (an import, a revision, a
 * profile edit, an unseal) by replaying the stored steps under the kernel's
 * rules. Storage keeps the result; everyone else reads it. See docs/verdicts.md.
 */
export { judgeAttempt, kernelSteps, verifiedSteps } from './rescore'
export type { KernelSource } from './rescore'
export { judgeContext, needsKernel } from './types'
export { underPlayedRules } from './conditions'
export type { AttemptJudge, JudgeContext, JudgedAttempt, TaskVersion, VerdictChange, VerdictSummary } from './types'
