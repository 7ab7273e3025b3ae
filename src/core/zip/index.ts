/**
 * A data set given as one zip, as its own entry: fflate builds its tables as it loads, so the page loads this
 * only when a zip is imported, not with the loader a first visit needs for the bundled sample.
 */
export { DATASET_ZIP_LIMITS, DatasetZipError, readDatasetZip } from './zip'
