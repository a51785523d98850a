// Tournament status rules (docs/product.md "Statuses, deadlines and the wizard", docs/product.md "Money", docs/product.md "Where we differ from the seed on purpose", docs/decisions/068). The server enforces
// them and the admin screens ask the same functions which actions to offer.

export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'completed', 'cancelled'] as const
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number]

export function isTournamentStatus(value: unknown): value is TournamentStatus {
  return typeof value === 'string' && (TOURNAMENT_STATUSES as readonly string[]).includes(value)
}

/**
 * Where a tournament's settlement stands. 'stopped' is a settlement that started, failed on an
 * error and has not finished since (docs/decisions/068); 'cancelled' is one an admin gave up by
 * cancelling the tournament.
 */
export const SETTLEMENT_STAGES = [
  'not_started',
  'in_progress',
  'stopped',
  'completed',
  'cancelled',
] as const
export type SettlementStage = (typeof SETTLEMENT_STAGES)[number]

/**
 * What a settlement row stores as its state; a stage is read from it (a running row with a stop
 * recorded is 'stopped', no row is 'not_started').
 */
export const SETTLEMENT_STATES = ['in_progress', 'completed', 'cancelled'] as const
export type SettlementState = (typeof SETTLEMENT_STATES)[number]

/**
 * Betting is open only while the status is 'upcoming' and `now` is strictly before the
 * deadline. An invalid date counts as closed.
 */
export function isBettingOpen(
  status: TournamentStatus,
  deadline: Date | number,
  now: Date | number,
): boolean {
  return status === 'upcoming' && toMillis(now) < toMillis(deadline)
}

/** Only a completed tournament whose settlement has not started can have its MVP set. */
export function canSetMvp(status: TournamentStatus, settlement: SettlementStage): boolean {
  return status === 'completed' && settlement === 'not_started'
}

export type CancelProblem = 'already_cancelled' | 'settled' | 'settlement_running'

/**
 * Why a cancel (every active bet refunded) may not run, null when it may. Any tournament whose
 * settlement has not started may be cancelled, a completed one included (its results may never
 * be settleable); so may one whose settlement stopped on an error, which then refunds the bets it
 * had not paid. A settlement that runs or finished is never undone.
 */
export function cancelProblem(
  status: TournamentStatus,
  settlement: SettlementStage,
): CancelProblem | null {
  if (status === 'cancelled') return 'already_cancelled'
  if (settlement === 'in_progress') return 'settlement_running'
  if (settlement !== 'not_started' && settlement !== 'stopped') return 'settled'
  return null
}

export function canCancel(status: TournamentStatus, settlement: SettlementStage): boolean {
  return cancelProblem(status, settlement) === null
}

/**
 * A match result is public the moment it is saved, so it may be entered only once betting has
 * closed: fans must never bet knowing a winner.
 */
export function canEnterResults(
  status: TournamentStatus,
  deadline: Date | number,
  now: Date | number,
): boolean {
  return !isBettingOpen(status, deadline, now)
}

/**
 * Whether a tournament's page can change while a fan looks at it: results come in while it is
 * active, and the MVP once it is completed. Only then does a page show that it updates by itself;
 * an upcoming tournament's picks stay hidden and a settled one is final.
 */
export function canChangeLive(status: TournamentStatus, mvpPlayerId: string | null): boolean {
  return status === 'active' || (status === 'completed' && mvpPlayerId === null)
}

function toMillis(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime()
}
