// Demo game data for a fresh install (DEMO_DATA): players, pairs and tournaments in every state,
// so every screen has something to show on first run. Accounts (and their wallets) are seeded by
// the auth code and the demo fans' bets by demo-fans.ts; this file makes no users and moves no
// coins.
import { count, eq, sql } from 'drizzle-orm'
import {
  feederMatchNumbers,
  MATCHES_PER_ROUND,
  ROUND_ORDER,
  type Round,
} from '../../domain/bracket/bracket'
import { ROUND16_DRAW } from '../../domain/bracket/bracket-structure'
import { DEFAULT_TIERS, tiersToRecord } from '../../domain/prize/tiers'
import type { Database, Transaction } from '../db/client'
import {
  matches,
  players,
  teams,
  tournaments,
  type StoredPrizePoolConfig,
  type StoredPrizeTier,
} from '../db/schema'
import { DEMO_PLAYERS } from './demo-players'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

// Any fixed number: two servers starting at once against one PostgreSQL seed only once.
const SEED_LOCK_KEY = 7_461_921_040

/** How far a demo tournament has been played. */
type Progress = 'none' | 'live' | 'all'

interface TournamentPlan {
  name: string
  status: 'upcoming' | 'active' | 'completed'
  bettingDeadline: Date
  startDate: Date
  endDate: Date
  basePool: number
  entryFee: number
  multiplier: number
  /** Which 32 of the demo players take part: ranks firstPlayer+1 … firstPlayer+32. */
  firstPlayer: number
  progress: Progress
}

export interface DemoGameDataResult {
  /** False when the database already had game data (nothing was written). */
  seeded: boolean
  players: number
  tournaments: { id: string; name: string; status: string }[]
}

function plans(now: Date): TournamentPlan[] {
  const at = (ms: number) => new Date(now.getTime() + ms)
  const openDeadline = at(5 * DAY_MS)
  const laterDeadline = at(12 * DAY_MS)
  const closedDeadline = at(-3 * HOUR_MS)
  const liveStart = at(-DAY_MS)
  const pastStart = at(-10 * DAY_MS)
  return [
    {
      name: 'Madrid Golden Open',
      status: 'upcoming',
      bettingDeadline: openDeadline,
      startDate: new Date(openDeadline.getTime() + 3 * HOUR_MS),
      endDate: new Date(openDeadline.getTime() + 4 * DAY_MS),
      basePool: 5000,
      entryFee: 50,
      multiplier: 0.7,
      firstPlayer: 0,
      progress: 'none',
    },
    {
      name: 'Lisbon Atlantic Cup',
      status: 'upcoming',
      bettingDeadline: laterDeadline,
      startDate: new Date(laterDeadline.getTime() + 2 * HOUR_MS),
      endDate: new Date(laterDeadline.getTime() + 3 * DAY_MS),
      basePool: 8000,
      entryFee: 100,
      multiplier: 0.8,
      firstPlayer: 4,
      progress: 'none',
    },
    {
      name: 'Sevilla Indoor Challenge',
      status: 'upcoming',
      bettingDeadline: closedDeadline,
      startDate: at(18 * HOUR_MS),
      endDate: at(3 * DAY_MS),
      basePool: 3000,
      entryFee: 50,
      multiplier: 0.7,
      firstPlayer: 8,
      progress: 'none',
    },
    {
      name: 'Buenos Aires Masters',
      status: 'active',
      bettingDeadline: new Date(liveStart.getTime() - HOUR_MS),
      startDate: liveStart,
      endDate: at(2 * DAY_MS),
      basePool: 10000,
      entryFee: 75,
      multiplier: 0.7,
      firstPlayer: 2,
      progress: 'live',
    },
    {
      name: 'Milano Premier Finals',
      status: 'completed',
      bettingDeadline: new Date(pastStart.getTime() - HOUR_MS),
      startDate: pastStart,
      endDate: at(-7 * DAY_MS),
      basePool: 6000,
      entryFee: 50,
      multiplier: 0.7,
      firstPlayer: 0,
      progress: 'all',
    },
  ]
}

/** A small deterministic generator (mulberry32): the same demo on every install. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

function prizePoolConfig(plan: TournamentPlan): StoredPrizePoolConfig {
  const tiers = tiersToRecord(DEFAULT_TIERS)
  const storedTiers: Record<string, StoredPrizeTier> = {}
  for (const [key, tier] of Object.entries(tiers)) {
    storedTiers[key] = {
      min_accuracy: tier.minAccuracy,
      prize_percentage: tier.prizePercentage,
      description: tier.description,
    }
  }
  return {
    base_pool: plan.basePool,
    entry_fee: plan.entryFee,
    multiplier: plan.multiplier,
    tiers: storedTiers,
    calculation_method: 'percentage',
    max_participants: 1000,
    min_participants: 10,
  }
}

/** Loads the demo game data into an empty database; does nothing when any game data exists. */
export async function seedDemoGameData(
  db: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<DemoGameDataResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const [existing] = await tx
      .select({
        tournaments: count(),
        players: sql<number>`(select count(*) from ${players})`.mapWith(Number),
      })
      .from(tournaments)
    if ((existing?.tournaments ?? 0) > 0 || (existing?.players ?? 0) > 0) {
      return { seeded: false, players: 0, tournaments: [] }
    }

    const random = createRandom(20_260_321)
    const playerRows = await tx
      .insert(players)
      .values(
        DEMO_PLAYERS.map((player, index) => {
          const ranking = index + 1
          return {
            name: player.name,
            shortName: player.shortName,
            country: player.country,
            ranking,
            wins: Math.max(0, 90 - 2 * ranking + randomInt(random, 0, 12)),
            losses: 10 + ranking + randomInt(random, 0, 8),
            titlesWon: Math.max(0, 12 - Math.floor(ranking / 3) + randomInt(random, -2, 2)),
          }
        }),
      )
      .returning({ id: players.id, ranking: players.ranking })
    const playerIdsByRank = playerRows
      .sort((a, b) => a.ranking - b.ranking)
      .map((player) => player.id)

    const created: DemoGameDataResult['tournaments'] = []
    for (const [index, plan] of plans(now).entries()) {
      const id = await insertDemoTournament(tx, plan, playerIdsByRank, createRandom(index + 1))
      created.push({ id, name: plan.name, status: plan.status })
    }
    return { seeded: true, players: playerRows.length, tournaments: created }
  })
}

async function insertDemoTournament(
  tx: Transaction,
  plan: TournamentPlan,
  playerIdsByRank: readonly string[],
  random: () => number,
): Promise<string> {
  const [tournament] = await tx
    .insert(tournaments)
    .values({
      name: plan.name,
      status: plan.status,
      startDate: plan.startDate,
      endDate: plan.endDate,
      bettingDeadline: plan.bettingDeadline,
      prizePoolConfig: prizePoolConfig(plan),
    })
    .returning({ id: tournaments.id })
  const tournamentId = tournament!.id

  // Neighbours in the ranking play together, with a light shuffle inside blocks of four so the
  // pairs differ from one tournament to the next. Seed = pair ranking (1 is the best pair).
  const entrants = playerIdsByRank.slice(plan.firstPlayer, plan.firstPlayer + 32)
  for (let block = 0; block < entrants.length; block += 4) {
    if (random() < 0.5) {
      const second = entrants[block + 1]!
      entrants[block + 1] = entrants[block + 2]!
      entrants[block + 2] = second
    }
  }
  const teamRows = await tx
    .insert(teams)
    .values(
      Array.from({ length: 16 }, (_, i) => {
        const seed = i + 1
        return {
          tournamentId,
          player1Id: entrants[2 * i]!,
          player2Id: entrants[2 * i + 1]!,
          ranking: seed,
          seed,
          wins: Math.max(0, 45 - 2 * seed + randomInt(random, 0, 8)),
          losses: 6 + seed + randomInt(random, 0, 6),
          titlesWon: Math.max(0, 7 - Math.floor(seed / 2) + randomInt(random, -1, 1)),
        }
      }),
    )
    .returning({ id: teams.id, seed: teams.seed, player1Id: teams.player1Id })
  const teamBySeed = new Map(teamRows.map((team) => [team.seed!, team]))

  // Play the bracket round by round as far as the plan says; the better seed usually wins.
  const seedOfTeam = new Map(teamRows.map((team) => [team.id, team.seed!]))
  const winners = new Map<string, string | null>()
  const rows: (typeof matches.$inferInsert)[] = []
  for (const round of ROUND_ORDER) {
    for (let n = 1; n <= MATCHES_PER_ROUND[round]; n += 1) {
      const [team1Id, team2Id] = participants(round, n, teamBySeed, winners)
      const played = isPlayed(plan.progress, round, n) && team1Id !== null && team2Id !== null
      let winnerTeamId: string | null = null
      if (played) {
        const [better, worse] =
          seedOfTeam.get(team1Id)! < seedOfTeam.get(team2Id)!
            ? [team1Id, team2Id]
            : [team2Id, team1Id]
        winnerTeamId = random() < 0.72 ? better : worse
      }
      winners.set(`${round}#${n}`, winnerTeamId)
      rows.push({ tournamentId, round, matchNumber: n, team1Id, team2Id, winnerTeamId })
    }
  }
  await tx.insert(matches).values(rows)

  if (plan.progress === 'all') {
    const championId = winners.get('final#1')
    const champion = teamRows.find((team) => team.id === championId)
    if (champion) {
      await tx
        .update(tournaments)
        .set({ mvpPlayerId: champion.player1Id })
        .where(eq(tournaments.id, tournamentId))
    }
  }
  return tournamentId
}

function participants(
  round: Round,
  matchNumber: number,
  teamBySeed: ReadonlyMap<number, { id: string }>,
  winners: ReadonlyMap<string, string | null>,
): [string | null, string | null] {
  if (round === 'round16') {
    const [seed1, seed2] = ROUND16_DRAW[matchNumber - 1]!
    return [teamBySeed.get(seed1)?.id ?? null, teamBySeed.get(seed2)?.id ?? null]
  }
  const before = ROUND_ORDER[ROUND_ORDER.indexOf(round) - 1]!
  const [first, second] = feederMatchNumbers(matchNumber)
  return [winners.get(`${before}#${first}`) ?? null, winners.get(`${before}#${second}`) ?? null]
}

/** 'live': the round of 16 is over and the first two quarterfinals are played. */
function isPlayed(progress: Progress, round: Round, matchNumber: number): boolean {
  if (progress === 'all') return true
  if (progress === 'none') return false
  return round === 'round16' || (round === 'quarterfinal' && matchNumber <= 2)
}
