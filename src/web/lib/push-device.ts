// Push on this device (docs/product.md "The app on a phone: push notifications, installing, offline"): whether this browser can show Golden Point's
// notifications, and turning them on (permission, PushManager.subscribe with the server's VAPID
// key, POST /api/me/push-subscriptions) or off (DELETE, then unsubscribe).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, whenOnline } from './api-client'
import { queryKeys } from './query-keys'

export type PushDeviceState =
  /** No service worker or Push API here (an old browser, a private window). */
  | 'unsupported'
  /** iPhone or iPad in Safari: push works only from the home-screen app (iOS 16.4+). */
  | 'ios-needs-install'
  /** The server has push switched off. */
  | 'unavailable'
  /** The fan (or the browser) blocked notifications for the site. */
  | 'denied'
  | 'off'
  | 'on'

const READY_TIMEOUT_MS = 10_000

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS)),
  ])
}

function isIosBrowserTab(): boolean {
  const isIos =
    /iphone|ipad|ipod/i.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  const isStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return isIos && !isStandalone
}

async function publicKey(): Promise<string | null> {
  return (await unwrap(api.api.push['public-key'].$get())).publicKey
}

export async function readPushDevice(): Promise<PushDeviceState> {
  if (!('PushManager' in window) || !('Notification' in window)) {
    return isIosBrowserTab() ? 'ios-needs-install' : 'unsupported'
  }
  if ((await publicKey()) === null) return 'unavailable'
  if (Notification.permission === 'denied') return 'denied'
  const ready = await registration()
  if (!ready) return 'unsupported'
  return (await ready.pushManager.getSubscription()) ? 'on' : 'off'
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Thrown when the browser refused: permission not given, or its push service unreachable. */
export class PushRefusedError extends Error {
  constructor(readonly reason: 'denied' | 'failed') {
    super(`push ${reason}`)
  }
}

async function turnOn(): Promise<void> {
  const key = await publicKey()
  const ready = await registration()
  if (!key || !ready) throw new PushRefusedError('failed')
  if ((await Notification.requestPermission()) !== 'granted') throw new PushRefusedError('denied')
  let subscription: PushSubscription
  try {
    subscription =
      (await ready.pushManager.getSubscription()) ??
      (await ready.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key),
      }))
  } catch {
    throw new PushRefusedError('failed')
  }
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } }
  await unwrap(api.api.me['push-subscriptions'].$post({ json }))
}

async function turnOff(): Promise<void> {
  const ready = await registration()
  const subscription = await ready?.pushManager.getSubscription()
  if (!subscription) return
  await api.api.me['push-subscriptions'].$delete({ json: { endpoint: subscription.endpoint } })
  await subscription.unsubscribe()
}

export const pushDeviceQueryOptions = queryOptions({
  queryKey: queryKeys.me.pushDevice,
  queryFn: readPushDevice,
  // The browser's own state: asked again whenever the profile shows it.
  staleTime: 0,
  networkMode: 'always',
})

export function usePushDevice() {
  return useQuery(pushDeviceQueryOptions)
}

export function useSetPushDevice() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (on: boolean) => whenOnline(() => (on ? turnOn() : turnOff())),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.me.pushDevice }),
  })
}
