import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, type ReactNode } from 'react'
import { queryClient } from '#web/lib/query-client'
import { BootFallback } from './layouts/root-layout'

/**
 * App-wide providers. The Suspense boundary covers the first load of the translation files
 * (react-i18next suspends until they arrive) so no untranslated key ever flashes on screen.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<BootFallback />}>{children}</Suspense>
    </QueryClientProvider>
  )
}
