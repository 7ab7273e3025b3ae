import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { setupI18n } from './i18n'
import { useSettings } from './state/settings'
import { createSpievalApi } from './api/spieval'
import { installWebMcp } from './api/webmcp'

setupI18n(useSettings.getState().language)
const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )

// The agent API is there from the first paint; its calls wait for the data set like a person's.
window.spieval = createSpievalApi()
// WebMCP, where the browser has it: the open task's tools, registered while it is open.
installWebMcp()
