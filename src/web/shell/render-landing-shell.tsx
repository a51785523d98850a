import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import i18next from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { PublicLayout } from '#web/app/layouts/public-layout'
import { LandingPage } from '#web/app/routes/landing'
import type { Language } from '#web/lib/i18n'
import { sessionQueryOptions } from '#web/lib/session'

/**
 * The landing page's first paint as HTML, rendered at build time (vite.config.ts) from the real
 * components and translation file, so the static app shell in index.html cannot drift from what
 * React renders: header, hero and the screen-high placeholder below it, for a visitor.
 */
export function renderLandingShell(language: Language, translation: object): string {
  const i18n = i18next.createInstance()
  void i18n.init({
    lng: language,
    resources: { [language]: { translation } },
    initAsync: false,
    interpolation: { escapeValue: false },
  })
  const queryClient = new QueryClient()
  // A visitor (GET /api/session answered no one): members are sent on to their dashboard.
  queryClient.setQueryData(sessionQueryOptions.queryKey, null)
  const router = createMemoryRouter([
    { path: '/', Component: PublicLayout, children: [{ index: true, Component: LandingPage }] },
  ])
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  )
}
