// Demo fans for a fresh install (DEMO_DATA, decision 099): about forty confirmed accounts without a
// password (nobody signs in as them) who entered the demo tournaments while betting was open, so
// pools, standings, the People's Bracket, results and the leaderboard are alive on first start.
// Their bets go through placeBet and the place_bets SQL function like any fan's, so every coin
// moved has its ledger row. Each fan has a temperament: how strongly they back the favourites.
import { eq, sql } from 'drizzle-orm'
import { predictedMatchups } from '#domain/bracket/bracket'
import { winProbability } from '#domain/scoring/tier-chances'
import type { PickInput } from '#shared/schemas/bet'
import { insertConfirmedAccounts } from '#server/auth/accounts.service'
import { placeBet } from '#server/features/bets/place-bet.service'
import type { Transaction } from '#server/db/client'
import { bets, matches, teams } from '#server/db/schema'
import { createRandom, randomInt, type Random } from './demo-results'

const FAN_NAMES = [
  'lucia_bandeja',
  'marco_vibora',
  'sofia_chiquita',
  'diego_globo',
  'ines_remate',
  'pablo_bajada',
  'carla_por3',
  'tomas_smash',
  'elena_volea',
  'javi_contrapared',
  'marta_dejada',
  'nico_rulo',
  'ana_salida',
  'hugo_cristal',
  'paula_fondo',
  'raul_red',
  'irene_x3',
  'sergio_gancho',
  'laura_lob',
  'alex_parada',
  'noa_reves',
  'bruno_drive',
  'clara_pared',
  'dani_cierre',
  'eva_cancha',
  'fede_punto',
  'gala_set',
  'ivan_tiebreak',
  'julia_oro',
  'leo_pista',
  'mia_resto',
  'oscar_malla',
  'rita_saque',
  'samu_ventana',
  'vera_bote',
  'unai_golpe',
  'zoe_remate',
  'gabi_ataque',
  'teo_defensa',
  'olga_padel',
] as const

export const DEMO_FAN_COUNT = FAN_NAMES.length

/**
 * The fixed seeds of the fans' temperaments and brackets: chosen so that the completed demo
 * tournament pays several tiers (the seed tests hold it to that).
 */
export const DEMO_FAN_SEED = 4_296

/** Each bracket its own generator: one fan's entries never shift another's picks. */
export function bracketSeed(fanIndex: number, tournamentPosition: number): number {
  return DEMO_FAN_SEED * 1_000 + fanIndex * 10 + tournamentPosition
}

export function demoFanEmail(index: number): string {
  return `fan${index + 1}@example.com`
}

export interface DemoFanTournament {
  id: string
  /** Share of the demo fans who enter it (0–1). */
  popularity: number
}

export interface DemoFansResult {
  fans: number
  bets: number
}

/**
 * Creates the demo fans and places their brackets on the given tournaments, which must all take
 * bets now; `alsoFor` (the demo player) enters the tournaments marked `forPlayer`. Runs in the
 * caller's transaction: the fans and their bets commit together with the rest of the demo.
 */
export async function seedDemoFans(
  tx: Transaction,
  {
    tournaments,
    alsoFor = null,
  }: {
    tournaments: readonly (DemoFanTournament & { forPlayer?: boolean })[]
    alsoFor?: string | null
  },
): Promise<DemoFansResult> {
  const brackets = await Promise.all(tournaments.map((t) => loadBracket(tx, t.id)))
  const entries: { userId: string; bracket: DemoBracket; random: Random; chalk: number }[] = []
  const fanIds = await insertConfirmedAccounts(
    tx,
    FAN_NAMES.map((username, index) => ({
      role: 'user',
      username,
      email: demoFanEmail(index),
      password: null,
    })),
  )
  for (const [index, userId] of fanIds.entries()) {
    const fan = createRandom(DEMO_FAN_SEED + index)
    // From about a coin flip on every match (0.4) to backing the favourite nearly always (2.2).
    const chalk = 0.4 + 1.8 * fan()
    for (const [position, tournament] of tournaments.entries()) {
      if (fan() < tournament.popularity) {
        const random = createRandom(bracketSeed(index, position))
        entries.push({ userId, bracket: brackets[position]!, random, chalk })
      }
    }
  }
  if (alsoFor !== null) {
    const random = createRandom(4_100)
    for (const [position, tournament] of tournaments.entries()) {
      if (tournament.forPlayer) {
        entries.push({ userId: alsoFor, bracket: brackets[position]!, random, chalk: 1.4 })
      }
    }
  }

  // The first bet of each tournament loads the bracket the rest are checked against; the others
  // then go together, in one place_bets call per batch (decision 080).
  const tiebreakers: { betId: string; games: number }[] = []
  const place = async ({ userId, bracket, random, chalk }: (typeof entries)[number]) => {
    const { bet } = await placeBet(tx, {
      userId,
      tournamentId: bracket.tournamentId,
      ...pickBracket(bracket, random, chalk),
    })
    // One bracket in ten was placed before the tiebreaker was asked (decision 099).
    if (random() >= 0.1) tiebreakers.push({ betId: bet.id, games: guessFinalGames(random) })
  }
  for (const bracket of brackets) {
    const mine = entries.filter((entry) => entry.bracket === bracket)
    if (mine.length === 0) continue
    await place(mine[0]!)
    await Promise.all(mine.slice(1).map(place))
  }
  await recordTiebreakers(tx, tiebreakers)
  return { fans: FAN_NAMES.length, bets: entries.length }
}

export interface DemoBracket {
  tournamentId: string
  matches: {
    id: string
    round: (typeof matches.$inferSelect)['round']
    matchNumber: number
    team1Id: string | null
    team2Id: string | null
  }[]
  teams: { id: string; ranking: number; player1Id: string; player2Id: string }[]
}

async function loadBracket(tx: Transaction, tournamentId: string): Promise<DemoBracket> {
  const matchRows = await tx
    .select({
      id: matches.id,
      round: matches.round,
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
  const teamRows = await tx
    .select({
      id: teams.id,
      ranking: teams.ranking,
      player1Id: teams.player1Id,
      player2Id: teams.player2Id,
    })
    .from(teams)
    .where(eq(teams.tournamentId, tournamentId))
  return { tournamentId, matches: matchRows, teams: teamRows }
}

/**
 * A complete bracket. Each match goes to a pair with the insight's own odds (the other pair's
 * ranking over the sum) sharpened by the fan's `chalk`: the higher, the more the favourite. The
 * MVP is a player of the predicted champion.
 */
export function pickBracket(
  bracket: DemoBracket,
  random: Random,
  chalk: number,
): { picks: PickInput[]; mvpPlayerId: string } {
  const rankingOf = new Map(bracket.teams.map((team) => [team.id, team.ranking]))
  const chosen: Record<string, string> = {}
  const matchCount = predictedMatchups(bracket.matches, chosen).length
  for (let i = 0; i < matchCount; i += 1) {
    const match = predictedMatchups(bracket.matches, chosen)[i]!
    if (!match.team1Id || !match.team2Id) continue
    const odds = winProbability(rankingOf.get(match.team1Id)!, rankingOf.get(match.team2Id)!)
    const sharpened = odds ** chalk / (odds ** chalk + (1 - odds) ** chalk)
    chosen[match.matchId] = random() < sharpened ? match.team1Id : match.team2Id
  }
  const final = bracket.matches.find((match) => match.round === 'final')!
  const champion = bracket.teams.find((team) => team.id === chosen[final.id])!
  return {
    picks: bracket.matches.map((match) => ({ matchId: match.id, winnerTeamId: chosen[match.id]! })),
    mvpPlayerId: random() < 0.5 ? champion.player1Id : champion.player2Id,
  }
}

/** Most finals end 6–4 6–3 or so; some guess a long three-setter. Always within 12–39. */
function guessFinalGames(random: Random): number {
  return random() < 0.7 ? randomInt(random, 16, 24) : randomInt(random, 25, 33)
}

/**
 * The tiebreaker is no money: it is written beside the bet in one statement. (The bet path takes
 * it from the wizard; the demo keeps to the path every fan's coins take.)
 */
async function recordTiebreakers(
  tx: Transaction,
  tiebreakers: readonly { betId: string; games: number }[],
): Promise<void> {
  if (tiebreakers.length === 0) return
  await tx.execute(sql`
    update ${bets} set final_total_games = given.games
      from (select unnest(${`{${tiebreakers.map((t) => t.betId).join(',')}}`}::uuid[]) as id,
                   unnest(${`{${tiebreakers.map((t) => t.games).join(',')}}`}::smallint[]) as games)
           as given
     where ${bets.id} = given.id`)
}
