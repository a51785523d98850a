import { ERROR_STATUS, type ErrorCode } from '../shared/errors'

// A plain-English default per code; the web shows its own translation of the code instead.
const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  INVALID_JSON: 'The request body is not valid JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNAUTHENTICATED: 'You need to sign in.',
  INVALID_CREDENTIALS: 'The e-mail or password is not correct.',
  EMAIL_NOT_VERIFIED: 'Confirm your e-mail address before signing in.',
  ACCOUNT_LOCKED: 'This account is blocked. Contact support.',
  INVALID_TOKEN: 'The link is invalid or has expired.',
  USERNAME_TAKEN: 'This username is already taken.',
  FORBIDDEN: 'You are not allowed to do this.',
  CROSS_ORIGIN_REJECTED: 'Cross-origin requests are not allowed.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests. Try again later.',
  INSUFFICIENT_FUNDS: 'Your balance is too low.',
  ALREADY_BET: 'You already placed a bet on this tournament.',
  BETTING_CLOSED: 'Betting is closed for this tournament.',
  INVALID_BRACKET: 'The bracket is not valid.',
  CONFLICT: 'The request conflicts with the current state.',
  SETTLEMENT_STOPPED: 'The settlement stopped on an error and has not finished.',
  TOP_UP_UNAVAILABLE: 'No daily top-up is available now.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable.',
  INTERNAL: 'Something went wrong on our side.',
}

/** The one error type services throw; the app's onError turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: (typeof ERROR_STATUS)[ErrorCode]
  readonly details: unknown
  /** Sent as the Retry-After header (seconds), e.g. with RATE_LIMITED. */
  retryAfterSeconds?: number

  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? DEFAULT_MESSAGES[code])
    this.name = 'AppError'
    this.code = code
    this.status = ERROR_STATUS[code]
    this.details = details
  }
}

/** 429 RATE_LIMITED with Retry-After and `details.retryAfterSeconds` for the web's countdown. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  const error = new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: seconds })
  error.retryAfterSeconds = seconds
  return error
}
