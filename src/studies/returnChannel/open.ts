/**
 * Opens a study link (issue #30): reads the published study.json beside the
 * page, the recruiter's parameters from the address, and claims the
 * participant's slot with the core uploader (or finds the slot this browser
 * claimed before), then answers the slot's share folder for the page to load
 * as it loads a `?data=` folder. The channel then sends the attempts.
 */
import i18next from 'i18next'
import { claimSlot, readSlotUploads, readStudyReturn, shareFolder, slotUploadsFile, SERVE_FILES } from '../../core/study'
import type { SlotUploads, StudyReturn, UploadParticipant } from '../../core/study'
import { loadStudyReturn, saveStudyReturn } from '../../db'
import type { StudyLinkOpened } from '../../state/dataLink'
import { fetchPut, startChannel, waitMs } from './channel'
import { problemKey, uploadProblem } from './problem'
import { addReturnChannelStrings } from './strings'

const t = (key: string, params?: Record<string, string>): string => i18next.t(`returnChannel.${key}`, params ?? {})

async function fetchJson(url: string): Promise<unknown> {
  const answer = await fetch(url, { cache: 'no-store', credentials: 'same-origin' })
  if (!answer.ok) throw new Error(`${answer.status} ${answer.statusText}`.trim())
  return answer.json()
}

const folderUrl = (relative: string): string => {
  const url = new URL(relative, document.baseURI)
  url.search = ''
  url.hash = ''
  return url.href
}

/** The participant as the address names them; a slot's own link (`?slot=s007`) stands for its slot. */
function participantOf(study: StudyReturn, params: URLSearchParams): UploadParticipant | undefined {
  const id = params.get(study.params.participant)
  const slot = params.get(study.params.slot)
  const base = id ? { id } : slot ? { id: `slot:${slot}` } : undefined
  if (!base) return undefined
  const studyId = params.get(study.params.study)
  const session = params.get(study.params.session)
  return { ...base, ...(studyId ? { study: studyId } : {}), ...(session ? { session } : {}) }
}

export async function openStudyLink(search: string): Promise<StudyLinkOpened> {
  addReturnChannelStrings()
  let json: unknown
  try {
    json = await fetchJson(folderUrl(SERVE_FILES.study))
  } catch {
    // No study.json beside the page: the parameters are not a study's, and the page opens as usual.
    return { none: true }
  }
  const read = readStudyReturn(json)
  if ('problems' in read) return { problem: t('noStudy', { reason: read.problems.join('; ') }) }
  const study = read.study
  const params = new URLSearchParams(search)
  const participant = participantOf(study, params)
  if (!participant) return { problem: t('noParticipant', { param: study.params.participant }) }
  let row = await loadStudyReturn(study.study, participant.id)
  if (!row) {
    const slot = params.get(study.params.slot) ?? undefined
    const uploadsOf = async (name: string): Promise<SlotUploads> => {
      const uploads = readSlotUploads(await fetchJson(folderUrl(slotUploadsFile(name))))
      if ('problems' in uploads) throw new Error(uploads.problems.join('; '))
      return uploads.uploads
    }
    let claimed: Awaited<ReturnType<typeof claimSlot>>
    try {
      claimed = await claimSlot({ study, participant, uploadsOf, put: fetchPut, ...(slot ? { slot } : {}), options: { tries: 3, wait: waitMs } })
    } catch (err) {
      const failure = uploadProblem(err)
      return { problem: `${t('claimFailed', { reason: t(problemKey(failure.kind)) })} ${t('technicalDetail', { detail: failure.detail })}` }
    }
    if (!claimed) return { problem: t('full') }
    row = { study: study.study, participant: participant.id, slot: claimed.slot, uploads: claimed.uploads, sent: {}, closed: false, updated: Date.now() }
    await saveStudyReturn(row)
  }
  const folder = folderUrl(shareFolder(row.slot))
  startChannel({ study, participant, row, folder })
  return { folder }
}
