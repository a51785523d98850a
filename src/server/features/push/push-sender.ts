// Sending one sealed push (RFC 8030/8292, decision 131; push-sealer.ts seals the payload). web-push
// signs the VAPID JWT; the request goes out through our own HTTP client (undici): web-push's
// sendNotification only speaks https and keeps no connections, while a result for 100,000 fans
// wants a keep-alive pool per push service, our timeouts and our reading of Retry-After.
import { createHash } from 'node:crypto'
import { Agent, request } from 'undici'
import webpush from 'web-push'
import type { VapidKeys } from './push-keys'
import type { PushUrgency } from '#server/game/push-kinds'

export interface PushDelivery {
  endpoint: string
  /** The payload sealed for the device (aes128gcm). */
  body: Uint8Array
  /** The payload's tag: a newer push with the same tag replaces one the service still holds. */
  tag: string
  ttlSeconds: number
  urgency: PushUrgency
}

export type PushAnswer =
  | { kind: 'sent'; status: number }
  /** 404/410: the subscription has expired or was withdrawn. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx, 408 or no answer: worth another try, not before `retryAfterMs` when given. */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; error: string }
  /** Anything else (400, 401, 403, 413): another try would be refused the same way. */
  | { kind: 'failed'; status: number; error: string }

export interface PushSender {
  send(delivery: PushDelivery): Promise<PushAnswer>
  close(): Promise<void>
}

// A VAPID JWT may live 24 h; we sign for 12 and sign again an hour before it runs out.
const JWT_LIFETIME_SECONDS = 12 * 60 * 60
const JWT_RENEW_BEFORE_SECONDS = 60 * 60

export function createPushSender({
  keys,
  timeoutMs = 10_000,
  connectionsPerOrigin = 64,
}: {
  keys: VapidKeys
  timeoutMs?: number
  connectionsPerOrigin?: number
}): PushSender {
  const agent = new Agent({
    connections: connectionsPerOrigin,
    keepAliveTimeout: 30_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: timeoutMs },
  })
  // Signing (ES256) costs more than sealing a payload: one JWT per push service origin, reused.
  const authorizations = new Map<string, { header: string; renewAt: number }>()
  const authorizationFor = (audience: string) => {
    const now = Math.floor(Date.now() / 1000)
    const cached = authorizations.get(audience)
    if (cached && cached.renewAt > now) return cached.header
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      now + JWT_LIFETIME_SECONDS,
    ) as { Authorization: string }
    authorizations.set(audience, {
      header: Authorization,
      renewAt: now + JWT_LIFETIME_SECONDS - JWT_RENEW_BEFORE_SECONDS,
    })
    return Authorization
  }

  return {
    async send(delivery) {
      const url = new URL(delivery.endpoint)
      try {
        const response = await request(url, {
          method: 'POST',
          dispatcher: agent,
          headers: {
            authorization: authorizationFor(url.origin),
            'content-encoding': 'aes128gcm',
            'content-type': 'application/octet-stream',
            ttl: String(Math.max(0, Math.floor(delivery.ttlSeconds))),
            urgency: delivery.urgency,
            topic: topicOf(delivery.tag),
          },
          body: delivery.body,
        })
        const retryAfter = response.headers['retry-after']
        await response.body.dump()
        return answerOf(response.statusCode, typeof retryAfter === 'string' ? retryAfter : null)
      } catch (error) {
        return {
          kind: 'retry',
          status: null,
          retryAfterMs: null,
          error: error instanceof Error ? error.message : String(error),
        }
      }
    },
    close: () => agent.close(),
  }
}

function answerOf(status: number, retryAfter: string | null): PushAnswer {
  if (status >= 200 && status < 300) return { kind: 'sent', status }
  if (status === 404 || status === 410) return { kind: 'gone', status }
  if (status === 429 || status === 408 || status >= 500) {
    return {
      kind: 'retry',
      status,
      retryAfterMs: parseRetryAfterMs(retryAfter),
      error: `push service answered ${status}`,
    }
  }
  return { kind: 'failed', status, error: `push service answered ${status}` }
}

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** RFC 8030 Topic: at most 32 base64url characters, the same for the same tag. */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32)
}
