// Bets that arrive together go to the database together (decision 080, docs/architecture.md):
// one call of the SQL function place_bets (src/server/db/sql/place-bets.sql) and one transaction
// for up to BET_BATCH_MAX_BETS bets gathered over at most BET_BATCH_WAIT_MS. Each bet is checked
// by the statements and gets its own answer; one bet's refusal changes nothing for the others.
// Per database handle, so test databases, transactions and processes never share a batch.
import type { Contest } from '#shared/schemas/contest'
import { sql } from 'drizzle-orm'
import { getPgError } from '#server/db/pg-errors'
import { rowsOf, isDatabaseUnavailableError, type Database } from '#server/db/client'
import type { StoredPick } from '#server/db/schema'
import { recordBetBatch } from '#server/metrics/metrics'

export type PlaceBetCode =
  | 'ok'
  | 'not_found'
  | 'betting_closed'
  | 'bracket_changed'
  | 'fee_changed'
  | 'already_bet'
  | 'insufficient_funds'
  | 'no_wallet'

/** One bet as place_bets takes it: already validated against the bracket by the domain. */
export interface BetToPlace {
  userId: string
  tournamentId: string
  /** The contest it enters (docs/product.md "Second chance"); place_bets checks that contest's rules. */
  contest?: Contest
  fee: number
  picks: StoredPick[]
  mvpPlayerId: string
  /** The tiebreaker (the final's total games, 12–39, checked by the input schema); null: none. */
  finalTotalGames: number | null
  /** The bracket version the picks were checked against; null skips the check. */
  bracketVersion: number | null
}

export interface BetAnswer {
  result: PlaceBetCode
  betId: string | null
  /** The balance after the debit (ok) or the one that was too low (insufficient_funds). */
  balance: number | null
  betCreatedAt: Date | null
}

export interface BetBatchSettings {
  /** The most bets one database call carries. */
  maxBets: number
  /** How long the first bet of a batch waits for others; 0: only those of the same tick. */
  maxWaitMs: number
}

export const DEFAULT_BET_BATCH: BetBatchSettings = { maxBets: 64, maxWaitMs: 2 }

interface AnswerRow extends Record<string, unknown> {
  idx: number
  result: PlaceBetCode
  bet_id: string | null
  balance: string | number | null
  bet_created_ms: number | null
}

interface Waiting {
  bet: BetToPlace
  resolve: (answer: BetAnswer) => void
  reject: (error: unknown) => void
}

class BetBatcher {
  private waiting: Waiting[] = []
  private timer: ReturnType<typeof setTimeout> | null = null
  private immediate: ReturnType<typeof setImmediate> | null = null

  constructor(
    private readonly db: Database,
    readonly settings: BetBatchSettings,
  ) {}

  submit(bet: BetToPlace): Promise<BetAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ bet, resolve, reject })
      if (this.waiting.length >= this.settings.maxBets) this.flush()
      else if (this.waiting.length === 1) {
        if (this.settings.maxWaitMs > 0) {
          this.timer = setTimeout(() => this.flush(), this.settings.maxWaitMs)
        } else this.immediate = setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    if (this.immediate !== null) clearImmediate(this.immediate)
    this.timer = null
    this.immediate = null
    const batch = this.waiting
    this.waiting = []
    if (batch.length > 0) void this.run(batch)
  }

  private async run(batch: Waiting[]): Promise<void> {
    recordBetBatch(batch.length)
    try {
      const answers = await placeBetsNow(
        this.db,
        batch.map((entry) => entry.bet),
      )
      batch.forEach((entry, position) => entry.resolve(answers[position]!))
    } catch (error) {
      // A failed call wrote nothing (one statement, one transaction). Refusals never raise, so
      // an error here is the database's or one bet's bug: each bet then goes alone, so no other
      // bet of the batch shares its fate. Not when the database is gone: retrying cannot help.
      if (batch.length === 1 || !getPgError(error) || isDatabaseUnavailableError(error)) {
        for (const entry of batch) entry.reject(error)
        return
      }
      for (const entry of batch) {
        placeBetsNow(this.db, [entry.bet]).then(
          ([answer]) => entry.resolve(answer!),
          (alone: unknown) => entry.reject(alone),
        )
      }
    }
  }
}

/** One call of place_bets for `bets`; the answers in the same order. */
export async function placeBetsNow(db: Database, bets: BetToPlace[]): Promise<BetAnswer[]> {
  const batch = bets.map((bet) => ({
    user_id: bet.userId,
    tournament_id: bet.tournamentId,
    contest: bet.contest ?? 'main',
    fee: bet.fee,
    picks: bet.picks,
    mvp_player_id: bet.mvpPlayerId,
    final_total_games: bet.finalTotalGames,
    bracket_version: bet.bracketVersion,
  }))
  const result = rowsOf<AnswerRow>(
    await db.execute(sql`
    select idx, result, bet_id, balance,
      (extract(epoch from bet_created_at) * 1000)::float8 as bet_created_ms
    from place_bets(${JSON.stringify(batch)}::jsonb)`),
  )
  const answers = new Map<number, BetAnswer>()
  for (const row of result) {
    answers.set(Number(row.idx) - 1, {
      result: row.result,
      betId: row.bet_id,
      balance: row.balance === null ? null : Number(row.balance),
      betCreatedAt: row.bet_created_ms === null ? null : new Date(Number(row.bet_created_ms)),
    })
  }
  return bets.map((_, position) => {
    const answer = answers.get(position)
    if (!answer)
      throw new Error(`place_bets gave no answer for bet ${position + 1} of ${bets.length}`)
    return answer
  })
}

const batchers = new WeakMap<Database, BetBatcher>()
const settingsByDatabase = new WeakMap<Database, BetBatchSettings>()

/** The server's BET_BATCH_* settings for bets on `db` (start-server.ts); defaults otherwise. */
export function configureBetBatches(db: Database, settings: BetBatchSettings): void {
  settingsByDatabase.set(db, settings)
  batchers.delete(db)
}

/** Places `bet` in the next batch on `db` and answers when that batch has committed. */
export function placeInBatch(db: Database, bet: BetToPlace): Promise<BetAnswer> {
  let batcher = batchers.get(db)
  if (!batcher) {
    batcher = new BetBatcher(db, settingsByDatabase.get(db) ?? DEFAULT_BET_BATCH)
    batchers.set(db, batcher)
  }
  return batcher.submit(bet)
}
