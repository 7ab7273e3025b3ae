/** The data sets the build serves beside the page (Vite copies public/data and public/data-live). */

/** The stored data set's `source` for the bundled live sample: how it is found again, so that loading it twice stores it once. */
export const LIVE_SAMPLE_SOURCE = 'live-sample'
/** Its stored name (data, like the default sample's "Sample (Daniel Hayes)", so not translated). */
export const LIVE_SAMPLE_NAME = 'Live sample (Daniel Hayes)'
/** The folder the build serves it from, relative to the page. */
export const LIVE_SAMPLE_FOLDER = `${import.meta.env.BASE_URL}data-live/`

/** The default sample's folder. */
export const SAMPLE_FOLDER = `${import.meta.env.BASE_URL}data/`
