// A whole tournament made through the admin API, for journeys that need a settled or cancelled
// one: 32 players, 16 pairs, the drawn bracket, then results where pair 1 of every match wins.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test'
import { randomUUID } from 'node:crypto'

type Round = 'round16' | 'quarterfinal' | 'semifinal' | 'final'
const ROUNDS: readonly Round[] = ['round16', 'quarterfinal', 'semifinal', 'final']
const MATCHES_IN: Record<Round, number> = { round16: 8, quarterfinal: 4, semifinal: 2, final: 1 }

interface AdminMatch {
  id: string
  round: Round
  matchNumber: number
  team1Id: string | null
  team2Id: string | null
}

export interface BuiltTournament {
  id: string
  name: string
  /** The bracket where pair 1 of every match wins, as a bet's picks. */
  picks: { matchId: string; winnerTeamId: string }[]
  champion: { teamId: string; player1: Player; player2: Player }
}

interface Player {
  id: string
  name: string
}

async function json<T>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()) as T
}

async function matchesOf(admin: APIRequestContext, tournamentId: string) {
  const { matches } = await json<{ matches: AdminMatch[] }>(
    await admin.get(`/api/admin/matches?${new URLSearchParams({ tournamentId })}`),
    200,
  )
  const find = (round: Round, n: number) => {
    const found = matches.find((m) => m.round === round && m.matchNumber === n)
    if (!found) throw new Error(`no ${round} match ${n}`)
    return found
  }
  return find
}

/** An upcoming tournament, open for bets, with its 15-match bracket drawn. */
export async function buildBracketTournament(
  admin: APIRequestContext,
  {
    prefix,
    entryFee,
    basePool,
    multiplier,
    bracketsChangeable = false,
  }: {
    prefix: string
    entryFee: number
    basePool: number
    multiplier: number
    /** Fans may change their bracket until the deadline (docs/product.md "Changing a bracket and quick fill"). */
    bracketsChangeable?: boolean
  },
): Promise<BuiltTournament> {
  const run = randomUUID().slice(0, 8)
  const name = `${prefix} ${run}`
  const { id } = await json<{ id: string }>(
    await admin.post('/api/admin/tournaments', {
      data: {
        name,
        status: 'upcoming',
        bettingDeadline: '2034-05-01T10:00:00.000Z',
        startDate: '2034-05-02T10:00:00.000Z',
        endDate: '2034-05-09T10:00:00.000Z',
        basePool,
        entryFee,
        multiplier,
        bracketsChangeable,
      },
    }),
    201,
  )
  const players: Player[] = []
  for (let i = 1; i <= 32; i += 1) {
    const player = await json<Player>(
      await admin.post('/api/admin/players', {
        data: { name: `Builder ${i} ${run}`, country: 'Spain', ranking: 200 + i },
      }),
      201,
    )
    players.push(player)
  }
  const pairs = new Map<string, { player1: Player; player2: Player }>()
  for (let i = 0; i < 16; i += 1) {
    const [player1, player2] = [players[2 * i]!, players[2 * i + 1]!]
    const team = await json<{ id: string }>(
      await admin.post('/api/admin/teams', {
        data: { tournamentId: id, player1Id: player1.id, player2Id: player2.id },
      }),
      201,
    )
    pairs.set(team.id, { player1, player2 })
  }
  await json(await admin.post(`/api/admin/tournaments/${id}/bracket`), 201)

  const find = await matchesOf(admin, id)
  const winnerOf = new Map<string, string>()
  const picks: BuiltTournament['picks'] = []
  for (const round of ROUNDS) {
    for (let n = 1; n <= MATCHES_IN[round]; n += 1) {
      const winner =
        round === 'round16'
          ? find(round, n).team1Id!
          : winnerOf.get(`${ROUNDS[ROUNDS.indexOf(round) - 1]}:${2 * n - 1}`)!
      winnerOf.set(`${round}:${n}`, winner)
      picks.push({ matchId: find(round, n).id, winnerTeamId: winner })
    }
  }
  const teamId = winnerOf.get('final:1')!
  return { id, name, picks, champion: { teamId, ...pairs.get(teamId)! } }
}

/** Saves the tournament as it is with another status (active closes betting, results may come). */
export async function setStatus(
  admin: APIRequestContext,
  built: BuiltTournament,
  status: 'active' | 'completed',
): Promise<void> {
  const current = await json<Record<string, unknown>>(
    await admin.get(`/api/admin/tournaments/${built.id}`),
    200,
  )
  await json(
    await admin.put(`/api/admin/tournaments/${built.id}`, {
      data: {
        name: built.name,
        status,
        bettingDeadline: current.bettingDeadline,
        startDate: current.startDate,
        endDate: current.endDate,
        basePool: current.basePool,
        entryFee: current.entryFee,
        multiplier: current.multiplier,
      },
    }),
    200,
  )
}

/** Enters every result (pair 1 wins each match), completes the tournament and names the MVP. */
export async function playOutAndComplete(
  admin: APIRequestContext,
  built: BuiltTournament,
  mvp: Player,
): Promise<void> {
  const winners = new Map(built.picks.map((pick) => [pick.matchId, pick.winnerTeamId]))
  // Results are public the moment they are saved, so betting closes first (decision 068).
  await setStatus(admin, built, 'active')
  for (const round of ROUNDS) {
    // Each round's pairs are filled in by the previous round's results.
    const find = await matchesOf(admin, built.id)
    for (let n = 1; n <= MATCHES_IN[round]; n += 1) {
      const match = find(round, n)
      await json(
        await admin.put(`/api/admin/matches/${match.id}`, {
          data: {
            tournamentId: built.id,
            round,
            matchNumber: n,
            team1Id: match.team1Id,
            team2Id: match.team2Id,
            winnerTeamId: winners.get(match.id),
          },
        }),
        200,
      )
    }
  }
  await setStatus(admin, built, 'completed')
  await json(
    await admin.post(`/api/admin/tournaments/${built.id}/mvp`, { data: { playerId: mvp.id } }),
    200,
  )
}

/** Settles and pays (a handful of bets finish within the route's own wait). */
export async function settle(admin: APIRequestContext, tournamentId: string): Promise<void> {
  const result = await json<{ state: string }>(
    await admin.post(`/api/admin/tournaments/${tournamentId}/settle`),
    200,
  )
  expect(result.state).toBe('completed')
}

export async function cancel(admin: APIRequestContext, tournamentId: string): Promise<void> {
  await json(await admin.post(`/api/admin/tournaments/${tournamentId}/cancel`), 200)
}

/** Places a bet with the given MVP through the fan's signed-in request context. */
export async function placeBet(
  fan: APIRequestContext,
  built: BuiltTournament,
  mvpPlayerId: string,
): Promise<void> {
  await json(
    await fan.post(`/api/tournaments/${built.id}/bets`, {
      data: { picks: built.picks, mvpPlayerId },
    }),
    201,
  )
}
