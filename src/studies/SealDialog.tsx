import { useTranslation } from 'react-i18next'
import type { DatasetRow } from '../db'
import { sealForParticipants } from './store'
import { SealingDialog, SealingFields, useSealingForm } from './SealingDialog'

/**
 * *Seal for participants*: the data set's files sealed as `npm run seal`
 * does (the same function), downloaded as `<name>-sealed.zip`.
 */
export function SealDialog({ row, onClose }: { row: DatasetRow; onClose: () => void }) {
  const { t } = useTranslation()
  const form = useSealingForm<string>(row)
  const { done } = form.action
  const seal = () =>
    form.submit(async (files, passphrase) => (await sealForParticipants(row, files, passphrase === '' ? undefined : passphrase)).fileName)

  return (
    <SealingDialog
      title={t('sealing.sealDialog.title', { name: row.name })}
      action={form.action}
      workingText={t('sealing.sealingWorking')}
      errorTitle={t('sealing.failed')}
      doneText={done === undefined ? undefined : t('sealing.sealDialog.done', { file: done })}
      submit={{ label: t('sealing.sealDialog.submit'), disabled: form.files.state.phase !== 'ready', onClick: seal }}
      onClose={onClose}
    >
      <p className="hint-text">{t('sealing.sealDialog.intro')}</p>
      <SealingFields form={form} />
    </SealingDialog>
  )
}
