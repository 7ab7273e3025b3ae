/**
 * A step the sink did not store. The kernel has already taken it back, so
 * that nothing unsaved is shown, scored or repeated as if it had been stored.
 */
export class StepNotStored extends Error {
  override name = 'StepNotStored'
}

/** A change asked of an attempt that cannot take it (finished, led by another tab); the message says what to do. */
export class AttemptClosed extends Error {
  override name = 'AttemptClosed'
}
