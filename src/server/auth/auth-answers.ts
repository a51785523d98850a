// better-auth's answers in the API's shape (docs/decisions/030, 033): our error body and codes,
// every Set-Cookie kept, and no session token in any JSON body (it lives in the httpOnly cookie).
import type { Context } from 'hono'
import type { ErrorCode } from '#shared/errors'
import type { AppEnv } from '#server/app-env'
import { AppError, appErrorBecause, rateLimited } from '#server/errors'
import type { Logger } from '#server/logger'
import { sendError } from '#server/middleware/error-handler'
import { AUTH_BASE_PATH } from './auth'

type JsonObject = Record<string, unknown>

// better-auth's error codes that mean something to the web; the rest map by status.
const AUTH_CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  BANNED_USER: 'ACCOUNT_LOCKED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  USERNAME_IS_ALREADY_TAKEN: 'USERNAME_TAKEN',
  INVALID_ORIGIN: 'CROSS_ORIGIN_REJECTED',
  MISSING_OR_NULL_ORIGIN: 'CROSS_ORIGIN_REJECTED',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'CROSS_ORIGIN_REJECTED',
}

// Links from e-mails: any refusal there means the link is not (or no longer) good.
const TOKEN_PATHS = new Set(['/verify-email', '/reset-password'])

function toErrorCode(status: number, authCode: string | undefined, path: string): ErrorCode {
  const known = authCode ? AUTH_CODES[authCode] : undefined
  if (known) return known
  if (TOKEN_PATHS.has(path) && (status === 400 || status === 401)) {
    return authCode?.startsWith('PASSWORD_') ? 'VALIDATION_FAILED' : 'INVALID_TOKEN'
  }
  if (status === 400 || status === 422) return 'VALIDATION_FAILED'
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404 || status === 405) return 'NOT_FOUND'
  if (status === 413) return 'PAYLOAD_TOO_LARGE'
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE'
  return 'INTERNAL'
}

/** better-auth's answer in our shape; the status and every Set-Cookie header are kept. */
export async function toApiResponse(
  c: Context<AppEnv>,
  answer: Response,
  logger: Logger,
): Promise<{ response: Response; authCode?: string }> {
  const isJson = answer.headers.get('Content-Type')?.includes('application/json') ?? false
  const path = c.req.path.slice(AUTH_BASE_PATH.length)
  if (answer.status < 400) {
    // Redirects (e.g. a reset link's check) carry no body, whatever their Content-Type says.
    if (!isJson || answer.status >= 300) return { response: answer }
    const body: unknown = await answer.json()
    const headers = new Headers(answer.headers)
    headers.delete('content-length')
    // A sign-up answers the same whether the address was new or taken (no enumeration): better-
    // auth's stand-in user for a taken address lacks the plugins' fields, so send no user at all.
    const shown = path === '/sign-up/email' ? { status: true } : withoutSessionTokens(body)
    const response = new Response(JSON.stringify(shown), {
      status: answer.status,
      headers,
    })
    return { response }
  }

  const text = await answer.text()
  const authError = isJson ? parseAuthError(text) : {}

  let error: AppError
  if (answer.status === 429) {
    error = rateLimited(Number(answer.headers.get('X-Retry-After')) || 60)
  } else if (authError.code === 'FAILED_TO_CREATE_USER') {
    // A unique value taken by a concurrent request (two new accounts with one new username; a
    // race for one address answers as a sign-up, isRaceForTakenEmail).
    error = appErrorBecause('CONFLICT', 'SIGN_UP_RACED')
  } else {
    const code = toErrorCode(answer.status, authError.code, path)
    if (code === 'INTERNAL') {
      logger.error(
        { status: answer.status, authError, path, requestId: c.get('requestId') },
        'auth failed',
      )
    }
    const showsReason = code === 'VALIDATION_FAILED' || code === 'INVALID_TOKEN'
    error = new AppError(
      code,
      undefined,
      showsReason && authError.code ? { reason: authError.code } : undefined,
    )
  }
  const response = sendError(c, error)
  for (const cookie of answer.headers.getSetCookie()) response.headers.append('Set-Cookie', cookie)
  return { response, authCode: authError.code }
}

export function parseAuthError(text: string): { code?: string; message?: string } {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return {}
    const { code, message } = value as { code?: unknown; message?: unknown }
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
    }
  } catch {
    return {}
  }
}

/** Drops `token` (the session token) from sign-in/up answers and from get-session's session. */
function withoutSessionTokens(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const { token: _token, ...rest } = body as JsonObject
  const session = rest.session
  if (typeof session === 'object' && session !== null && 'token' in session) {
    const { token: _sessionToken, ...safeSession } = session as JsonObject
    rest.session = safeSession
  }
  return rest
}
