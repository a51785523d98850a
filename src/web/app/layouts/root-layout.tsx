import { useEffect, useRef } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { AppStatus } from '#web/components/app-status'
import { LogoMark } from '#web/components/logo'
import { applyWaitingUpdate } from '#web/lib/service-worker'

export const MAIN_CONTENT_ID = 'main-content'

/**
 * After a client-side navigation, moves focus to the main content so keyboard and screen-reader
 * users start at the new page, not at the link they left behind. ScrollRestoration scrolls to the
 * top (or to the #anchor) on new pages and restores the position on back/forward.
 */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true })
  }, [pathname])
}

/** A new version of the app, waiting, takes over on the next navigation (decision 134). */
function useUpdateOnNavigation(): void {
  const { pathname, search } = useLocation()
  const previous = useRef(`${pathname}${search}`)
  useEffect(() => {
    if (previous.current === `${pathname}${search}`) return
    previous.current = `${pathname}${search}`
    applyWaitingUpdate()
  }, [pathname, search])
}

export function RootLayout() {
  useFocusMainOnNavigation()
  useUpdateOnNavigation()
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <AppStatus />
    </>
  )
}

/** Shown for the first instant, before translations and the first route module have loaded. */
export function BootFallback() {
  return (
    <div aria-busy="true" className="flex min-h-dvh items-center justify-center">
      <LogoMark className="size-12 animate-pulse motion-reduce:animate-none" />
    </div>
  )
}
