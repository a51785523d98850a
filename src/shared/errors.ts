// The one list of error codes the API returns as { error: { code, message } }.
// The web maps each code to the translation key `errors.<CODE>`; the server maps it to a status.

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_LOCKED: 403,
  INVALID_TOKEN: 400,
  INVALID_UNSUBSCRIBE_LINK: 400,
  USERNAME_TAKEN: 409,
  FORBIDDEN: 403,
  CROSS_ORIGIN_REJECTED: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INSUFFICIENT_FUNDS: 402,
  ALREADY_BET: 409,
  BETTING_CLOSED: 409,
  INVALID_BRACKET: 400,
  CONFLICT: 409,
  SETTLEMENT_STOPPED: 409,
  TOP_UP_UNAVAILABLE: 409,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[]

/**
 * Why a request conflicted, when the code alone would not tell the reader what to do: sent as
 * `reason` beside the code, and translated by the web as `errors.reasons.<REASON>`. Every
 * CONFLICT carries one, an admin's or a fan's (docs/decisions/087).
 */
export const ERROR_REASONS = [
  'TOURNAMENT_SETTLED',
  'TOURNAMENT_CANCELLED',
  'ENTRY_FEE_LOCKED',
  'TOURNAMENT_HAS_MATCHES',
  'BRACKET_NEEDS_16_PAIRS',
  'MVP_NEEDS_COMPLETED',
  'SETTLED_NOT_CANCELLABLE',
  'NOT_SETTLEABLE',
  'PAIR_IN_MATCHES',
  'MATCH_NUMBER_TAKEN',
  'BRACKET_WOULD_BREAK',
  'CLEAR_WINNER_FIRST',
  'NEXT_MATCH_HAS_WINNER',
  'IDEMPOTENCY_KEY_REUSED',
  'BETTING_OPEN',
  // Popular picks before enough brackets exist to hide any one fan's (404, decision 163).
  'TOO_FEW_BRACKETS',
  'RESULTS_EXIST',
  'SETTLEMENT_RUNNING',
  'SETTLEMENT_CANCELLED',
  'BRACKET_CHANGED',
  'ENTRY_FEE_CHANGED',
  'SIGN_UP_RACED',
  'MAIL_NOT_FAILED',
  'TOO_MANY_LIVE_STREAMS',
  'LEAGUE_OWNED_LIMIT',
  'LEAGUE_JOINED_LIMIT',
  'LEAGUE_FULL',
  'LEAGUE_JOINING_CLOSED',
  'LEAGUE_OWNER_MUST_TRANSFER',
  'LEAGUE_NEW_OWNER_NOT_MEMBER',
  'LEAGUE_OWNER_NOT_REMOVABLE',
  'LEAGUE_MEMBER_REMOVED',
  'LEAGUE_NAME_TAKEN',
  'NUDGE_TOURNAMENT_NOT_OPEN',
  'NO_BET_TO_CHANGE',
  'BRACKETS_NOT_CHANGEABLE',
  'ROUND_OF_16_INCOMPLETE',
  'SECOND_CHANCE_EXISTS',
  'QUARTERFINAL_PLAYED',
  'PUSH_DEVICE_LIMIT',
  'SEASON_NAME_TAKEN',
  'SEASON_TOURNAMENT_SETTLED',
  'SEASON_HAS_COUNTED_TOURNAMENTS',
  'POT_HAS_ENTRIES',
  'POT_NOT_OPEN',
  'POT_ALREADY_JOINED',
  'POT_NEEDS_BRACKET',
  'LEAGUE_HAS_OPEN_POT',
  // A pair's player who already plays in another pair of the tournament (400, at the field).
  'PLAYER_ALREADY_PAIRED',
  // A draw file refused as a whole (400), or its import refused (docs/decisions/140).
  'DRAW_FILE_MISSING',
  'DRAW_FILE_EMPTY',
  'DRAW_FILE_NOT_TEXT',
  'DRAW_FILE_UTF16',
  'DRAW_FILE_INVALID_JSON',
  'DRAW_FILE_NOT_ROWS',
  'DRAW_FILE_TOO_DEEP',
  'DRAW_FILE_TOO_MANY_ROWS',
  'DRAW_FILE_INVALID_CSV',
  'DRAW_FILE_COLUMNS',
  'DRAW_HAS_PROBLEMS',
  'DRAW_HAS_BETS',
] as const
export type ErrorReason = (typeof ERROR_REASONS)[number]

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value)
}

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; reason?: ErrorReason; details?: unknown }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERROR_STATUS
}
