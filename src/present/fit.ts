/** The phone's frame at its normal size (390 × 800 and 14 px of bezel each side). */
const FRAME_WIDTH = 418
export const BEZEL = 28
/** The frame's height the zoom aims at; a shorter one shows less of a list, not smaller type. */
const FRAME_HEIGHT = 740
/** Below this height the phone is zoomed out instead of cut shorter. */
const MIN_FRAME_HEIGHT = 560
/** Above this height (a tall, narrow window) the phone stays phone-shaped, centred in the space. */
const MAX_FRAME_HEIGHT = 860
const MAX_ZOOM = 3
/** Space around the phone, in px. */
export const MARGIN = 16

/**
 * Pure: the phone's zoom and its frame's height (in the phone's own, unzoomed
 * px) for the space left under the caption. The phone is laid out again at
 * that zoom (CSS `zoom`, not a scaled picture of it), so its type stays crisp.
 */
export function phoneFit(width: number, height: number): { zoom: number; frameHeight: number } {
  const byWidth = width / FRAME_WIDTH
  let zoom = Math.min(Math.max(height / FRAME_HEIGHT, 1), byWidth, MAX_ZOOM)
  if (height / zoom < MIN_FRAME_HEIGHT) zoom = Math.min(height / MIN_FRAME_HEIGHT, byWidth)
  return { zoom, frameHeight: Math.min(height / zoom, MAX_FRAME_HEIGHT) }
}
