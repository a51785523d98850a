// Writes a draw plan inside the import's transaction: new players, the file's updates to reused
// ones, new pairs and seeds, and the round of 16 (with the later rounds' empty slots).
import { and, eq, inArray } from 'drizzle-orm'
import { playerIdentity } from '#domain/draw/draw-rows'
import type { DrawPlan, PlannedPlayer } from '#domain/draw/draw-plan'
import type { Transaction } from '#server/db/client'
import { matches, players, teams } from '#server/db/schema'

/** What the audit row records: the ids the import made or changed. */
export interface WrittenDraw {
  playerIds: string[]
  pairIds: string[]
  matchIds: string[]
}

export async function writeDrawPlan(
  tx: Transaction,
  tournamentId: string,
  plan: DrawPlan,
): Promise<WrittenDraw> {
  const playerIdOf = await writePlayers(tx, plan)
  const pairIds = await writePairs(tx, tournamentId, plan, playerIdOf)
  const matchIds = await writeMatches(tx, tournamentId, plan, pairIds)
  return { playerIds: [...new Set(playerIdOf.values())], pairIds, matchIds }
}

/** Every planned player's id, by its identity in the file. */
async function writePlayers(tx: Transaction, plan: DrawPlan): Promise<Map<string, string>> {
  const planned = plan.pairs.flatMap((pair) => pair.players)
  const idOf = new Map<string, string>()
  const toCreate = new Map<string, PlannedPlayer>()
  for (const player of planned) {
    const key = playerIdentity(player.entry)
    if (player.playerId !== null) idOf.set(key, player.playerId)
    else toCreate.set(key, player)
  }
  if (toCreate.size > 0) {
    const created = await tx
      .insert(players)
      .values(
        [...toCreate.values()].map(({ entry }) => ({
          name: entry.name,
          country: entry.country,
          ranking: entry.ranking ?? 0,
          externalId: entry.externalId,
        })),
      )
      .returning({
        id: players.id,
        name: players.name,
        country: players.country,
        externalId: players.externalId,
      })
    // Matched back by identity rather than by position in the answer.
    for (const row of created) idOf.set(playerIdentity({ ...row, ranking: null }), row.id)
  }
  for (const player of planned) {
    if (player.playerId === null || player.changes.length === 0) continue
    const { entry, changes } = player
    await tx
      .update(players)
      .set({
        ...(changes.includes('name') && { name: entry.name }),
        ...(changes.includes('country') && { country: entry.country }),
        ...(changes.includes('ranking') && { ranking: entry.ranking ?? 0 }),
        ...(changes.includes('externalId') && { externalId: entry.externalId }),
      })
      .where(eq(players.id, player.playerId))
  }
  return idOf
}

/**
 * The pair id of every row, in row order. A pair's ranking follows the seed the draw gives it
 * (0: unseeded), as the bracket generator ranks pairs. Seeds are unique per tournament: the
 * reseeded pairs' seeds are cleared first so no two rows collide on the way.
 */
async function writePairs(
  tx: Transaction,
  tournamentId: string,
  plan: DrawPlan,
  playerIdOf: ReadonlyMap<string, string>,
): Promise<string[]> {
  const reseeded = plan.pairs.filter((pair) => pair.pairId !== null && pair.isReseeded)
  if (reseeded.length > 0) {
    await tx
      .update(teams)
      .set({ seed: null })
      .where(
        inArray(
          teams.id,
          reseeded.map((pair) => pair.pairId!),
        ),
      )
  }
  const pairIds: string[] = []
  for (const pair of plan.pairs) {
    if (pair.pairId !== null) {
      if (pair.isReseeded) {
        await tx
          .update(teams)
          .set({ seed: pair.seed, ranking: pair.seed ?? 0 })
          .where(eq(teams.id, pair.pairId))
      }
      pairIds.push(pair.pairId)
      continue
    }
    const [created] = await tx
      .insert(teams)
      .values({
        tournamentId,
        player1Id: playerIdOf.get(playerIdentity(pair.players[0].entry))!,
        player2Id: playerIdOf.get(playerIdentity(pair.players[1].entry))!,
        seed: pair.seed,
        ranking: pair.seed ?? 0,
      })
      .returning({ id: teams.id })
    pairIds.push(created!.id)
  }
  return pairIds
}

async function writeMatches(
  tx: Transaction,
  tournamentId: string,
  plan: DrawPlan,
  pairIds: readonly string[],
): Promise<string[]> {
  const ids: string[] = []
  for (const match of plan.round16) {
    const team1Id = pairIds[match.rows[0] - 1]!
    const team2Id = pairIds[match.rows[1] - 1]!
    if (match.matchId === null) {
      const [created] = await tx
        .insert(matches)
        .values({
          tournamentId,
          round: 'round16',
          matchNumber: match.matchNumber,
          team1Id,
          team2Id,
        })
        .returning({ id: matches.id })
      ids.push(created!.id)
    } else if (match.isChanged) {
      await tx
        .update(matches)
        .set({ team1Id, team2Id })
        .where(and(eq(matches.id, match.matchId), eq(matches.tournamentId, tournamentId)))
      ids.push(match.matchId)
    }
  }
  if (plan.laterSlots.length > 0) {
    const created = await tx
      .insert(matches)
      .values(plan.laterSlots.map((slot) => ({ tournamentId, ...slot })))
      .returning({ id: matches.id })
    ids.push(...created.map((row) => row.id))
  }
  return ids
}
