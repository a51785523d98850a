// Demo game data for a fresh install (DEMO_DATA): players, pairs and tournaments in every state,
// so every screen has something to show on first run (decisions 044, 099). Every tournament is
// first drawn with betting open — so the demo fans (demo-fans.ts, the `whileOpen` step) enter it
// through the real bet path — and then, in the same transaction, moved to its state and played
// (demo-results.ts); `afterPlay` settles the completed one. This file makes no users and moves
// no coins itself.
import { and, count, eq, sql } from 'drizzle-orm'
import {
  feederMatchNumbers,
  MATCHES_PER_ROUND,
  ROUND_ORDER,
  type Round,
} from '#domain/bracket/bracket'
import { ROUND16_DRAW } from '#domain/bracket/bracket-structure'
import { DEFAULT_TIERS, tiersToRecord } from '#domain/prize/tiers'
import type { Database, Transaction } from '#server/db/client'
import {
  matches,
  players,
  teams,
  tournaments,
  type StoredPrizePoolConfig,
  type StoredPrizeTier,
} from '#server/db/schema'
import { DEMO_PLAYERS } from './demo-players'
import { createRandom, demoSetScores, FAVOURITE_WINS, randomInt, type Random } from './demo-results'

import { DAY_MS, HOUR_MS, demoPlans, type Progress, type TournamentPlan } from './demo-plans'

// Any fixed number: two servers starting at once against one PostgreSQL seed only once.
const SEED_LOCK_KEY = 7_461_921_040

export interface DemoTournament {
  id: string
  name: string
  /** The state it is moved to after the `whileOpen` step. */
  status: TournamentPlan['status']
  /** Share of the demo fans who enter it, and whether the demo player does. */
  popularity: number
  forPlayer: boolean
}

export interface DemoGameDataResult {
  /** False when the database already had game data (nothing was written). */
  seeded: boolean
  players: number
  tournaments: DemoTournament[]
}

export interface DemoGameDataOptions {
  now?: Date
  /** In the seeding transaction while every tournament takes bets: the demo fans enter them. */
  whileOpen?: (tx: Transaction, tournaments: readonly DemoTournament[]) => Promise<void>
  /** In the same transaction once every tournament is in its state and played. */
  afterPlay?: (tx: Transaction, tournaments: readonly DemoTournament[]) => Promise<void>
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
  { now = new Date(), whileOpen, afterPlay }: DemoGameDataOptions = {},
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

    const drawn: { id: string; plan: TournamentPlan; teams: DrawnTeam[]; random: Random }[] = []
    for (const [index, plan] of demoPlans(now).entries()) {
      const random = createRandom(index + 1)
      drawn.push({
        plan,
        random,
        ...(await drawTournament(tx, plan, playerIdsByRank, random, now)),
      })
    }
    const created = drawn.map(({ id, plan }) => ({
      id,
      name: plan.name,
      status: plan.status,
      popularity: plan.popularity,
      forPlayer: plan.forPlayer,
    }))
    await whileOpen?.(tx, created)
    for (const tournament of drawn) await playTournament(tx, tournament)
    await afterPlay?.(tx, created)
    return { seeded: true, players: playerRows.length, tournaments: created }
  })
}

interface DrawnTeam {
  id: string
  seed: number
  player1Id: string
}

/**
 * The tournament with its pairs and round-of-16 draw, betting open: until the deadline the plan
 * gives, or for the next hour when that deadline has passed (the play step sets the plan's).
 */
async function drawTournament(
  tx: Transaction,
  plan: TournamentPlan,
  playerIdsByRank: readonly string[],
  random: Random,
  now: Date,
): Promise<{ id: string; teams: DrawnTeam[] }> {
  const isOpen = plan.status === 'upcoming' && plan.bettingDeadline > now
  const openUntil = isOpen ? plan.bettingDeadline : new Date(now.getTime() + HOUR_MS)
  const [tournament] = await tx
    .insert(tournaments)
    .values({
      name: plan.name,
      status: 'upcoming',
      startDate: isOpen ? plan.startDate : openUntil,
      endDate: isOpen ? plan.endDate : new Date(openUntil.getTime() + DAY_MS),
      bettingDeadline: openUntil,
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
  const drawnTeams = teamRows.map((team) => ({ ...team, seed: team.seed! }))
  const teamBySeed = new Map(drawnTeams.map((team) => [team.seed, team]))
  await tx.insert(matches).values(
    ROUND_ORDER.flatMap((round) =>
      Array.from({ length: MATCHES_PER_ROUND[round] }, (_, i) => {
        const [team1Id, team2Id] = participants(round, i + 1, teamBySeed, new Map())
        return { tournamentId, round, matchNumber: i + 1, team1Id, team2Id }
      }),
    ),
  )
  return { id: tournamentId, teams: drawnTeams }
}

/**
 * Moves the tournament to the plan's dates and status and plays it as far as the plan says, round
 * by round: the better seed usually wins, each result with its set scores; a completed one gets
 * a player of the champion as its MVP.
 */
async function playTournament(
  tx: Transaction,
  {
    id,
    plan,
    teams: drawnTeams,
    random,
  }: {
    id: string
    plan: TournamentPlan
    teams: readonly DrawnTeam[]
    random: Random
  },
): Promise<void> {
  const teamBySeed = new Map(drawnTeams.map((team) => [team.seed, team]))
  const seedOfTeam = new Map(drawnTeams.map((team) => [team.id, team.seed]))
  const winners = new Map<string, string | null>()
  for (const round of ROUND_ORDER) {
    for (let n = 1; n <= MATCHES_PER_ROUND[round]; n += 1) {
      const [team1Id, team2Id] = participants(round, n, teamBySeed, winners)
      const played = isPlayed(plan.progress, round, n) && team1Id !== null && team2Id !== null
      let winnerTeamId: string | null = null
      let sets: [number, number][] | null = null
      if (played) {
        const [better, worse] =
          seedOfTeam.get(team1Id)! < seedOfTeam.get(team2Id)!
            ? [team1Id, team2Id]
            : [team2Id, team1Id]
        winnerTeamId = random() < FAVOURITE_WINS ? better : worse
        sets = demoSetScores(winnerTeamId === team1Id ? 'pair1' : 'pair2', random).map(
          ([a, b]): [number, number] => [a, b],
        )
      }
      winners.set(`${round}#${n}`, winnerTeamId)
      if (round === 'round16' && !played) continue
      await tx
        .update(matches)
        .set({ team1Id, team2Id, winnerTeamId, sets })
        .where(
          and(eq(matches.tournamentId, id), eq(matches.round, round), eq(matches.matchNumber, n)),
        )
    }
  }
  const champion = drawnTeams.find((team) => team.id === winners.get('final#1'))
  await tx
    .update(tournaments)
    .set({
      status: plan.status,
      startDate: plan.startDate,
      endDate: plan.endDate,
      bettingDeadline: plan.bettingDeadline,
      mvpPlayerId: plan.progress === 'all' ? (champion?.player1Id ?? null) : null,
    })
    .where(eq(tournaments.id, id))
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
