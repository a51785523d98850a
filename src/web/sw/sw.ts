/// <reference lib="webworker" />
// The service worker, served at /sw.js (docs/product.md "The app on a phone: push notifications, installing, offline", decision 134). Built by
// vite-plugin-pwa (injectManifest), which puts the list of the build's files into
// self.__WB_MANIFEST. It keeps the app shell and static files for offline use, keeps the last
// answer of each page's API reads for "offline, data from HH:MM", never answers a write from a
// cache, shows pushes and opens their page on click.
import {
  createHandlerBoundToURL,
  precacheAndRoute,
  cleanupOutdatedCaches,
} from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import type { PushPayload } from '#shared/schemas/push'
import {
  API_CACHE,
  isCachedApiPath,
  OFFLINE_DATA_HEADER,
  SW_MESSAGES,
  type OpenPageMessage,
} from '#web/lib/offline-contract'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[]
}

const API_CACHE_MAX_ENTRIES = 300

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every page of the app is the one index.html; the server's own pages (API, shared brackets with
// their preview tags, the local mailbox) still come from the server.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/share\//, /^\/dev\//],
  }),
)

// Reads: the network first; its answer is kept, and given back (marked with when it was the
// server's answer) only when the network cannot be reached. Writes are never touched: whatever
// moves coins goes to the server or fails, and is never queued.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    isCachedApiPath(url.pathname),
  async ({ request }) => {
    const cache = await caches.open(API_CACHE)
    try {
      const response = await fetch(request)
      if (response.ok && response.headers.get('content-type')?.includes('application/json')) {
        await cache.put(request, response.clone())
        void trim(cache)
      }
      return response
    } catch (error) {
      const kept = await cache.match(request)
      if (!kept) throw error
      const headers = new Headers(kept.headers)
      headers.set(OFFLINE_DATA_HEADER, kept.headers.get('date') ?? new Date(0).toUTCString())
      return new Response(kept.body, { status: kept.status, headers })
    }
  },
)

async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys()
  // Oldest first: keys come in the order they were stored.
  for (const key of keys.slice(0, Math.max(0, keys.length - API_CACHE_MAX_ENTRIES))) {
    await cache.delete(key)
  }
}

self.addEventListener('install', () => {
  // The first version takes over at once; a later one waits until the page says so, on its next
  // navigation outside the wizard (src/web/lib/service-worker.ts).
  if (!self.registration.active) void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SW_MESSAGES.skipWaiting) {
    void self.skipWaiting()
  }
})

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(readPayload(event.data)))
})

function readPayload(data: PushMessageData | null): PushPayload {
  try {
    const payload = data?.json() as Partial<PushPayload> | undefined
    if (payload && typeof payload.title === 'string' && typeof payload.url === 'string') {
      return payload as PushPayload
    }
  } catch {
    // Not ours or damaged: still show something, as a push must (userVisibleOnly).
  }
  return {
    id: 'unknown',
    kind: 'league_joined',
    title: 'Golden Point',
    body: '',
    url: '/notifications',
    tag: 'golden-point',
    renotify: false,
    timestamp: Date.now(),
  }
}

async function showPush(payload: PushPayload): Promise<void> {
  // A message the server sent twice (a crash between the push service's answer and its record,
  // decision 131) replaces itself quietly instead of alerting again.
  const shown = await self.registration.getNotifications({ tag: payload.tag })
  const isCopy = shown.some(
    (notification) => (notification.data as { id?: string })?.id === payload.id,
  )
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { id: payload.id, url: payload.url },
    renotify: payload.renotify && !isCopy,
    timestamp: payload.timestamp,
  } as NotificationOptions)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/'
  const opening = openPage(new URL(path, self.location.origin))
  // A click the browser makes may keep the worker alive until the page is open; a click a page
  // dispatched itself (a test) may not extend its event, and needs not.
  if (event.isTrusted) event.waitUntil(opening)
})

/** Focuses an open window of the app and has it show the page, or opens a new window. */
async function openPage(url: URL): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === url.origin)
  if (!open) {
    await self.clients.openWindow(url.href)
    return
  }
  const message: OpenPageMessage = { type: SW_MESSAGES.openPage, path: url.pathname + url.search }
  open.postMessage(message)
  await open.focus().catch(() => undefined)
}
