import { hc } from 'hono/client'
import type { ClientResponse } from 'hono/client'
import type { AppType } from '../../server/app'
import { isErrorCode, type ApiErrorBody, type ErrorCode } from '../../shared/errors'

/** Typed client for our own API (same origin, session cookie sent automatically). */
export const api = hc<AppType>('/', { init: { credentials: 'same-origin' } })

/** Codes the web adds to the server's list for failures that never reached the API. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE'

/** An API failure: `code` maps to the translation key `errors.<code>`. */
export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode | ClientErrorCode

  constructor(status: number, code: ErrorCode | ClientErrorCode, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }
}

type SuccessBody<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends 200 | 201
      ? Body
      : never
    : never

function isErrorBody(value: unknown): value is ApiErrorBody {
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
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error')
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (response.ok && body !== undefined) return body as SuccessBody<R>
  if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message)
  throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', `Unexpected ${response.status} answer`)
}

/** The translation key for any thrown value: `errors.<CODE>`. */
export function errorKey(error: unknown): `errors.${ErrorCode | ClientErrorCode}` {
  return error instanceof ApiError ? `errors.${error.code}` : 'errors.UNEXPECTED_RESPONSE'
}
