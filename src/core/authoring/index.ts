/** Authoring: a task's content, its fingerprint, what a revision changed, and gold by demonstration. */
export { contentFingerprint, contentFingerprints, contentOf } from './content'
export type { TaskContent } from './content'
export { changesEntries, changesMarkdown, describeChanges, profileChanges, shortText } from './changes'
export type { ChangedPart, ChangesEntry, ContentChange, TaskRevisionEntry } from './changes'
export { expectedStateFromChanges, goldFromCalls } from './demonstration'
export * from './edits'
export * from './draftLint'
