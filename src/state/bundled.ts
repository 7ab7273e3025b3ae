/** The data sets the build serves beside the page (Vite copies public/data, public/data-live and public/data-planner). */

/** A sample the page ships, as the Data sets manager loads it: its folder, the name it is stored under, and the `source` it is found again by. */
export interface BundledSample {
  folder: string
  name: string
  source: string
}

/** The stored data set's `source` for the bundled live sample: how it is found again, so that loading it twice stores it once. */
export const LIVE_SAMPLE_SOURCE = 'live-sample'
/** Its stored name (data, like the default sample's "Sample (Daniel Hayes)", so not translated). */
export const LIVE_SAMPLE_NAME = 'Live sample (Daniel Hayes)'
/** The folder the build serves it from, relative to the page. */
export const LIVE_SAMPLE_FOLDER = `${import.meta.env.BASE_URL}data-live/`
export const LIVE_SAMPLE: BundledSample = { folder: LIVE_SAMPLE_FOLDER, name: LIVE_SAMPLE_NAME, source: LIVE_SAMPLE_SOURCE }

/** The bundled planner sample (skills, sub-agents, memory, rubrics), stored and found again the same way. */
export const PLANNER_SAMPLE_SOURCE = 'planner-sample'
export const PLANNER_SAMPLE_NAME = 'Planner sample (Daniel Hayes)'
export const PLANNER_SAMPLE_FOLDER = `${import.meta.env.BASE_URL}data-planner/`
export const PLANNER_SAMPLE: BundledSample = { folder: PLANNER_SAMPLE_FOLDER, name: PLANNER_SAMPLE_NAME, source: PLANNER_SAMPLE_SOURCE }

/** The default sample's folder. */
export const SAMPLE_FOLDER = `${import.meta.env.BASE_URL}data/`
