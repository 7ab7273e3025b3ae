/** Sealed data sets (docs/reference.md, "Sealed data sets"): the format is in ./manifest.ts. */
export {
  SEALED_FORMAT,
  SEALED_VERSION,
  MIN_ITERATIONS,
  MAX_ITERATIONS,
  SealError,
  readSealedManifest,
  checkSealedManifest,
} from '../dataset/sealedManifest'
export type { SealedManifest, EncryptedManifest, StrippedManifest, SealedKdf, SealedStudy, SealErrorCode } from '../dataset/sealedManifest'
export { sealDataset, unsealDataset, openSealedTasks, checkPassphrase, deriveSealKey, isSealed } from './seal'
export type { SealOptions } from './seal'
export { canonicalJson, contentHash, hexSha256, studyFingerprint, currentFingerprint, fingerprintMatches, datasetFingerprints, compareFingerprints, userTexts } from './fingerprint'
export type { FingerprintContext } from './fingerprint'
export { WebCryptoMissing } from '../base/webcrypto'
export type { SealKey } from '../base/webcrypto'
