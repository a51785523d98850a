// The page's side of the service worker (docs/product.md "The app on a phone: push notifications, installing, offline", decision 134): registered after the
// first paint, so it costs the landing page nothing; a new version waits and takes over on the
// next navigation — never while the bracket wizard is open — with a small "updated" note after
// the reload; a notification's click shows its page in this window.
import { useEffect } from 'react'
import { SW_MESSAGES, type OpenPageMessage } from './offline-contract'

const UPDATED_KEY = 'golden-point:updated'

let waiting: ServiceWorker | null = null
let holds = 0

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker
}

function track(registration: ServiceWorkerRegistration): void {
  // A waiting worker with one in control is an update; without, it is the first install.
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) {
        setWaiting(installing)
      }
    })
  })
}

/**
 * Registers /sw.js once the page has loaded and is idle, and opens the pages notification clicks
 * ask for with `navigate` (the router's, so nothing reloads).
 */
export function startServiceWorker({ navigate }: { navigate: (path: string) => void }): void {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as Partial<OpenPageMessage> | null
    if (message?.type === SW_MESSAGES.openPage && typeof message.path === 'string') {
      navigate(message.path)
    }
  })
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(track)
      .catch(() => undefined)
  }
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register) : setTimeout(register, 1)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}

/**
 * Called after each navigation: a waiting version takes over now, unless something holds it (the
 * wizard), and the page reloads onto the place the fan was going to.
 */
export function applyWaitingUpdate(): void {
  const worker = waiting
  if (!worker || holds > 0) return
  setWaiting(null)
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      sessionStorage.setItem(UPDATED_KEY, '1')
      window.location.reload()
    },
    { once: true },
  )
  worker.postMessage({ type: SW_MESSAGES.skipWaiting })
}

/** While mounted, no new version takes over (the wizard: a reload would lose its place). */
export function useHoldAppUpdate(): void {
  useEffect(() => {
    holds += 1
    return () => {
      holds -= 1
    }
  }, [])
}

/** True once, on the first page after a new version took over (for the "updated" note). */
export function takeUpdatedNote(): boolean {
  try {
    const updated = sessionStorage.getItem(UPDATED_KEY) === '1'
    sessionStorage.removeItem(UPDATED_KEY)
    return updated
  } catch {
    return false
  }
}
