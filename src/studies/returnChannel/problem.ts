import { UploadRefused } from '../../core/study'

/**
 * Why an upload (or the claim of a slot) failed, in words a participant can
 * read in either language: the kind picks the sentence, and the store's or
 * the browser's own message stays as the technical detail (it is English,
 * and it is what whoever runs the study needs to hear).
 */
export type UploadProblemKind = 'network' | 'expired' | 'busy' | 'refused' | 'other'

export interface UploadProblem {
  kind: UploadProblemKind
  detail: string
}

export function uploadProblem(err: unknown): UploadProblem {
  const detail = err instanceof Error ? err.message : String(err)
  if (!(err instanceof UploadRefused)) return { kind: 'other', detail }
  const { status } = err
  if (status === undefined) return { kind: 'network', detail }
  if (status === 403) return { kind: 'expired', detail }
  if (status >= 500 || status === 429) return { kind: 'busy', detail }
  return { kind: 'refused', detail }
}

/** The i18n key (under returnChannel) of a problem's sentence. */
export const problemKey = (kind: UploadProblemKind): string => `reason${kind[0]?.toUpperCase() ?? ''}${kind.slice(1)}`
