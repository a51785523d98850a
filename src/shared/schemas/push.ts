// Web Push (docs/product.md "The app on a phone: push notifications, installing, offline", docs/decisions/130-131): the browser's subscription as it is
// registered, the public key the browser subscribes with, and what the service worker receives.
import { z } from 'zod'

/** A fan's devices with push on; one more is refused (docs/product.md "The app on a phone: push notifications, installing, offline"). */
export const MAX_PUSH_DEVICES = 10
export const PUSH_ENDPOINT_MAX_LENGTH = 2048

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/

/** The bytes a base64url text stands for (padding or not). */
export function base64UrlByteLength(text: string): number {
  return Math.floor((text.replace(/=+$/, '').length * 6) / 8)
}

const base64UrlOf = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .regex(BASE64URL, { message: `${what} must be base64url` })
    .refine((text) => base64UrlByteLength(text) === bytes, {
      message: `${what} must be ${bytes} bytes`,
    })

/**
 * The browser's PushSubscription as `subscription.toJSON()` gives it. p256dh is an uncompressed
 * P-256 point (65 bytes, the first 0x04, so its text starts with B); auth a 16-byte secret.
 * Where an endpoint may point (https push services, loopback outside production) is the
 * server's rule (push-endpoints.ts).
 */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url().max(PUSH_ENDPOINT_MAX_LENGTH),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64UrlOf(65, 'keys.p256dh').refine((text) => text.startsWith('B'), {
      message: 'keys.p256dh must be an uncompressed point',
    }),
    auth: base64UrlOf(16, 'keys.auth'),
  }),
})
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>

/** DELETE /api/me/push-subscriptions: the device's endpoint; only the caller's own is removed. */
export const RemovePushSubscriptionSchema = z.strictObject({
  endpoint: z.string().min(1).max(PUSH_ENDPOINT_MAX_LENGTH),
})
export type RemovePushSubscription = z.infer<typeof RemovePushSubscriptionSchema>

/** POST /api/me/push-subscriptions answers how many devices the fan now has push on. */
export const PushSubscriptionResultSchema = z.object({ devices: z.number().int().nonnegative() })
export type PushSubscriptionResult = z.infer<typeof PushSubscriptionResultSchema>

/** GET /api/push/public-key: the VAPID public key (base64url), the browser's applicationServerKey. */
export const PushPublicKeySchema = z.object({ publicKey: z.string().nullable() })
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>

/**
 * What is pushed: each kind has its text, its preference switch, its TTL and urgency on the
 * server (push-kinds.ts). Later issues add theirs here and there.
 */
export const PUSH_MESSAGE_KINDS = [
  'deadline_reminder',
  'match_result',
  'payout_received',
  'refund',
  'league_joined',
  'league_nudge',
  'second_chance_opened',
  'season_recap',
] as const
export const PushMessageKindSchema = z.enum(PUSH_MESSAGE_KINDS)
export type PushMessageKind = z.infer<typeof PushMessageKindSchema>

/**
 * The decrypted payload the service worker shows: written in the fan's language by the server.
 * `tag` collapses a tournament's results into one notification; `id` is the message's own, the
 * same on a re-sent copy, so the worker replaces rather than adds (docs/decisions/131).
 */
export const PushPayloadSchema = z.object({
  id: z.string(),
  kind: PushMessageKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path of the app, opened (or focused) on click. */
  url: z.string().startsWith('/'),
  tag: z.string(),
  /** Alert again when it replaces a notification with the same tag (a new result). */
  renotify: z.boolean(),
  /** When it happened (epoch ms). */
  timestamp: z.number(),
})
export type PushPayload = z.infer<typeof PushPayloadSchema>
