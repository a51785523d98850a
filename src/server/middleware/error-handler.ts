import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody } from '#shared/errors'
import type { AppEnv } from '#server/app-env'
import { isDatabaseUnavailableError } from '#server/db/client'
import { getPgError } from '#server/db/pg-errors'
import { AppError } from '#server/errors'
import type { Logger } from '#server/logger'

const RETRY_AFTER_SECONDS = '5'

/** The one place errors become HTTP: `{ error: { code, message } }` with the code's status. */
export function handleErrors(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const appError = toAppError(error)
    if (appError.code === 'INTERNAL') {
      logger.error({ err: error, requestId: c.get('requestId') }, 'unhandled error')
    } else if (appError.code === 'SERVICE_UNAVAILABLE' && !(error instanceof AppError)) {
      logger.warn({ err: error, requestId: c.get('requestId') }, 'database unavailable')
    }
    return sendError(c, appError)
  }
}

export const sendNotFound: NotFoundHandler<AppEnv> = (c) =>
  sendError(c, new AppError('NOT_FOUND', `No route for ${c.req.method} ${c.req.path}.`))

export function sendError(c: Context<AppEnv>, error: AppError): Response {
  const body: ApiErrorBody = { error: { code: error.code, message: error.message } }
  if (error.reason !== undefined) body.error.reason = error.reason
  if (error.details !== undefined) body.error.details = error.details
  if (error.retryAfterSeconds !== undefined)
    c.header('Retry-After', String(error.retryAfterSeconds))
  else if (error.code === 'SERVICE_UNAVAILABLE') c.header('Retry-After', RETRY_AFTER_SECONDS)
  return c.json(body, error.status as ContentfulStatusCode)
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof HTTPException) return fromHttpException(error)
  // The database restarting or unreachable is a moment to wait out (503 + Retry-After), no bug.
  // node-postgres raises the same error when every pooled connection stayed busy for
  // CONNECT_TIMEOUT_MS (load shedding), hence "busy or".
  if (isDatabaseUnavailableError(error) || isSessionStoreFailure(error)) {
    return new AppError('SERVICE_UNAVAILABLE', 'The database is busy or not reachable. Try again.')
  }
  if (isRejectedInputValue(error)) return new AppError('VALIDATION_FAILED')
  return new AppError('INTERNAL')
}

// PostgreSQL's data exceptions for a value the request carried that the schemas let through: a
// NUL character, a number past the column's range (int4), a date past the year 294276 or one
// whose sign PostgreSQL reads as a time zone, a malformed uuid.
// The client sent it, so it is the client's 400, not our 500 (reliability/fuzz.test.ts).
const INPUT_VALUE_ERRORS = new Set([
  '22001',
  '22003',
  '22007',
  '22008',
  '22009',
  '22021',
  '22P02',
  '22P05',
])

function isRejectedInputValue(error: unknown): boolean {
  const code = getPgError(error)?.code
  return code !== undefined && INPUT_VALUE_ERRORS.has(code)
}

// better-auth answers any failure of its session lookup, the database's included, with this
// APIError and keeps the cause to its log: the session store (our database) could not be read.
function isSessionStoreFailure(error: unknown): boolean {
  const { name, statusCode, body } = error as {
    name?: unknown
    statusCode?: unknown
    body?: { code?: unknown }
  }
  return name === 'APIError' && statusCode === 500 && body?.code === 'FAILED_TO_GET_SESSION'
}

// Hono's own middleware (validator, timeout, body limit defaults) throws HTTPException.
function fromHttpException(error: HTTPException): AppError {
  switch (error.status) {
    case 400:
      return /json/i.test(error.message)
        ? new AppError('INVALID_JSON')
        : new AppError('VALIDATION_FAILED')
    case 401:
      return new AppError('UNAUTHENTICATED')
    case 403:
      return new AppError('FORBIDDEN')
    case 404:
      return new AppError('NOT_FOUND')
    case 413:
      return new AppError('PAYLOAD_TOO_LARGE')
    case 415:
      return new AppError('UNSUPPORTED_MEDIA_TYPE')
    case 429:
      return new AppError('RATE_LIMITED')
    case 503:
    case 504:
      return new AppError('SERVICE_UNAVAILABLE', 'The request took too long. Try again.')
    default:
      return new AppError('INTERNAL')
  }
}
