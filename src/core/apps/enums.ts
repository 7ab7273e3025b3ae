/** English labels of the stored (Chinese) enum values; a UI shows these and submits the stored value. */
export const ENUM_LABELS_EN: Readonly<Record<string, string>> = {
  准时: 'At start time',
  '10分钟前': '10 minutes before',
  '30分钟前': '30 minutes before',
  '1小时前': '1 hour before',
  '1天前': '1 day before',
  '1周前': '1 week before',
  不重复: 'Does not repeat',
  每天: 'Every day',
  每周: 'Every week',
  每两周: 'Every two weeks',
  每月: 'Every month',
  每年: 'Every year',
  汽车: 'Car',
  火车: 'Train',
  飞机: 'Plane',
  VOICE: 'Voice',
  VIDEO: 'Video',
}

/** Chinese labels for values that are stored in English. */
export const ENUM_LABELS_ZH: Readonly<Record<string, string>> = {
  VOICE: '语音',
  VIDEO: '视频',
}

/** A display label for a stored enum value in the given language (the value itself when unknown). */
export function enumLabel(value: unknown, lang: 'en' | 'zh'): string {
  const key = String(value)
  const table = lang === 'en' ? ENUM_LABELS_EN : ENUM_LABELS_ZH
  return table[key] ?? key
}
