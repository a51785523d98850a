import { hc } from 'hono/client'
import type { ClientResponse } from 'hono/client'
import type { AppType } from '#server/app'
import { isOffline, noteApiResponse } from './offline'
import {
  isErrorCode,
  isErrorReason,
  type ApiErrorBody,
  type ErrorCode,
  type ErrorReason,
} from '#shared/errors'

/**
 * Typed client for our own API (same origin, session cookie sent automatically). Every answer is
 * noted: one the service worker gave from its cache puts the app in "offline, data from HH:MM".
 */
export const api = hc<AppType>('/', {
  init: { credentials: 'same-origin' },
  fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init)
    noteApiResponse(response)
    return response
  },
})

/**
 * Codes the web adds to the server's list: failures that never reached the API, and the few
 * better-auth answers that have no code of our own (lib/auth-client.ts maps them).
 */
export const CLIENT_ERROR_CODES = [
  'NETWORK_ERROR',
  // No connection: nothing was sent, and nothing is queued to be sent later.
  'OFFLINE',
  'UNEXPECTED_RESPONSE',
  'INVALID_EMAIL',
  'INVALID_USERNAME',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_WEAK',
] as const
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number]

/** An API failure: `code` maps to the translation key `errors.<code>`. */
export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode | ClientErrorCode
  /** From Retry-After (or better-auth's X-Retry-After) on 429/503 answers, in seconds. */
  readonly retryAfterSeconds: number | undefined
  /** Why the server refused (CONFLICT), translated as errors.reasons.<REASON>; its details fill it in. */
  reason: ErrorReason | undefined
  details: unknown

  constructor(
    status: number,
    code: ErrorCode | ClientErrorCode,
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); undefined when absent. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after') ?? headers.get('x-retry-after')
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000))
}

type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends 200 | 201
      ? Body
      : never
    : never

export function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false
  const { error } = value
  return typeof error === 'object' && error !== null && 'code' in error && isErrorCode(error.code)
}

/**
 * Awaits a client call and returns its success body, or throws an ApiError: with the server's
 * code for `{ error: { code, message } }` answers, NETWORK_ERROR when the request never got an
 * answer, UNEXPECTED_RESPONSE for anything else (a proxy's HTML error page, say).
 */
export async function unwrap<R extends ClientResponse<unknown, number, 'json'>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  let response: R
  try {
    response = await call
  } catch (cause) {
    if (isOffline()) throw new ApiError(0, 'OFFLINE', 'Offline')
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error')
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok && body !== undefined) return body as SuccessBody<R>
  const retryAfter = parseRetryAfter(response.headers)
  if (isErrorBody(body)) {
    const error = new ApiError(response.status, body.error.code, body.error.message, retryAfter)
    error.reason = isErrorReason(body.error.reason) ? body.error.reason : undefined
    error.details = body.error.details
    throw error
  }
  throw new ApiError(
    response.status,
    'UNEXPECTED_RESPONSE',
    `Unexpected ${response.status} answer`,
    retryAfter,
  )
}

/**
 * For whatever moves coins (a bracket, a top-up, a second-chance entry): refused at once while
 * offline, with its own message, and never sent or queued for later (docs/product.md "The app on a phone: push notifications, installing, offline").
 */
export function whenOnline<T>(send: () => Promise<T>): Promise<T> {
  if (isOffline()) return Promise.reject(new ApiError(0, 'OFFLINE', 'Offline'))
  return send()
}

/**
 * The translation key for any thrown value: the reason the server gave (`errors.reasons.<REASON>`,
 * e.g. a fan's bet refused because the draw changed), else `errors.<CODE>`.
 */
export function errorKey(
  error: unknown,
): `errors.${ErrorCode | ClientErrorCode}` | `errors.reasons.${ErrorReason}` {
  if (!(error instanceof ApiError)) return 'errors.UNEXPECTED_RESPONSE'
  return error.reason ? `errors.reasons.${error.reason}` : `errors.${error.code}`
}
