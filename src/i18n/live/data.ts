/** Interface strings of live state: data. English first; the Chinese must have the same keys. */
export const dataEn = {
  _: '',
}

export const dataZh: typeof dataEn = {
  _: '',
}
