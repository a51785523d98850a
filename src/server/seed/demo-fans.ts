// Demo fans for a fresh install (DEMO_DATA): confirmed accounts that have already entered the
// open tournaments, so prize pools, dashboards and the leaderboard are alive on first start.
// Their bets go through placeBet and the place_bet SQL function like any user's, so every coin
// moved has its ledger row. Their passwords are random and never shown: nobody signs in as a fan.
import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { predictedMatchups } from '../../domain/bracket/bracket'
import { isBettingOpen } from '../../domain/tournament/tournament'
import type { PickInput } from '../../shared/schemas/bet'
import { insertConfirmedAccount } from '../auth/accounts.service'
import { placeBet } from '../features/bets/bets.service'
import type { Database } from '../db/client'
import { matches, teams, tournaments } from '../db/schema'
import { createRandom } from './demo-game-data'

export const DEMO_FAN_COUNT = 8

const FAN_NAMES = [
  'lucia_bandeja',
  'marco_vibora',
  'sofia_chiquita',
  'diego_globo',
  'ines_remate',
  'pablo_bajada',
  'carla_por3',
  'tomas_smash',
] as const

export function demoFanEmail(index: number): string {
  return `fan${index + 1}@example.com`
}

export interface DemoFansResult {
  fans: number
  bets: number
}

/**
 * Creates the demo fans and places their bets on the given tournaments where betting is open.
 * Fan n enters about two tournaments in three, with its own bracket: the favourite usually wins,
 * not always. Call it once, on the database the demo data was just loaded into.
 */
export async function seedDemoFans(
  db: Database,
  { tournamentIds, now = new Date() }: { tournamentIds: readonly string[]; now?: Date },
): Promise<DemoFansResult> {
  const open =
    tournamentIds.length === 0
      ? []
      : (
          await db
            .select()
            .from(tournaments)
            .where(inArray(tournaments.id, [...tournamentIds]))
        )
          .filter((t) => isBettingOpen(t.status, t.bettingDeadline, now))
          .sort((a, b) => a.bettingDeadline.getTime() - b.bettingDeadline.getTime())
  const brackets = await Promise.all(open.map((t) => loadBracket(db, t.id)))

  return db.transaction(async (tx) => {
    let bets = 0
    for (const [index, username] of FAN_NAMES.entries()) {
      const userId = await insertConfirmedAccount(tx, {
        role: 'user',
        username,
        email: demoFanEmail(index),
        password: randomBytes(18).toString('base64url'),
      })
      const random = createRandom(4_200 + index)
      for (const [position, bracket] of brackets.entries()) {
        // Everyone but the last fan enters the first tournament; every other fan the next ones.
        const enters = position === 0 ? index < FAN_NAMES.length - 1 : index % 2 === 0
        if (!enters) continue
        // A Transaction is a Database for placeBet: the fans and their bets commit together.
        await placeBet(tx, {
          userId,
          tournamentId: bracket.tournamentId,
          now,
          ...pickBracket(bracket, random),
        })
        bets += 1
      }
    }
    return { fans: FAN_NAMES.length, bets }
  })
}

interface DemoBracket {
  tournamentId: string
  matches: {
    id: string
    round: (typeof matches.$inferSelect)['round']
    matchNumber: number
    team1Id: string | null
    team2Id: string | null
  }[]
  teams: { id: string; seed: number | null; player1Id: string; player2Id: string }[]
}

async function loadBracket(db: Database, tournamentId: string): Promise<DemoBracket> {
  const matchRows = await db
    .select({
      id: matches.id,
      round: matches.round,
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
  const teamRows = await db
    .select({
      id: teams.id,
      seed: teams.seed,
      player1Id: teams.player1Id,
      player2Id: teams.player2Id,
    })
    .from(teams)
    .where(eq(teams.tournamentId, tournamentId))
  return { tournamentId, matches: matchRows, teams: teamRows }
}

/** A complete bracket: each match goes to the better seed two times in three. */
function pickBracket(
  bracket: DemoBracket,
  random: () => number,
): { picks: PickInput[]; mvpPlayerId: string } {
  const seedOf = new Map(bracket.teams.map((team) => [team.id, team.seed ?? 99]))
  const chosen: Record<string, string> = {}
  const matchCount = predictedMatchups(bracket.matches, chosen).length
  for (let i = 0; i < matchCount; i += 1) {
    const match = predictedMatchups(bracket.matches, chosen)[i]!
    if (!match.team1Id || !match.team2Id) continue
    const [better, worse] =
      seedOf.get(match.team1Id)! <= seedOf.get(match.team2Id)!
        ? [match.team1Id, match.team2Id]
        : [match.team2Id, match.team1Id]
    chosen[match.matchId] = random() < 0.67 ? better : worse
  }
  const final = bracket.matches.find((match) => match.round === 'final')!
  const champion = bracket.teams.find((team) => team.id === chosen[final.id])!
  return {
    picks: bracket.matches.map((match) => ({ matchId: match.id, winnerTeamId: chosen[match.id]! })),
    mvpPlayerId: random() < 0.5 ? champion.player1Id : champion.player2Id,
  }
}
