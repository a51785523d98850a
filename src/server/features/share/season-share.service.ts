// A fan's season card as anyone with its link sees it (docs/product.md "Seasons", decision 164): the
// same answer for every viewer, signed in or not, holding only what the card shows. The share id
// names the season and the fan (seasons/season-share-ids.ts); an id that is not ours, an unknown
// season and a season the fan did not play are all 404 alike.
import type { SharedSeason } from '#shared/schemas/season'
import type { Database } from '#server/db/client'
import { AppError } from '#server/errors'
import { getMySeason, type SeasonShareIds } from '#server/features/seasons/index'

function sharedSeasonNotFound() {
  return new AppError('NOT_FOUND', 'Shared season not found.')
}

export async function readSharedSeason(
  db: Database,
  seasonShareIds: SeasonShareIds,
  shareId: string,
): Promise<SharedSeason> {
  const named = seasonShareIds.read(shareId)
  if (!named) throw sharedSeasonNotFound()
  const mine = await getMySeason(db, named.seasonId, {
    userId: named.userId,
    shareIdOf: seasonShareIds.shareIdOf,
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw sharedSeasonNotFound()
    throw error
  })
  if (!mine.me) throw sharedSeasonNotFound()
  const best = mine.tournaments.find((row) => row.tournamentId === mine.bestTournamentId)
  return {
    shareId,
    username: mine.me.username,
    season: {
      id: mine.season.id,
      name: mine.season.name,
      endsOn: mine.season.endsOn,
      isRecap: mine.isRecap,
    },
    rank: mine.me.rank,
    fans: mine.fans,
    points: mine.me.points,
    played: mine.tournaments.filter((row) => row.played).length,
    counted: mine.tournaments.length,
    correct: mine.correct,
    bestTournament: best?.name ?? null,
    coinsWon: mine.me.coinsWon,
    line: mine.tournaments.flatMap((row) =>
      row.rankAfter === null ? [] : [{ name: row.name, rank: row.rankAfter }],
    ),
  }
}
