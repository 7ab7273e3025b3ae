import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { ErrorBoundary } from './app/ErrorBoundary'
import { setupI18n } from './i18n'
import { useSettings } from './state/settings'
import { whenIdleAfterBoot } from './state/idleAfterBoot'
import { createSpievalApi } from './api/spieval'
import { modelContext } from './api/modelContext'
import { watchStorage } from './state/storage'
import { prefetchBundledSample } from './state/bundledSample'
import { loadSearchEngine } from './core'
import { prefetchAppScreens } from './phone/Phone'

// Before anything opens the database: an upgrade by another tab, a blocked upgrade and a failed write all reach the page.
watchStorage()
// A first visit's sample is on its way while the page draws and opens the database (#27's cold start).
prefetchBundledSample()
const root = document.getElementById('root')
// The page draws once its strings are in (at once in English; Chinese is fetched first), never in the wrong language.
if (root)
  void setupI18n(useSettings.getState().language).then(() =>
    createRoot(root).render(
      <StrictMode>
        {/* The last resort, for the top bar and the page itself; each view has its own boundary inside. */}
        <ErrorBoundary>
          <App />
        </ErrorBoundary>
      </StrictMode>,
    ),
  )

// The agent API is there from the first paint; its calls wait for the data set like a person's.
window.spieval = createSpievalApi()
// WebMCP, where the browser has it: the open task's tools, registered while it is open (the code that does it is
// loaded only there).
const context = modelContext()
if (context) void import('./api/webmcp').then(({ installWebMcp }) => installWebMcp(context))
// The regex and fuzzy search engines are not in the first load (#27): fetched once the page is idle after its first
// boot, so that a search in those modes rarely waits for them (the kernel awaits them if it does).
whenIdleAfterBoot(() => void Promise.all([loadSearchEngine('regex'), loadSearchEngine('fuzzy')]).catch(() => undefined))
// So are an app's screens: the first load draws the home screen, and a person's first tap on an app rarely waits.
whenIdleAfterBoot(() => void prefetchAppScreens().catch(() => undefined))
