/** Interface strings of live state: phone. English first; the Chinese must have the same keys. */
export const phoneEn = {
  _: '',
}

export const phoneZh: typeof phoneEn = {
  _: '',
}
