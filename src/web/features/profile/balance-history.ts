// The points of the profile's balance chart, rebuilt from the ledger: the API gives the newest
// transactions and the current balance, so the balance after each older transaction is found by
// undoing the newer ones, walking backwards.
export interface BalancePoint {
  /** When the transaction that produced this balance was made (ISO date-time). */
  at: string
  balance: number
}

export interface LedgerEntry {
  amount: number
  createdAt: string
}

/**
 * The balance after each of `newestFirst` (the newest transactions, newest first), oldest
 * point first. The newest point is `currentBalance`.
 */
export function balanceHistory(
  newestFirst: readonly LedgerEntry[],
  currentBalance: number,
): BalancePoint[] {
  const points: BalancePoint[] = []
  let balance = currentBalance
  for (const entry of newestFirst) {
    points.push({ at: entry.createdAt, balance })
    balance -= entry.amount
  }
  return points.reverse()
}

export interface SparklineGeometry {
  /** The SVG path of the line, in a box of `width` × `height`. */
  line: string
  /** The same line closed down to the bottom edge, for the shaded area under it. */
  area: string
  /** Where the last point is drawn. */
  last: { x: number; y: number }
}

/**
 * Places the points evenly across the box (one step per transaction, not by time, so a burst of
 * bets stays readable) and scales the balances between their lowest and highest value.
 * Null when there are fewer than two points: one point is no line.
 */
export function sparklineGeometry(
  points: readonly BalancePoint[],
  { width, height, padding = 4 }: { width: number; height: number; padding?: number },
): SparklineGeometry | null {
  if (points.length < 2) return null
  const balances = points.map((point) => point.balance)
  const min = Math.min(...balances)
  const max = Math.max(...balances)
  const span = max - min
  const innerWidth = width - 2 * padding
  const innerHeight = height - 2 * padding
  const coordinates = points.map((point, index) => ({
    x: round(padding + (index / (points.length - 1)) * innerWidth),
    // A flat history sits in the middle instead of on an edge.
    y: round(span === 0 ? height / 2 : padding + (1 - (point.balance - min) / span) * innerHeight),
  }))
  const line = coordinates.map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x} ${y}`).join(' ')
  const first = coordinates[0]!
  const last = coordinates[coordinates.length - 1]!
  const area = `${line} L${last.x} ${height} L${first.x} ${height} Z`
  return { line, area, last }
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
