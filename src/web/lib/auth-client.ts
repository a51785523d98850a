import { isErrorReason, type ErrorCode } from '#shared/errors'
import { ApiError, isErrorBody, parseRetryAfter, type ClientErrorCode } from './api-client'
import { currentLanguage } from './i18n'
import { deviceTimeZone } from './format'

// The browser's side of better-auth (mounted at /api/auth). A few plain fetch calls rather than
// better-auth's own client: the app already keeps the session in React Query (GET /api/session), our
// server answers auth errors in our own `{ error: { code, message } }` shape, and this way every
// failure becomes the same ApiError the rest of the app shows, with its Retry-After.

const AUTH_BASE_PATH = '/api/auth'

/**
 * better-auth's own error codes as codes the web can translate. Our server wraps them in our shape
 * and passes the original as `details.reason` on VALIDATION_FAILED and INVALID_TOKEN; a bare
 * better-auth body (`{ code, message }`) is read too, so nothing depends on that wrapping.
 */
const BETTER_AUTH_CODES: Readonly<Record<string, ErrorCode | ClientErrorCode>> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_USERNAME_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  BANNED_USER: 'ACCOUNT_LOCKED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  USERNAME_IS_ALREADY_TAKEN: 'USERNAME_TAKEN',
  USERNAME_TOO_SHORT: 'INVALID_USERNAME',
  USERNAME_TOO_LONG: 'INVALID_USERNAME',
  INVALID_USERNAME: 'INVALID_USERNAME',
  INVALID_DISPLAY_USERNAME: 'INVALID_USERNAME',
  INVALID_EMAIL: 'INVALID_EMAIL',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  // Our own account rules (server/auth/account-input-rules.ts).
  PASSWORD_TOO_WEAK: 'PASSWORD_TOO_WEAK',
  USERNAME_REQUIRED: 'INVALID_USERNAME',
  USER_ALREADY_EXISTS: 'CONFLICT',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'CONFLICT',
  VALIDATION_ERROR: 'VALIDATION_FAILED',
  MISSING_FIELD: 'VALIDATION_FAILED',
  BODY_MUST_BE_AN_OBJECT: 'VALIDATION_FAILED',
  INVALID_ORIGIN: 'CROSS_ORIGIN_REJECTED',
  MISSING_OR_NULL_ORIGIN: 'CROSS_ORIGIN_REJECTED',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'CROSS_ORIGIN_REJECTED',
}

function hasStringCode(value: unknown): value is { code: string; message?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof (value as { code: unknown }).code === 'string'
  )
}

function reasonOf(details: unknown): string | undefined {
  if (typeof details !== 'object' || details === null || !('reason' in details)) return undefined
  const { reason } = details as { reason: unknown }
  return typeof reason === 'string' ? reason : undefined
}

/** Turns a failed auth answer into an ApiError with a code the web can translate. */
export function toAuthError(status: number, body: unknown, headers: Headers): ApiError {
  const retryAfter = parseRetryAfter(headers)
  if (isErrorBody(body)) {
    // "Password too short" says more than "some of the data is not valid".
    const reason = reasonOf(body.error.details)
    const precise =
      body.error.code === 'VALIDATION_FAILED' && reason ? BETTER_AUTH_CODES[reason] : undefined
    const error = new ApiError(status, precise ?? body.error.code, body.error.message, retryAfter)
    // A CONFLICT names why (decision 087), e.g. SIGN_UP_RACED.
    error.reason = isErrorReason(body.error.reason) ? body.error.reason : undefined
    return error
  }
  const message =
    hasStringCode(body) && typeof body.message === 'string' ? body.message : `HTTP ${status}`
  if (status === 429) return new ApiError(status, 'RATE_LIMITED', message, retryAfter)
  const mapped = hasStringCode(body) ? BETTER_AUTH_CODES[body.code] : undefined
  if (mapped) return new ApiError(status, mapped, message, retryAfter)
  // A proxy's error page, an unknown code: the form shows its own fallback ("Login failed").
  return new ApiError(status, 'UNEXPECTED_RESPONSE', message, retryAfter)
}

async function callAuth<T>(
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${AUTH_BASE_PATH}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'accept-language': currentLanguage(),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? JSON.stringify(payload) : undefined,
    })
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error')
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) throw toAuthError(response.status, body, response.headers)
  return body as T
}

export interface SignUpInput {
  username: string
  email: string
  password: string
}

// The requests that send an e-mail carry `lang`: the server writes it in the interface's
// language (it falls back to Accept-Language, then Spanish).

/** Creates the account; the server sends the confirmation e-mail and leaves the user signed out. */
export function signUp({ username, email, password }: SignUpInput): Promise<unknown> {
  return callAuth('POST', '/sign-up/email', {
    username,
    // better-auth requires a display name; the username is the only name we ask for.
    name: username,
    email,
    password,
    lang: currentLanguage(),
    // The zone the fan's mails will give their times in (changeable in the profile).
    timeZone: deviceTimeZone(),
  })
}

export function signIn({ email, password }: { email: string; password: string }): Promise<unknown> {
  return callAuth('POST', '/sign-in/email', { email, password })
}

/** Confirms an e-mail address with the token from the confirmation link (and signs the user in). */
export function verifyEmail(token: string): Promise<unknown> {
  return callAuth('GET', `/verify-email?${new URLSearchParams({ token }).toString()}`)
}

export function resendVerificationEmail(email: string): Promise<unknown> {
  return callAuth('POST', '/send-verification-email', { email, lang: currentLanguage() })
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return callAuth('POST', '/request-password-reset', {
    email,
    redirectTo: '/reset-password',
    lang: currentLanguage(),
  })
}

export function resetPassword({
  token,
  newPassword,
}: {
  token: string
  newPassword: string
}): Promise<unknown> {
  return callAuth('POST', '/reset-password', { token, newPassword })
}

export type ResetLinkStatus = 'valid' | 'invalid' | 'failed' | 'unknown'

/**
 * Checks a reset link before showing the form, without spending it: better-auth's
 * GET /reset-password/:token redirects to our page with `?token=` when the token is live and with
 * `?error=INVALID_TOKEN` when it is unknown, used or expired. 'failed' when the server asks us
 * to wait (429). Anything else is 'unknown': the check is only an early warning (no such route,
 * a server error, a cross-origin redirect in development), and the form finds out on submit.
 */
export async function checkResetLink(token: string): Promise<ResetLinkStatus> {
  const query = new URLSearchParams({ callbackURL: '/reset-password' }).toString()
  try {
    const response = await fetch(
      `${AUTH_BASE_PATH}/reset-password/${encodeURIComponent(token)}?${query}`,
      { credentials: 'same-origin', headers: { accept: 'application/json' } },
    )
    if (response.redirected) {
      const landed = new URL(response.url)
      if (landed.searchParams.get('error')) return 'invalid'
      return landed.searchParams.get('token') === token ? 'valid' : 'unknown'
    }
    return response.status === 429 ? 'failed' : 'unknown'
  } catch {
    return 'unknown'
  }
}

/**
 * A new password for the signed-in account. The other devices are signed out unless
 * `signOutOtherDevices` is false; this browser stays signed in (with a new session).
 */
export function changePassword({
  currentPassword,
  newPassword,
  signOutOtherDevices,
}: {
  currentPassword: string
  newPassword: string
  signOutOtherDevices: boolean
}): Promise<unknown> {
  return callAuth('POST', '/change-password', {
    currentPassword,
    newPassword,
    revokeOtherSessions: signOutOtherDevices,
  })
}

/** Ends every session of the account but this browser's. */
export function signOutOtherDevices(): Promise<unknown> {
  return callAuth('POST', '/revoke-other-sessions', {})
}
