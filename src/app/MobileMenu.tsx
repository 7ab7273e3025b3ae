import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Database, Menu, Presentation, UserRound, X } from 'lucide-react'
import { Dialog } from '../shared/Dialog'
import { openManager } from '../datasets/store'
import { useSettings } from '../state/settings'
import { useSession } from '../state/session'
import { isParticipantPage, showView, useShownView, viewsOf } from '../state/view'
import { enterPresent } from '../present/store'
import { DatasetName, SettingsControls } from './Settings'

const MENU_BUTTON_ID = 'app-menu-button'

/**
 * The compact bar's menu button and the menu it opens (a modal dialog): the views, the data sets, presenter mode, the annotator,
 * the access setting and the language. `onAnnotator` asks for the annotator's name (the dialog lives in the bar).
 */
export function MenuButton({ onAnnotator }: { onAnnotator: () => void }) {
  const { t } = useTranslation()
  const view = useShownView()
  const views = useSession((s) => viewsOf(s.dataset))
  const actor = useSettings((s) => s.actor)
  const participant = useSession((s) => isParticipantPage(s.dataset))
  const [open, setOpen] = useState(false)

  return (
    <>
      <button type="button" id={MENU_BUTTON_ID} className="menu-button" aria-haspopup="dialog" aria-expanded={open} aria-label={t('layout.openMenu')} onClick={() => setOpen(true)}>
        <Menu size={22} aria-hidden="true" />
      </button>
      <Dialog
        open={open}
        className="app-menu"
        aria-labelledby="app-menu-title"
        onDismiss={() => setOpen(false)}
        onClose={() => setOpen(false)}
        returnFocusTo={MENU_BUTTON_ID}
        dismissOnBackdrop
      >
        <div className="sheet-head">
          <h2 id="app-menu-title">{t('layout.menu')}</h2>
          <button type="button" className="sheet-close" aria-label={t('layout.closeMenu')} onClick={() => setOpen(false)}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <nav aria-label={t('views.label')} className="menu-views">
          {views.map((v) => (
            <button
              key={v}
              type="button"
              aria-current={view === v ? 'page' : undefined}
              onClick={() => {
                showView(v)
                setOpen(false)
              }}
            >
              {t(`views.${v}`)}
            </button>
          ))}
        </nav>
        <section className="menu-settings" aria-labelledby="app-menu-settings">
          <h3 id="app-menu-settings">{t('layout.settings')}</h3>
          <DatasetName />
          <button
            type="button"
            className="menu-item"
            aria-haspopup="dialog"
            onClick={() => {
              // The menu gives way to the data sets dialog rather than stacking under it.
              setOpen(false)
              openManager()
            }}
          >
            <Database size={18} aria-hidden="true" /> {t('datasets')}
          </button>
          {/* The wide bar's Present button, here: a presenter on a phone or a narrow window gets in without ?present. */}
          {!participant && (
            <button
              type="button"
              className="menu-item"
              onClick={() => {
                setOpen(false)
                enterPresent()
              }}
            >
              <Presentation size={18} aria-hidden="true" /> {t('present.enter')}
            </button>
          )}
          {actor !== '' && (
            <button
              type="button"
              className="menu-item"
              aria-label={t('panel.changeAnnotator', { name: actor })}
              onClick={() => {
                setOpen(false)
                onAnnotator()
              }}
            >
              <UserRound size={18} aria-hidden="true" /> {t('layout.annotatorShort', { name: actor })}
            </button>
          )}
          <SettingsControls />
        </section>
      </Dialog>
    </>
  )
}
