// A season at the benchmark's scale (bench/seasons.bench.ts): F fans, T tournaments in one
// season with B main brackets each, every tournament but the last played out and settled by the
// real settlement (settleTournament) and counted into the season by the real count (the season
// refresher's countPendingSeasonChanges), so the season points are the app's own. The last
// tournament is played out and left for the benchmark to settle as an admin does. The fans and
// all the bets are written first in one bulk load (season-bets.ts), then each tournament settled
// and counted in turn.
import { sql } from 'drizzle-orm'
import { settleTournament } from '#server/features/settlement/settle.service'
import { createSeason, putSeasonTournament } from '#server/features/seasons/seasons-admin.service'
import { countPendingSeasonChanges } from '#server/features/seasons/season-freshness'
import { defaultPrizePoolConfig } from '#tests/factories'
import { insertBracketTournament, playOut, type BracketTournament } from '#tests/game-factories'
import type { BenchDatabase } from './bench-database'
import type { BulkUsers } from './bulk-data'
import { randomBrackets } from './random-brackets'
import { insertSeasonBets, type SeasonBetsTimings, type TournamentBets } from './season-bets'
import { insertSignedInUsers, type SignedInUser } from './sessions'

const BRACKET_VARIANTS = 256
// The signed-in fans enter every tournament on their welcome bonus alone (1,000 coins): at the
// default fee of 50 they ran dry at the 21st.
const ENTRY_FEE = 10

export interface SeasonSizes {
  fans: number
  tournaments: number
  /** Main brackets per tournament. */
  brackets: number
  /** Fans with a session (`eb<n>`), who enter every tournament; the others are `ea<n>`. */
  signedIn: number
}

export interface SeasonWorld {
  seasonId: string
  admin: SignedInUser
  fans: SignedInUser[]
  /** Played out, in the season, not settled. */
  lastTournamentId: string
  /** Each settled tournament's settlement and count, in ms. */
  settleMs: number[]
  countMs: number[]
  /** Where the rest of the seeding time went, in ms (the fans' and bets' load: its own timings). */
  seeding: { tournamentsMs: number; playOutMs: number; bets?: SeasonBetsTimings }
}

/**
 * The fans who enter tournament `k`: every signed-in fan, and a window of the others that moves
 * by 1/T of them per tournament (wrapping), so every fan plays some and the totals spread.
 */
function entrantsOf(k: number, sizes: SeasonSizes): BulkUsers[] {
  const signedIn = { prefix: 'eb', count: sizes.signedIn }
  const others = sizes.fans - sizes.signedIn
  const count = sizes.brackets - sizes.signedIn
  const first = 1 + Math.floor((k * others) / sizes.tournaments)
  const head = Math.min(count, others - first + 1)
  const wrapped = count - head
  return [
    signedIn,
    { prefix: 'ea', first, count: head },
    ...(wrapped > 0 ? [{ prefix: 'ea', first: 1, count: wrapped }] : []),
  ]
}

export async function insertSeasonWorld(
  database: BenchDatabase,
  sizes: SeasonSizes,
  log: (message: string) => void,
): Promise<SeasonWorld> {
  const { db } = database.handle
  if (sizes.brackets > sizes.fans || sizes.signedIn > sizes.brackets) {
    throw new Error('need signed-in fans ≤ brackets per tournament ≤ fans')
  }
  const [admin] = await insertSignedInUsers(db, { count: 1, prefix: 'ez' })
  await db.execute(sql`update "user" set role = 'admin' where id = ${admin!.user.id}`)
  const fans = await insertSignedInUsers(db, { count: sizes.signedIn, prefix: 'eb' })
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const season = await createSeason(db, admin!.user.id, {
    name: 'Bench season',
    startsOn: day(-200),
    endsOn: day(100),
  })
  const world: SeasonWorld = {
    seasonId: season.id,
    admin: admin!,
    fans,
    lastTournamentId: '',
    settleMs: [],
    countMs: [],
    seeding: { tournamentsMs: 0, playOutMs: 0 },
  }
  // Every tournament first, then all their bets in one bulk load (season-bets.ts), then each
  // played out, settled and counted in turn, as the season would have gone.
  let startedAt = performance.now()
  const planned: { bracket: BracketTournament; bets: TournamentBets }[] = []
  for (let k = 0; k < sizes.tournaments; k += 1) {
    const bracket = await insertBracketTournament(db, {
      name: `Season bench ${k + 1}`,
      prizePoolConfig: {
        ...defaultPrizePoolConfig,
        entry_fee: ENTRY_FEE,
        max_participants: sizes.brackets,
      },
    })
    // The same random brackets each time (variant 0 is the result), handed out from another
    // place in the list per tournament, so a fan's luck changes from one tournament to the next.
    const variants = randomBrackets(bracket, BRACKET_VARIANTS)
    const turn = (k * 37) % BRACKET_VARIANTS
    const brackets = [...variants.slice(turn), ...variants.slice(0, turn)]
    // The signed-in fans' brackets as the app stores them; the others' picks as codes only,
    // which is what settling and counting read (disk: bench/HISTORY.md, "Seasons").
    const entrants = entrantsOf(k, sizes).map((users) => ({
      users,
      withPicks: users.prefix === 'eb',
    }))
    planned.push({ bracket, bets: { tournamentId: bracket.tournament.id, brackets, entrants } })
  }
  world.seeding.tournamentsMs = performance.now() - startedAt
  const load = await insertSeasonBets(
    database.loader,
    {
      users: { prefix: 'ea', count: sizes.fans - sizes.signedIn },
      fee: ENTRY_FEE,
      tournaments: planned.map((tournament) => tournament.bets),
    },
    log,
  )
  world.seeding.bets = load
  for (const [k, { bracket }] of planned.entries()) {
    const tournamentId = bracket.tournament.id
    startedAt = performance.now()
    await playOut(db, bracket)
    await putSeasonTournament(db, admin!.user.id, season.id, tournamentId)
    world.seeding.playOutMs += performance.now() - startedAt
    if (k === sizes.tournaments - 1) {
      world.lastTournamentId = tournamentId
      log(`tournament ${k + 1}: played out, not settled`)
      break
    }
    const settleStartedAt = performance.now()
    await settleTournament(db, { actorId: admin!.user.id, tournamentId })
    world.settleMs.push(performance.now() - settleStartedAt)
    await markNotified(database, tournamentId)
    const countStartedAt = performance.now()
    await countPendingSeasonChanges(db)
    world.countMs.push(performance.now() - countStartedAt)
    log(
      `tournament ${k + 1}: settled in ${seconds(world.settleMs.at(-1)!)} s, counted in ${seconds(world.countMs.at(-1)!)} s`,
    )
  }
  return world
}

/**
 * A tournament settled here stands for one settled weeks ago, whose notifications the follow-up
 * job (decision 102) wrote then: its cursor is done. Otherwise the server started on the data
 * writes hundreds of thousands of notifications per tournament while reads are measured.
 */
async function markNotified(database: BenchDatabase, tournamentId: string): Promise<void> {
  await database.loader.query(
    `insert into settlement_notification_progress (tournament_id, contest, done_at)
     values ($1, 'main', now())
     on conflict (tournament_id, contest) do update set done_at = now()`,
    [tournamentId],
  )
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1)
}
