import './fonts.css'
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { Providers } from './app/providers'
import { createAppRouter } from './app/router'
import { initI18n } from './lib/i18n'
import { queryClient } from './lib/query-client'
import { sessionQueryOptions } from './lib/session'
import { watchInstallPrompt } from './lib/install-offer'
import { startServiceWorker } from './lib/service-worker'
import { rememberSession } from './shell/landing-shell-script'

// Start the translation files and the session request at once, in parallel with the first route.
const translationsReady = initI18n()
const sessionReady = queryClient.prefetchQuery(sessionQueryOptions)
void sessionReady.then(() =>
  rememberSession(!!queryClient.getQueryData(sessionQueryOptions.queryKey)),
)

const router = createAppRouter()
watchInstallPrompt()
// After the first paint (decision 134); a notification's click opens its page through the router.
startServiceWorker({ navigate: (path) => void router.navigate(path) })
const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

function render(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  )
}

// The first render waits for the translation files (index.html preloads them with the scripts).
// Rendering before they arrive shows the boot fallback, and React then holds the real page back
// for its Suspense reveal throttle (300 ms), which made the landing page's LCP that much later.
// Over the landing shell (src/web/shell) it waits for the session too: rendering earlier would
// swap the painted hero for the guard's spinner and back. prefetchQuery never rejects.
const hasShell = container.hasChildNodes()
void Promise.allSettled([translationsReady, hasShell && sessionReady]).then(() => render(container))
