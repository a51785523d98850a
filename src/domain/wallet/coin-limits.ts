// How many coins each money value may hold (docs/decisions/068). Every input is bounded so that
// no amount the database stores in a 32-bit integer — a ledger row, a bet, a prize pool, a
// settlement's total — can overflow, whatever the number of participants. Balances are 64-bit:
// they sum a wallet's whole history, which no input bound can limit.

/** The largest 32-bit integer: a ledger amount, a bet, a pool and a settlement total fit in it. */
export const MAX_INT32 = 2_147_483_647

/** An entry fee, in coins. */
export const MAX_ENTRY_FEE = 1_000_000

/** A tournament's base pool, in coins. */
export const MAX_BASE_POOL = 1_000_000_000

/** The pool multiplier (entry fees × multiplier go to the pool). */
export const MAX_MULTIPLIER = 100

/**
 * The prize pool never grows past this, however many fans join: a prize is at most the pool and
 * the settlement's total paid at most the pool, both 32-bit.
 */
export const MAX_PRIZE_POOL = 2_000_000_000

/** One credit made by hand or by the house: an admin deposit or withdrawal, a bonus, a top-up. */
export const MAX_CREDIT = 1_000_000_000

/** A balance JavaScript still counts exactly (2^53 − 1); the database refuses more. */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER
