/**
 * Whether the person at this page is a lead grader: a lead sees every grade
 * before grading and may adjudicate. A choice of the person, kept in
 * localStorage; the grades themselves never depend on it.
 */
import { create } from 'zustand'
import { persist } from 'zustand/middleware'

interface AgreementSettings {
  lead: boolean
}

export const useAgreementSettings = create<AgreementSettings>()(persist((): AgreementSettings => ({ lead: false }), { name: 'spieval-grading-lead' }))

export function setLeadGrader(lead: boolean): void {
  useAgreementSettings.setState({ lead })
}
