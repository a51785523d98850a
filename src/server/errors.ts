import { ERROR_STATUS, type ErrorCode, type ErrorReason } from '#shared/errors'

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
  INVALID_UNSUBSCRIBE_LINK: 'This unsubscribe link is not valid: nothing was changed.',
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

// The English text of each reason, for API clients other than the web.
const REASON_MESSAGES: Record<ErrorReason, string> = {
  TOURNAMENT_SETTLED: 'The tournament is settled and can no longer change.',
  TOURNAMENT_CANCELLED: 'A cancelled tournament cannot be reopened.',
  ENTRY_FEE_LOCKED: 'The entry fee cannot change once bets are placed.',
  TOURNAMENT_HAS_MATCHES: 'The tournament already has matches.',
  BRACKET_NEEDS_16_PAIRS: 'A bracket needs exactly 16 pairs.',
  MVP_NEEDS_COMPLETED: 'Only a completed tournament can have its MVP set.',
  SETTLED_NOT_CANCELLABLE: 'A settled tournament cannot be cancelled.',
  NOT_SETTLEABLE: 'The tournament cannot be settled yet.',
  PAIR_IN_MATCHES: 'The pair plays in matches and cannot change tournament.',
  MATCH_NUMBER_TAKEN: 'This tournament already has a match with that round and number.',
  BRACKET_WOULD_BREAK: 'The change would break the bracket.',
  CLEAR_WINNER_FIRST: 'Clear the winner before moving the match.',
  NEXT_MATCH_HAS_WINNER: 'The next match already has a winner; clear it first.',
  IDEMPOTENCY_KEY_REUSED: 'This idempotency key was already used for another wallet.',
  BETTING_OPEN: 'Results can be entered only once betting has closed.',
  TOO_FEW_BRACKETS: 'Popular picks show once at least 50 brackets are in.',
  RESULTS_EXIST: 'The tournament has results: betting cannot open again. Clear the results first.',
  SETTLEMENT_RUNNING: 'The settlement is running; it can be cancelled only if it stops.',
  SETTLEMENT_CANCELLED: 'The tournament was cancelled; its settlement will not resume.',
  BRACKET_CHANGED: 'The bracket has changed. Reload and try again.',
  ENTRY_FEE_CHANGED: 'The entry fee has changed. Reload and try again.',
  SIGN_UP_RACED: 'Another sign-up took this username a moment ago. Try again.',
  MAIL_NOT_FAILED: 'Only a failed mail can be retried; this one is still pending or already sent.',
  TOO_MANY_LIVE_STREAMS: 'Too many live pages are open. Close one and try again.',
  LEAGUE_OWNED_LIMIT: 'You already own 10 leagues, the most a fan can own.',
  LEAGUE_JOINED_LIMIT: 'You are already in 50 leagues, the most a fan can join.',
  LEAGUE_FULL: 'This league is full: it has 10,000 members.',
  LEAGUE_JOINING_CLOSED: 'The owner has closed joining for this league.',
  LEAGUE_OWNER_MUST_TRANSFER:
    'You own this league: hand it to another member before you leave, or delete it.',
  LEAGUE_NEW_OWNER_NOT_MEMBER: 'The new owner must be a member of the league.',
  LEAGUE_OWNER_NOT_REMOVABLE: 'The owner cannot be removed from the league.',
  LEAGUE_NAME_TAKEN: 'This name is taken: another public league or Golden Point itself has it.',
  LEAGUE_MEMBER_REMOVED:
    'The owner removed you from this league: you can join again only once they let you back.',
  NUDGE_TOURNAMENT_NOT_OPEN:
    'Reminders can be sent only while the tournament is open for predictions.',
  NO_BET_TO_CHANGE: 'You have no bracket on this tournament to change. Place a bet first.',
  BRACKETS_NOT_CHANGEABLE: 'Brackets on this tournament cannot be changed once submitted.',
  ROUND_OF_16_INCOMPLETE: 'A second chance opens only once every round-of-16 match has a winner.',
  SECOND_CHANCE_EXISTS: 'This tournament already has a second chance.',
  QUARTERFINAL_PLAYED: 'A quarterfinal already has a result: the second chance can no longer open.',
  PUSH_DEVICE_LIMIT: 'Notifications are on for the most devices an account may have.',
  SEASON_NAME_TAKEN: 'Another season already has this name.',
  SEASON_TOURNAMENT_SETTLED: "This tournament's settlement has started: it stays in its season.",
  SEASON_HAS_COUNTED_TOURNAMENTS:
    'This season has counted tournaments: it can no longer be deleted.',
  POT_HAS_ENTRIES: 'A member has already joined the pot: the stake can no longer change.',
  POT_NOT_OPEN: 'This pot is closed.',
  POT_ALREADY_JOINED: 'You are already in this pot.',
  POT_NEEDS_BRACKET: 'Make your bracket for this tournament first, then join the pot.',
  PLAYER_ALREADY_PAIRED: 'This player is already in another pair of this tournament.',
  LEAGUE_HAS_OPEN_POT:
    'A pot of this league holds stakes: it can be deleted once the pot is paid or returned.',
  DRAW_FILE_MISSING: 'Send the draw as a CSV or JSON file in the multipart field "file".',
  DRAW_FILE_EMPTY: 'The draw file is empty.',
  DRAW_FILE_NOT_TEXT: 'The draw file is not a text file (CSV or JSON).',
  DRAW_FILE_UTF16: 'The draw file is in UTF-16: save it as UTF-8 (or Latin-1) and try again.',
  DRAW_FILE_INVALID_JSON: 'The draw file is not valid JSON.',
  DRAW_FILE_NOT_ROWS: 'A JSON draw is an array of objects, one per pair.',
  DRAW_FILE_TOO_DEEP: 'A JSON draw is an array of flat objects: this one nests deeper.',
  DRAW_FILE_TOO_MANY_ROWS: 'The draw file has far more rows than a draw: 64 at most.',
  DRAW_FILE_INVALID_CSV: 'The draw file is not valid CSV (a quote is not closed).',
  DRAW_FILE_COLUMNS: 'The draw file does not have the draw columns (see details).',
  DRAW_HAS_PROBLEMS: 'The draw has problems (see details): nothing was imported.',
  DRAW_HAS_BETS:
    'Brackets were already submitted on this tournament: its draw can no longer be imported.',
}

/** The one error type services throw; the app's onError turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: (typeof ERROR_STATUS)[ErrorCode]
  readonly details: unknown
  /** Sent beside the code so the web can say why in the reader's language. */
  reason?: ErrorReason
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

/** An error whose message the web translates from `reason` (errors.reasons.<REASON>). */
export function appErrorBecause(code: ErrorCode, reason: ErrorReason, details?: unknown): AppError {
  const error = new AppError(code, REASON_MESSAGES[reason], details)
  error.reason = reason
  return error
}

/** 429 RATE_LIMITED with Retry-After and `details.retryAfterSeconds` for the web's countdown. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  const error = new AppError('RATE_LIMITED', undefined, { retryAfterSeconds: seconds })
  error.retryAfterSeconds = seconds
  return error
}
