// Offline (docs/product.md "The app on a phone: push notifications, installing, offline", decision 134): whether the browser is offline and, when the
// service worker answered a read from its cache, from when that data is — for the banner
// "offline, data from HH:MM". Coin-moving requests are refused offline before they are sent.
import { useSyncExternalStore } from 'react'
import { API_CACHE, OFFLINE_DATA_HEADER } from './offline-contract'

interface OfflineState {
  isOnline: boolean
  /** The oldest server time among the answers shown from the cache since going offline. */
  dataFrom: Date | null
}

let state: OfflineState = {
  isOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  dataFrom: null,
}
const listeners = new Set<() => void>()

function update(next: Partial<OfflineState>): void {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update({ isOnline: true, dataFrom: null }))
  window.addEventListener('offline', () => update({ isOnline: false }))
}

/** Notes an API answer: one the service worker gave from its cache says when it is from. */
export function noteApiResponse(response: Response): void {
  const from = response.headers.get(OFFLINE_DATA_HEADER)
  if (from === null) {
    if (state.dataFrom !== null && state.isOnline) update({ dataFrom: null })
    return
  }
  const at = new Date(from)
  if (Number.isNaN(at.getTime())) return
  if (state.dataFrom === null || at < state.dataFrom) update({ dataFrom: at })
}

export function useOfflineState(): OfflineState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
    () => state,
  )
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine
}

/** Forgets every kept API answer: someone signed in or out, and nothing of theirs may stay. */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return
  await caches.delete(API_CACHE).catch(() => false)
}
