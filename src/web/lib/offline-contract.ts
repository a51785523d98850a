// What the service worker and the page agree on (decision 134): the cache of API reads, the
// header that marks an answer given from it, and the messages between them. No imports: the
// service worker bundles this file too.

/** The last answers of the API reads, per URL. Emptied when someone signs in or out. */
export const API_CACHE = 'golden-point-api-v1'

/** On an answer from the cache instead of the server: the time the server gave it (HTTP date). */
export const OFFLINE_DATA_HEADER = 'X-Golden-Point-Offline-Data'

export const SW_MESSAGES = { skipWaiting: 'skip-waiting', openPage: 'open-page' } as const

export interface OpenPageMessage {
  type: typeof SW_MESSAGES.openPage
  /** A path of the app, to show in the window (a notification's page). */
  path: string
}

/**
 * The reads a page shows, kept for offline use. Not: sign-in and account endpoints, live streams,
 * calendars, images, the local mailbox.
 */
export function isCachedApiPath(path: string): boolean {
  if (!path.startsWith('/api/')) return false
  if (/^\/api\/(auth|dev|calendar|unsubscribe|push)\b/.test(path)) return false
  return !path.endsWith('/live') && !path.endsWith('.ics') && !path.endsWith('.png')
}
