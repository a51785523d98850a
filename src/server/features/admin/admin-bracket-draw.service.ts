// The bracket draw: a tournament's 15 matches made from its 16 pairs (docs/decisions/053).
import { asc, count, eq, sql } from 'drizzle-orm'
import { BRACKET_MATCH_COUNT, MATCHES_PER_ROUND, ROUND_ORDER } from '#domain/bracket/bracket'
import { ROUND16_DRAW } from '#domain/bracket/bracket-structure'
import type { GenerateBracketResult } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { matches, teams, tournaments } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { assertUuid } from '#server/game/ids'
import { writeAudit } from '#server/game/audit'
import { toAdminMatches } from './admin-match-reads.service'

/**
 * The 15 matches from exactly 16 pairs: seeds 1..16 by pair ranking (then creation), the round
 * of 16 drawn 1 v 16, 8 v 9, … (the domain's ROUND16_DRAW), later rounds empty.
 * 409 when the tournament already has matches or has not exactly 16 pairs.
 */
export async function generateBracket(
  db: Database,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
): Promise<GenerateBracketResult> {
  assertUuid(tournamentId, 'Tournament not found.')
  return db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ id: tournaments.id, name: tournaments.name })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .for('update')
    if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
    const [existing] = await tx
      .select({ n: count() })
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
    if ((existing?.n ?? 0) > 0) throw appErrorBecause('CONFLICT', 'TOURNAMENT_HAS_MATCHES')
    const pairs = await tx
      .select({ id: teams.id, ranking: teams.ranking })
      .from(teams)
      .where(eq(teams.tournamentId, tournamentId))
      .orderBy(sql`${teams.ranking} = 0`, asc(teams.ranking), asc(teams.createdAt), asc(teams.id))
    if (pairs.length !== 16) {
      throw appErrorBecause('CONFLICT', 'BRACKET_NEEDS_16_PAIRS', { pairs: pairs.length })
    }
    // Seeds are unique per tournament: clear them first so renumbering never collides.
    await tx.update(teams).set({ seed: null }).where(eq(teams.tournamentId, tournamentId))
    for (const [index, pair] of pairs.entries()) {
      await tx
        .update(teams)
        .set({ seed: index + 1 })
        .where(eq(teams.id, pair.id))
    }
    const bySeed = (seed: number) => pairs[seed - 1]!.id
    const rows = await tx
      .insert(matches)
      .values(
        ROUND_ORDER.flatMap((round) =>
          Array.from({ length: MATCHES_PER_ROUND[round] }, (_, i) => {
            const draw = round === 'round16' ? ROUND16_DRAW[i]! : null
            return {
              tournamentId,
              round,
              matchNumber: i + 1,
              team1Id: draw ? bySeed(draw[0]) : null,
              team2Id: draw ? bySeed(draw[1]) : null,
            }
          }),
        ),
      )
      .returning()
    if (rows.length !== BRACKET_MATCH_COUNT) throw new Error('bracket: wrong match count')
    rows.sort(
      (a, b) =>
        ROUND_ORDER.indexOf(a.round) - ROUND_ORDER.indexOf(b.round) ||
        a.matchNumber - b.matchNumber,
    )
    const result = await toAdminMatches(
      tx,
      rows.map((match) => ({ match, tournamentName: tournament.name })),
    )
    await writeAudit(tx, {
      actorId,
      action: 'generate_bracket',
      entity: 'tournament',
      entityId: tournamentId,
      after: { matchIds: rows.map((row) => row.id), seeds: pairs.map((pair) => pair.id) },
    })
    return { matches: result }
  })
}
