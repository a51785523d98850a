// Ledger transaction types and their signs (docs/product.md "Money", docs/product.md "Statuses, deadlines and the wizard"). Which
// movement writes each type is listed in src/server/ledger/ledger.ts (docs/decisions/077);
// bet_lost is written no more (docs/decisions/078), its old rows stay. The league_* types move a
// league pot's stakes (docs/decisions/137).

export const TRANSACTION_TYPES = [
  'deposit',
  'welcome_bonus',
  'bet_placed',
  'bet_won',
  'bet_lost',
  'bet_refund',
  'withdrawal',
  'league_stake',
  'league_pot_win',
  'league_stake_refund',
] as const
export type TransactionType = (typeof TRANSACTION_TYPES)[number]

/** How a transaction is styled: refunds have their own look, bet_lost is neutral. */
export type TransactionCategory = 'credit' | 'debit' | 'refund' | 'neutral'

export type TransactionSign = 1 | -1 | 0

const SIGNS: Readonly<Record<TransactionType, TransactionSign>> = {
  deposit: 1,
  welcome_bonus: 1,
  bet_won: 1,
  bet_refund: 1,
  bet_placed: -1,
  withdrawal: -1,
  bet_lost: 0,
  league_stake: -1,
  league_pot_win: 1,
  league_stake_refund: 1,
}

const CATEGORIES: Readonly<Record<TransactionType, TransactionCategory>> = {
  deposit: 'credit',
  welcome_bonus: 'credit',
  bet_won: 'credit',
  bet_refund: 'refund',
  bet_placed: 'debit',
  withdrawal: 'debit',
  bet_lost: 'neutral',
  league_stake: 'debit',
  league_pot_win: 'credit',
  league_stake_refund: 'refund',
}

export function isTransactionType(value: unknown): value is TransactionType {
  return typeof value === 'string' && (TRANSACTION_TYPES as readonly string[]).includes(value)
}

/** +1 for credits (bet_refund included), −1 for debits, 0 for bet_lost (it records the outcome). */
export function signForType(type: TransactionType): TransactionSign {
  return SIGNS[type]
}

export function isCredit(type: TransactionType): boolean {
  return SIGNS[type] === 1
}

export function isDebit(type: TransactionType): boolean {
  return SIGNS[type] === -1
}

export function transactionCategory(type: TransactionType): TransactionCategory {
  return CATEGORIES[type]
}

/** The ledger amount for a magnitude: signedAmount('bet_placed', 50) → −50; bet_lost → 0. */
export function signedAmount(type: TransactionType, magnitude: number): number {
  assertCoins(magnitude)
  const amount = SIGNS[type] * magnitude
  return amount === 0 ? 0 : amount
}

/**
 * Whether a ledger row's amount fits its type: integer; credits > 0, debits < 0, bet_lost 0.
 * bet_won may also be 0: a tier winner's prize can floor to 0 after scaling, and the row still
 * records the win.
 */
export function isAmountValidForType(type: TransactionType, amount: number): boolean {
  if (!Number.isSafeInteger(amount)) return false
  if (type === 'bet_won' && amount === 0) return true
  return Math.sign(amount) === SIGNS[type]
}

/** The balance after applying a signed amount, or null when it would go below 0. */
export function balanceAfter(balance: number, amount: number): number | null {
  if (!Number.isSafeInteger(balance) || balance < 0) {
    throw new RangeError('balance must be a non-negative integer')
  }
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be an integer')
  const next = balance + amount
  return next < 0 ? null : next
}

export function canAfford(balance: number, fee: number): boolean {
  assertCoins(fee)
  return balanceAfter(balance, -fee) !== null
}

function assertCoins(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError('amount must be a non-negative integer')
  }
}
