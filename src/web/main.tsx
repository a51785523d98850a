import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { Providers } from './app/providers'
import { createAppRouter } from './app/router'
import { initI18n } from './lib/i18n'
import { queryClient } from './lib/query-client'
import { sessionQueryOptions } from './lib/session'

// Start the translation files and the session request at once, in parallel with the first route.
void initI18n()
void queryClient.prefetchQuery(sessionQueryOptions)

const router = createAppRouter()
const container = document.getElementById('root')
if (!container) throw new Error('index.html must contain <div id="root">')

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
