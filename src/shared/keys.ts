/** Whether a key press lands in a field that takes text (so that a page's own key, such as N or a digit, leaves it alone). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}
