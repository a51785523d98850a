// Page sizes (reliability item 6): every list route of the route table, asked for a million rows
// (?limit=1000000 and its cousins), answers as usual — no error — with a bounded answer; the
// routes with a declared cap (leaderboard, my transactions, my bets, the tournament list and the
// admin catalogue lists) hold to it with more rows in the database than the cap.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_LEADERBOARD_LIMIT } from '#shared/schemas/leaderboard'
import { TOURNAMENT_LIST_MAX_ROWS } from '#shared/schemas/tournament'
import { TRANSACTIONS_MAX_PAGE_SIZE } from '#shared/schemas/transaction'
import type { Database } from '#server/db/client'
import { ADMIN_LIST_MAX_ROWS } from '#server/features/admin/admin-common'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { insertAccount, insertBracketTournament, signInAs } from '#tests/game-factories'
import { listApiRoutes, routeKey } from '#tests/route-table'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const HUGE_PAGE = new URLSearchParams({
  limit: '1000000',
  pageSize: '1000000',
  page: '1',
  per_page: '1000000',
  size: '1000000',
  take: '1000000',
}).toString()

/** The most rows any list of the app returns (the admin lists). */
const LARGEST_CAP = ADMIN_LIST_MAX_ROWS
const MAX_ANSWER_BYTES = 1_000_000

describe.each(testDatabaseKinds)('page sizes on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('caps every list route, with no error and no huge answer', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db)
    const bracket = await insertBracketTournament(db)
    // Fans with a bet: only they are ranked.
    for (let i = 0; i < MAX_LEADERBOARD_LIMIT + 10; i += 1) {
      await insertAccount(db, { playedOn: bracket.tournament.id })
    }
    await addDeposits(db, fan.walletId, TRANSACTIONS_MAX_PAGE_SIZE + 10)
    const local = new TestBrowser(setup.app, { address: '127.0.0.1' })

    const figures: string[] = []
    // The live stream is no page: it never ends (its limits: src/server/features/live). The
    // unsubscribe link is no page either: it reads its one signed token (decision 100). Nor is
    // the API reference page with its script and style files (decision 160).
    const reads = listApiRoutes(setup.app).filter(
      (route) =>
        route.method === 'GET' &&
        !route.path.includes('*') &&
        !route.path.endsWith('/live') &&
        route.path !== '/api/unsubscribe' &&
        !route.path.startsWith('/api/docs'),
    )
    for (const route of reads) {
      const path = route.path
        .replace(':id/transactions', `${fan.userId}/transactions`)
        .replace(':id', bracket.tournament.id)
      const caller = path.startsWith('/api/admin')
        ? admin.browser
        : path.startsWith('/api/dev')
          ? local
          : fan.browser
      const res = await caller.get(`${path}?${HUGE_PAGE}`)
      const text = await res.text()
      // Some reads of a tournament have nothing to show yet (results before settlement).
      expect([200, 404], `${routeKey(route)}: ${text.slice(0, 200)}`).toContain(res.status)
      expect(text.length, routeKey(route)).toBeLessThan(MAX_ANSWER_BYTES)
      const longest = longestList(res.headers.get('Content-Type') ?? '', text)
      expect(longest, routeKey(route)).toBeLessThanOrEqual(LARGEST_CAP)
      if (longest > 0) figures.push(`${routeKey(route)}: ${longest} rows, ${text.length} B`)
    }

    const board = (await (await fan.browser.get(`/api/leaderboard?${HUGE_PAGE}`)).json()) as {
      entries: unknown[]
    }
    expect(board.entries).toHaveLength(MAX_LEADERBOARD_LIMIT)
    const ledger = (await (await fan.browser.get(`/api/me/transactions?${HUGE_PAGE}`)).json()) as {
      items: unknown[]
    }
    expect(ledger.items).toHaveLength(TRANSACTIONS_MAX_PAGE_SIZE)
    await expectLedgerAudit(db)
    console.info(`page sizes on ${kind}:\n  ${figures.join('\n  ')}`)
  })
})

describe.each(testDatabaseKinds)('catalogue lists on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('hold the tournament list and the admin lists to their caps', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db)
    const over = ADMIN_LIST_MAX_ROWS + 1
    const { tournament, teams } = await insertBracketTournament(db)
    await insertCatalogueRows(db, { count: over, tournamentId: tournament.id, teams })

    const listOf = async (browser: TestBrowser, path: string, key: string) => {
      const res = await browser.get(path)
      expect(res.status, path).toBe(200)
      return ((await res.json()) as Record<string, { name?: string }[]>)[key]!
    }
    const publicList = await listOf(fan.browser, '/api/tournaments', 'tournaments')
    expect(publicList).toHaveLength(TOURNAMENT_LIST_MAX_ROWS)
    // The newest start comes first: the cut falls on the oldest.
    expect(publicList[0]!.name).toBe(`Cap tournament ${over}`)
    for (const [path, key] of [
      ['/api/admin/tournaments', 'tournaments'],
      ['/api/admin/players', 'players'],
      ['/api/admin/teams', 'teams'],
      ['/api/admin/matches', 'matches'],
    ] as const) {
      expect(await listOf(admin.browser, path, key), path).toHaveLength(ADMIN_LIST_MAX_ROWS)
    }
  })
})

/**
 * `count` more of each catalogue row, set-based: tournaments starting a day apart (the last one
 * newest), players, and pairs and matches in `tournamentId` (unseeded pairs of two of its
 * players, matches numbered past a real draw's).
 */
async function insertCatalogueRows(
  db: Database,
  {
    count,
    tournamentId,
    teams,
  }: { count: number; tournamentId: string; teams: { player1Id: string; player2Id: string }[] },
) {
  const { player1Id, player2Id } = teams[0]!
  await db.execute(sql`insert into tournaments (name, start_date, end_date, betting_deadline,
      prize_pool_config)
    select 'Cap tournament ' || g, now() + g * interval '1 day', now() + (g + 1) * interval '1 day',
      now() + g * interval '1 day', prize_pool_config
    from generate_series(1, ${count}) g, tournaments where id = ${tournamentId}`)
  await db.execute(sql`insert into players (name, country)
    select 'Cap player ' || g, 'ES' from generate_series(1, ${count}) g`)
  await db.execute(sql`insert into teams (tournament_id, player1_id, player2_id)
    select ${tournamentId}, ${player1Id}, ${player2Id} from generate_series(1, ${count})`)
  await db.execute(sql`insert into matches (tournament_id, round, match_number)
    select ${tournamentId}, 'round16', 100 + g from generate_series(1, ${count}) g`)
}

/** `count` deposits of 1 coin, ledger and balance together (the auditor checks both). */
async function addDeposits(db: Database, walletId: string, count: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into wallet_transactions (wallet_id, type, amount, description)
      select ${walletId}, 'deposit', 1, 'page-size test' from generate_series(1, ${count})`)
    await tx.execute(sql`update wallets set balance = balance + ${count} where id = ${walletId}`)
  })
}

function longestArray(value: unknown): number {
  if (Array.isArray(value)) return Math.max(value.length, ...value.map(longestArray))
  if (typeof value === 'object' && value !== null) {
    return Math.max(0, ...Object.values(value).map(longestArray))
  }
  return 0
}

/** The longest list of an answer: a JSON array, a calendar's events or a CSV file's rows. */
function longestList(contentType: string, text: string): number {
  if (contentType.startsWith('text/calendar')) return text.split('BEGIN:VEVENT').length - 1
  if (contentType.startsWith('text/csv')) return text.trimEnd().split('\n').length - 1
  return longestArray(JSON.parse(text))
}
