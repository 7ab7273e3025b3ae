import i18next from 'i18next'
import { returnChannelEn } from '../../i18n/study/returnChannel'
import { returnChannelZh } from '../../i18n/study/returnChannel.zh'

/**
 * The return channel's strings, in both languages, added when its code is
 * loaded: only a study link loads it, so neither the first load nor the
 * Chinese bundle of every page carries them.
 */
export function addReturnChannelStrings(): void {
  i18next.addResourceBundle('en', 'translation', { returnChannel: returnChannelEn }, true, true)
  i18next.addResourceBundle('zh', 'translation', { returnChannel: returnChannelZh }, true, true)
}
