// What a draw is planned against: the players a file may name, the tournament's pairs and
// matches, and whether its draw may still change (docs/decisions/140).
import { eq, sql } from 'drizzle-orm'
import type { DrawCatalogue, CataloguePlayer } from '#domain/draw/draw-catalogue'
import { playerNameKey } from '#domain/draw/draw-rows'
import type { DrawPreview } from '#shared/schemas/admin'
import {
  bets,
  matches,
  players,
  teams,
  tournamentSettlements,
  tournaments,
} from '#server/db/schema'
import { AppError } from '#server/errors'
import { assertUuid } from '#server/game/ids'
import { type Executor } from '#server/db/client'

export type DrawBlock = NonNullable<DrawPreview['blockedBy']>

/**
 * The tournament (locked FOR UPDATE when `lock`: tournament first, as every writer of it) and why
 * its draw cannot change, if it cannot. 404 for an unknown id.
 */
export async function readDrawState(
  tx: Executor,
  tournamentId: string,
  { lock }: { lock: boolean },
): Promise<{ name: string; blockedBy: DrawBlock | null }> {
  assertUuid(tournamentId, 'Tournament not found.')
  const query = tx
    .select({ name: tournaments.name, status: tournaments.status })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
  const [tournament] = lock ? await query.for('update') : await query
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const [state] = await tx
    .select({
      isSettled: sql<boolean>`exists (select 1 from ${tournamentSettlements} where ${tournamentSettlements.tournamentId} = ${tournamentId})`,
      hasBets: sql<boolean>`exists (select 1 from ${bets} where ${bets.tournamentId} = ${tournamentId})`,
      hasResults: sql<boolean>`exists (select 1 from ${matches} where ${matches.tournamentId} = ${tournamentId} and ${matches.winnerTeamId} is not null)`,
    })
    .from(sql`(select 1) as one`)
  const blockedBy: DrawBlock | null = state!.isSettled
    ? 'TOURNAMENT_SETTLED'
    : tournament.status === 'cancelled'
      ? 'TOURNAMENT_CANCELLED'
      : state!.hasBets
        ? 'DRAW_HAS_BETS'
        : state!.hasResults
          ? 'RESULTS_EXIST'
          : null
  return { name: tournament.name, blockedBy }
}

/**
 * The catalogue side of the plan. Every player is read (a tour's catalogue is thousands at most):
 * names are matched as the domain normalises them, which the database's collation cannot do.
 */
export async function loadDrawCatalogue(
  tx: Executor,
  tournamentId: string,
): Promise<DrawCatalogue> {
  const stored: CataloguePlayer[] = await tx
    .select({
      id: players.id,
      name: players.name,
      country: players.country,
      ranking: players.ranking,
      externalId: players.externalId,
    })
    .from(players)
  const playersByNameKey = new Map<string, CataloguePlayer[]>()
  for (const player of stored) {
    const key = playerNameKey(player)
    playersByNameKey.set(key, [...(playersByNameKey.get(key) ?? []), player])
  }
  const playersByExternalId = new Map(
    stored.flatMap((player) => (player.externalId === null ? [] : [[player.externalId, player]])),
  )
  const pairs = await tx
    .select({
      id: teams.id,
      player1Id: teams.player1Id,
      player2Id: teams.player2Id,
      seed: teams.seed,
    })
    .from(teams)
    .where(eq(teams.tournamentId, tournamentId))
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
  return { playersByExternalId, playersByNameKey, pairs, matches: matchRows }
}
