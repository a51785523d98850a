// Factories for the game features: accounts with a chosen balance, a full 16-pair bracket
// tournament, complete bracket picks, and a wider connection pool for race tests.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import {
  MATCHES_PER_ROUND,
  picksFromEntries,
  predictedMatchups,
  ROUND_ORDER,
  type PredictedMatch,
} from '#domain/bracket/bracket'
import type { PickInput } from '#shared/schemas/bet'
import {
  createPostgresPool,
  wrapPostgresPool,
  type Database,
  type DatabaseHandle,
} from '#server/db/client'
import {
  matches,
  players,
  teams,
  tournaments,
  walletTransactions,
  wallets,
} from '#server/db/schema'
import { expect } from 'vitest'
import { STRONG_PASSWORD, type TestSetup } from './accounts'
import { insertBet, insertTournament, insertUser } from './factories'
import { TestBrowser } from './test-browser'

const DAY_MS = 24 * 60 * 60 * 1000

export interface TestAccount {
  userId: string
  walletId: string
  email: string
}

/**
 * A user (tests/factories insertUser: its wallet and welcome bonus come from the database
 * trigger), then a deposit or a withdrawal so the balance is exactly `balance`, ledger and
 * balance together. `password` also makes it able to sign in. `played` first places a bet (on a
 * tournament of its own unless `playedOn` names one, ledger and debit included): only fans who have bet are ranked on the
 * leaderboard (decision 043).
 */
export async function insertAccount(
  db: Database,
  {
    balance = 1000,
    username = `fan_${randomUUID().slice(0, 8)}`,
    email,
    password,
    played = false,
    playedOn,
    role,
  }: {
    balance?: number
    username?: string | null
    email?: string
    password?: string
    played?: boolean
    /** The tournament of that bet (played implied); else one is made for it. */
    playedOn?: string
    role?: 'user' | 'admin'
  } = {},
): Promise<TestAccount> {
  const owner = await insertUser(db, {
    username,
    email: email ?? `${username ?? randomUUID()}@example.com`,
    ...(password === undefined ? {} : { password }),
    ...(role === undefined ? {} : { role }),
  })
  if (played || playedOn !== undefined) {
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, owner.id))
    const tournamentId = playedOn ?? (await insertTournament(db)).id
    await insertBet(db, { walletId: wallet!.id, userId: owner.id, tournamentId })
  }
  return db.transaction(async (tx) => {
    const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, owner.id))
    if (!wallet) throw new Error('insertAccount: the user insert made no wallet')
    const difference = balance - wallet.balance
    if (difference !== 0) {
      await tx.insert(walletTransactions).values({
        walletId: wallet.id,
        type: difference > 0 ? 'deposit' : 'withdrawal',
        amount: difference,
        description: 'test balance',
      })
      await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${difference}` })
        .where(eq(wallets.id, wallet.id))
    }
    return { userId: owner.id, walletId: wallet.id, email: owner.email }
  })
}

export async function getBalance(db: Database, userId: string): Promise<number> {
  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
  return wallet?.balance ?? Number.NaN
}

export interface TestTeam {
  id: string
  seed: number
  player1Id: string
  player2Id: string
}

export interface TestMatchRow {
  id: string
  round: (typeof ROUND_ORDER)[number]
  matchNumber: number
  team1Id: string | null
  team2Id: string | null
}

export interface BracketTournament {
  tournament: typeof tournaments.$inferSelect
  /** By seed: teams[0] is seed 1. */
  teams: TestTeam[]
  /** Round order, then match number. */
  matches: TestMatchRow[]
}

const DRAW: readonly [number, number][] = [
  [1, 16],
  [8, 9],
  [5, 12],
  [4, 13],
  [6, 11],
  [3, 14],
  [7, 10],
  [2, 15],
]

/**
 * A tournament with 16 seeded pairs (32 new players) and all 15 matches: the round of 16 drawn
 * 1 v 16, 8 v 9, …; later rounds without teams. Betting is open unless overridden.
 */
export async function insertBracketTournament(
  db: Database,
  values: Partial<typeof tournaments.$inferInsert> = {},
): Promise<BracketTournament> {
  const tournament = await insertTournament(db, values)
  const playerRows = await db
    .insert(players)
    .values(
      Array.from({ length: 32 }, (_, i) => ({
        name: `Player ${i + 1} ${randomUUID().slice(0, 4)}`,
        country: i % 2 === 0 ? 'ES' : 'AR',
        ranking: i + 1,
      })),
    )
    .returning({ id: players.id, ranking: players.ranking })
  playerRows.sort((a, b) => a.ranking - b.ranking)
  const teamRows = await db
    .insert(teams)
    .values(
      Array.from({ length: 16 }, (_, i) => ({
        tournamentId: tournament.id,
        player1Id: playerRows[2 * i]!.id,
        player2Id: playerRows[2 * i + 1]!.id,
        ranking: i + 1,
        seed: i + 1,
        wins: 20 - i,
        losses: i,
        titlesWon: i < 4 ? 2 : 0,
      })),
    )
    .returning({
      id: teams.id,
      seed: teams.seed,
      player1Id: teams.player1Id,
      player2Id: teams.player2Id,
    })
  const bySeed = teamRows
    .map((team) => ({ ...team, seed: team.seed! }))
    .sort((a, b) => a.seed - b.seed)
  const matchRows = await db
    .insert(matches)
    .values(
      ROUND_ORDER.flatMap((round) =>
        Array.from({ length: MATCHES_PER_ROUND[round] }, (_, i) => {
          const draw = round === 'round16' ? DRAW[i]! : null
          return {
            tournamentId: tournament.id,
            round,
            matchNumber: i + 1,
            team1Id: draw ? bySeed[draw[0] - 1]!.id : null,
            team2Id: draw ? bySeed[draw[1] - 1]!.id : null,
          }
        }),
      ),
    )
    .returning({
      id: matches.id,
      round: matches.round,
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
    })
  matchRows.sort(
    (a, b) =>
      ROUND_ORDER.indexOf(a.round) - ROUND_ORDER.indexOf(b.round) || a.matchNumber - b.matchNumber,
  )
  return { tournament, teams: bySeed, matches: matchRows }
}

export interface CompleteBracket {
  picks: PickInput[]
  mvpPlayerId: string
  championId: string
}

/**
 * A valid complete bracket: `choose` picks each match's winner from the pairs the earlier picks
 * put there (default: team 1). The MVP is player 1 of the predicted champion.
 */
export function completeBracket(
  { matches: matchRows, teams: teamRows }: Pick<BracketTournament, 'matches' | 'teams'>,
  choose: (match: PredictedMatch) => string | null = (match) => match.team1Id,
): CompleteBracket {
  const chosen: Record<string, string> = {}
  const count = predictedMatchups(matchRows, chosen).length
  for (let i = 0; i < count; i += 1) {
    const match = predictedMatchups(matchRows, chosen)[i]!
    const winner = choose(match)
    if (winner) chosen[match.matchId] = winner
  }
  const final = matchRows.find((match) => match.round === 'final')!
  const championId = chosen[final.id]!
  const champion = teamRows.find((team) => team.id === championId)!
  return {
    picks: matchRows.map((match) => ({ matchId: match.id, winnerTeamId: chosen[match.id]! })),
    mvpPlayerId: champion.player1Id,
    championId,
  }
}

/** completeBracket as the request body of POST /api/tournaments/:id/bets (nothing else). */
export function betBody(
  bracket: Pick<BracketTournament, 'matches' | 'teams'>,
  choose?: (match: PredictedMatch) => string | null,
): { picks: PickInput[]; mvpPlayerId: string } {
  const { picks, mvpPlayerId } = completeBracket(bracket, choose)
  return { picks, mvpPlayerId }
}

/** A deadline in the past with a start still ahead: upcoming, yet betting is closed. */
export function closedDeadlineValues(): Partial<typeof tournaments.$inferInsert> {
  const now = Date.now()
  return {
    bettingDeadline: new Date(now - 60_000),
    startDate: new Date(now + DAY_MS),
    endDate: new Date(now + 3 * DAY_MS),
  }
}

/**
 * A Database with `connections` parallel connections for race tests: on PostgreSQL a second pool
 * on the same test database (close it after), on PGlite the one connection there is.
 */
export function openWideDatabase(
  handle: DatabaseHandle,
  connections = 24,
): { db: Database; close: () => Promise<void> } {
  if (handle.kind === 'pglite') return { db: handle.db, close: async () => {} }
  const url = (handle.client as unknown as { options: { connectionString: string } }).options
    .connectionString
  const wide = wrapPostgresPool(createPostgresPool(url, connections))
  return { db: wide.db, close: () => wide.close() }
}

/**
 * An account with exactly `balance` coins and a browser signed in as it (through the real
 * sign-in endpoint, so the session cookie is genuine).
 */
export async function signInAs(
  setup: Pick<TestSetup, 'app'>,
  db: Database,
  {
    balance = 1000,
    username,
    played = false,
  }: { balance?: number; username?: string; played?: boolean } = {},
): Promise<TestAccount & { browser: TestBrowser }> {
  const account = await insertAccount(db, {
    balance,
    played,
    password: STRONG_PASSWORD,
    ...(username === undefined ? {} : { username }),
  })
  const browser = new TestBrowser(setup.app)
  const res = await browser.post('/api/auth/sign-in/email', {
    email: account.email,
    password: STRONG_PASSWORD,
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return { ...account, browser }
}

/**
 * Plays the tournament out as "team 1 always wins" (or as `choose` says), completes it and names
 * the MVP (player 1 of the champion).
 */
export async function playOut(
  db: Database,
  bracket: BracketTournament,
  {
    withMvp = true,
    choose,
  }: { withMvp?: boolean; choose?: (match: PredictedMatch) => string | null } = {},
) {
  const { picks, mvpPlayerId } = completeBracket(bracket, choose)
  const chosen = picksFromEntries(picks)
  for (const match of predictedMatchups(bracket.matches, chosen)) {
    await db
      .update(matches)
      .set({ team1Id: match.team1Id, team2Id: match.team2Id, winnerTeamId: chosen[match.matchId]! })
      .where(eq(matches.id, match.matchId))
  }
  await db
    .update(tournaments)
    .set({ status: 'completed', ...(withMvp ? { mvpPlayerId } : {}) })
    .where(eq(tournaments.id, bracket.tournament.id))
  return { mvpPlayerId }
}
